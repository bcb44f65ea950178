/**
 * Runs capture + analysis over a folder of saved pages and prints, per page and in
 * total, entities by type, relations and milliseconds; last line a JSON summary.
 *
 *   npm run eval:pages -- ../shared/corpus/pages/readability
 *   npm run eval:pages -- ../shared/corpus/pages/metascraper
 *   npm run eval:pages -- ../shared/corpus/pages/metascraper --relations   (also lists each relation and its snippet)
 *   npm run eval:pages -- <dir> --max-entities 200   (another per-page cap than the default)
 *
 * Layout: `<dir>/<name>/source.html` (readability) or `<dir>/<name>/input.html` (metascraper).
 *
 * Page gold: each gold page built into its own fresh graph through the
 * extension's path (jsdom capture → `createIngest`: trained recognizer, analysis,
 * resolver, ingestion), then scored against the gold (`tooling/eval/page-score.ts`):
 *
 *   npm run eval:pages -- --gold bench/gold-pages [--misses] [--pages ../shared/corpus/pages] [--max-entities N]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { ENTITY_TYPES } from '../src/core/graph/types';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import { capturePage } from '../src/extract/page/capture-page';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';
import { runGold } from './eval-pages-gold';

const args = process.argv.slice(2);
const goldAt = args.indexOf('--gold');
if (goldAt >= 0) {
  const pagesAt = args.indexOf('--pages');
  const maxAt = args.indexOf('--max-entities');
  await runGold(
    args[goldAt + 1] ?? '',
    pagesAt >= 0 ? (args[pagesAt + 1] ?? '') : '../shared/corpus/pages',
    args.includes('--misses'),
    maxAt >= 0 ? Number(args[maxAt + 1]) : undefined,
  );
  process.exit(0);
}
const showRelations = args.includes('--relations');
const capAt = args.indexOf('--max-entities');
const maxEntities = capAt >= 0 ? Number(args[capAt + 1]) : undefined;
if (maxEntities !== undefined && !(maxEntities >= 0)) {
  console.error('--max-entities takes a number');
  process.exit(2);
}
const dir = args.find((a, i) => !a.startsWith('--') && (capAt < 0 || i !== capAt + 1));
if (dir === undefined || !existsSync(dir)) {
  console.error('usage: npm run eval:pages -- <dir with <name>/source.html or <name>/input.html>');
  process.exit(2);
}
const recognizer = createRuleRecognizer();
const virtualConsole = new VirtualConsole();
const byType: Record<string, number> = Object.fromEntries(ENTITY_TYPES.map((t) => [t, 0]));
let pages = 0;
let relations = 0;
let textRelations = 0;
const times: number[] = [];
for (const name of readdirSync(dir).sort()) {
  const file = [join(dir, name, 'source.html'), join(dir, name, 'input.html')].find((f) => existsSync(f));
  if (file === undefined) continue;
  const html = readFileSync(file, 'utf8');
  const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
  const dom = new JSDOM(html, { url, virtualConsole });
  const t0 = performance.now();
  const capture = capturePage(dom.window.document, url, { now: 0 });
  const analysis = analyzeCapture(capture, { recognizer, ...(maxEntities === undefined ? {} : { maxEntities }) });
  const ms = performance.now() - t0;
  dom.window.close();
  pages += 1;
  times.push(ms);
  const counts: Record<string, number> = {};
  for (const e of analysis.entities) {
    counts[e.type] = (counts[e.type] ?? 0) + 1;
    byType[e.type] = (byType[e.type] ?? 0) + 1;
  }
  relations += analysis.relations.length;
  textRelations += analysis.relations.filter((r) => r.origin === 'text').length;
  const top = analysis.entities
    .slice(0, 6)
    .map((e) => `${e.name} (${e.type})`)
    .join(', ');
  console.log(
    `${name}: ${analysis.entities.length} entities ${JSON.stringify(counts)}, ${analysis.relations.length} relations, ${ms.toFixed(0)} ms — ${top}`,
  );
  if (showRelations) for (const r of analysis.relations) console.log(`  [${r.origin}] ${r.from} —${r.label}→ ${r.to} | ${r.snippet}`);
}
times.sort((a, b) => a - b);
const pct = (p: number) => (times.length === 0 ? 0 : (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0));
const total = Object.values(byType).reduce((a, b) => a + b, 0);
console.log(
  `total: ${pages} pages, ${total} entities ${JSON.stringify(byType)}, ${relations} relations (${textRelations} textual), p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms`,
);
console.log(
  JSON.stringify({
    pages,
    entities: total,
    entitiesByType: byType,
    relations,
    textRelations,
    msP50: Math.round(pct(0.5)),
    msP95: Math.round(pct(0.95)),
    msTotal: Math.round(times.reduce((a, b) => a + b, 0)),
  }),
);
