/**
 * `eval:pages --gold <dir>`: builds one fresh in-memory graph per gold page through the
 * path the extension uses (jsdom `capturePage` → `createIngest`, i.e. the background's
 * recognizer, `analyzeCapture` and `ingestCapture` with the resolver) and scores what the
 * graph holds against the page's gold. Prints per page, overall and per type; with
 * `--misses` the missed and mistyped names; last line JSON.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Entity } from '../src/core/graph/types';
import { allEntities, captureSaved, freshIngest, pageFile } from './relations-gold';
import {
  parsePageGold,
  scorePage,
  scoreStored,
  totalPrecision,
  totalScore,
  type PageScore,
  type StoredScore,
} from '../tooling/eval/page-score';

/** The graph one page leaves, built as the background builds it. */
export async function graphOfPage(html: string, url: string, maxEntities?: number): Promise<Entity[]> {
  const { store, ingest } = freshIngest(maxEntities === undefined ? {} : { maxEntities });
  await ingest(captureSaved(html, url));
  return allEntities(store);
}

export async function runGold(goldDir: string, pagesDir: string, misses: boolean, maxEntities?: number): Promise<void> {
  if (!existsSync(goldDir)) {
    console.error(`eval:pages --gold: ${goldDir} not found`);
    process.exit(2);
  }
  if (!existsSync(pagesDir)) {
    console.log(`eval:pages --gold: pages folder ${pagesDir} not found (the corpus lives in ../shared/corpus); nothing to measure.`);
    console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
    return;
  }
  const scores: PageScore[] = [];
  const stored: StoredScore[] = [];
  const t0 = performance.now();
  for (const file of readdirSync(goldDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const gold = parsePageGold(JSON.parse(readFileSync(join(goldDir, file), 'utf8')), file);
    const html = pageFile(pagesDir, gold.page);
    if (html === undefined) {
      console.log(`${gold.page}: page not found under ${pagesDir}, skipped`);
      continue;
    }
    const url = `https://${gold.page.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const entities = await graphOfPage(readFileSync(html, 'utf8'), url, maxEntities);
    const s = scorePage(gold, entities);
    scores.push(s);
    const p = scoreStored(gold, entities);
    if (p !== undefined) stored.push(p);
    const r = (a: number) => (s.must === 0 ? '-' : (a / s.must).toFixed(2));
    const precision =
      p === undefined || p.judged === 0
        ? ''
        : ` | precision ${(p.right / p.judged).toFixed(2)} loose ${(p.rightLoose / p.judged).toFixed(2)}, not-entity ${p.notEntity}, furniture ${p.furniture}, unjudged ${p.unjudged.length}`;
    console.log(
      `${gold.page.padEnd(52)} must ${r(s.found)} typed ${r(s.typedStrict)} loose ${r(s.typedLoose)} junk ${s.junkHit}/${s.junkListed} entities ${s.entities}${precision}`,
    );
    if (misses) {
      if (s.missed.length > 0) console.log(`  missed: ${s.missed.join('; ')}`);
      if (s.mistyped.length > 0) console.log(`  mistyped: ${s.mistyped.join('; ')}`);
      if (s.junkFound.length > 0) console.log(`  junk: ${s.junkFound.join('; ')}`);
      if (p !== undefined && p.errors.length > 0) console.log(`  stored wrong: ${p.errors.join('; ')}`);
      if (p !== undefined && p.unjudged.length > 0) console.log(`  unjudged (add them to the gold): ${p.unjudged.join('; ')}`);
    }
  }
  const t = totalScore(scores);
  console.log(
    `overall: ${t.pages} pages, must-have recall ${t.mustRecall}, typed ${t.typedStrict} (technology≈product ${t.typedLoose}), junk ${t.junkRate}, ${t.entitiesPerPage} entities/page`,
  );
  for (const [type, v] of Object.entries(t.byType))
    console.log(`  ${type.padEnd(10)} ${String(v.must).padStart(4)} must, recall ${v.recall}, typed ${v.typed}`);
  const p = totalPrecision(stored);
  if (p.pages > 0) {
    console.log(
      `precision (${p.pages} pages with the lists, ${p.judged} of ${p.stored} stored judged): typed ${p.typedPrecision} (technology≈product ${p.typedPrecisionLoose}), wrong type ${p.wrongTypeShare}, not-entity ${p.notEntityShare}, furniture ${p.furnitureShare}`,
    );
    for (const [type, v] of Object.entries(p.byStoredType))
      console.log(`  stored ${type.padEnd(10)} ${String(v.judged).padStart(4)} judged, precision ${v.precision}`);
  } else console.log('precision: no page of this gold carries the precision lists (entities, not_entities, furniture)');
  console.log(JSON.stringify({ ...t, precision: p, seconds: Math.round((performance.now() - t0) / 100) / 10 }));
}
