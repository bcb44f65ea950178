/**
 * `npm run eval:ablate`: switches each rule family of the registry
 * (src/extract/rules/registry.ts) off in turn and prints what it is worth on the dev gold
 * and on the check set: the change in must-have recall, typed recall, typed precision and
 * relation recall when it is off (a negative number is what the family adds). A family
 * worth nothing on the check pages is a candidate for removal.
 *
 *   npm run eval:ablate [-- --only generic-terms,keep-model]
 *
 * In one process: each page is captured once (capture does not depend on the analysis'
 * rules), then built into a fresh graph through the extension's ingestion for every
 * configuration, and scored as `eval:pages` and `eval:relations` score it. Last line: JSON.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageCapture } from '../src/core/capture';
import type { EntityId } from '../src/core/graph/ids';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import { NO_RULES_OFF, RULE_FAMILIES, parseRulesOff, type RulesOff } from '../src/extract/rules/registry';
import { goldKey, parsePageGold, scorePage, scoreStored, totalPrecision, totalScore, type PageGold } from '../tooling/eval/page-score';
import {
  allEntities,
  allRelationships,
  captureSaved,
  freshIngest,
  matchGoldRelation,
  pageFile,
  pageUrl,
  readGoldRelations,
  type GoldPageRelations,
} from './relations-gold';

const SETS = [
  { name: 'dev', dir: 'bench/gold-pages' },
  { name: 'check', dir: 'bench/check-pages' },
] as const;
const FIGURES = ['recall', 'typed', 'precision', 'relations'] as const;

interface Page {
  readonly gold: PageGold;
  readonly relations: GoldPageRelations | undefined;
  readonly capture: PageCapture;
}

const pagesDir = '../shared/corpus/pages';
if (!existsSync(pagesDir)) {
  console.log('eval:ablate: ../shared/corpus/pages not found; nothing to measure.');
  console.log(JSON.stringify({ skipped: true }));
  process.exit(0);
}
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? parseRulesOff(args[onlyAt + 1] ?? '') : undefined;

function load(dir: string): Page[] {
  const relations = new Map(readGoldRelations(dir).map((r) => [r.page, r]));
  const out: Page[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const gold = parsePageGold(JSON.parse(readFileSync(join(dir, file), 'utf8')), file);
    const html = pageFile(pagesDir, gold.page);
    if (html === undefined) continue;
    out.push({ gold, relations: relations.get(gold.page), capture: captureSaved(readFileSync(html, 'utf8'), pageUrl(gold.page)) });
  }
  return out;
}

async function measure(pages: readonly Page[], rulesOff: RulesOff): Promise<Record<(typeof FIGURES)[number], number>> {
  const scores = [];
  const stored = [];
  let gold = 0;
  let found = 0;
  for (const p of pages) {
    const { store, ingest } = freshIngest({ rulesOff });
    await ingest(p.capture);
    const entities = await allEntities(store);
    scores.push(scorePage(p.gold, entities));
    const s = scoreStored(p.gold, entities);
    if (s !== undefined) stored.push(s);
    if (p.relations === undefined) continue;
    const byId = new Map(entities.map((e) => [e.id, e]));
    const keysOf = (id: EntityId) => {
      const e = byId.get(id);
      return new Set(e === undefined ? [] : [e.name, ...e.aliases].map(goldKey));
    };
    const typed = (await allRelationships(store)).filter((r) => r.label !== MENTIONED_WITH);
    for (const g of p.relations.relations) {
      gold += 1;
      if (matchGoldRelation(p.relations, g, keysOf, typed).hit) found += 1;
    }
  }
  const t = totalScore(scores);
  return {
    recall: t.mustRecall,
    typed: t.typedStrict,
    precision: totalPrecision(stored).typedPrecision,
    relations: gold === 0 ? 0 : Math.round((found / gold) * 1000) / 1000,
  };
}

const loaded = SETS.map((s) => ({ name: s.name, pages: load(s.dir) }));
const columns = loaded.flatMap((s) => FIGURES.map((f) => `${s.name} ${f}`));
async function row(rulesOff: RulesOff): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const s of loaded) {
    const m = await measure(s.pages, rulesOff);
    for (const f of FIGURES) out.set(`${s.name} ${f}`, m[f]);
  }
  return out;
}

const base = await row(NO_RULES_OFF);
const table: Record<string, Record<string, number | null>> = { baseline: Object.fromEntries(columns.map((c) => [c, base.get(c) ?? null])) };
console.log(`${'family off'.padEnd(22)}${columns.map((c) => c.padStart(17)).join('')}`);
console.log(`${'(baseline)'.padEnd(22)}${columns.map((c) => String(base.get(c) ?? '-').padStart(17)).join('')}`);
for (const rule of RULE_FAMILIES) {
  if (only !== undefined && !only.has(rule.id)) continue;
  const off = await row(parseRulesOff(rule.id));
  const delta = (c: string) => Math.round(((off.get(c) ?? 0) - (base.get(c) ?? 0)) * 1000) / 1000;
  table[rule.id] = Object.fromEntries(columns.map((c) => [c, delta(c)]));
  console.log(
    `${rule.id.padEnd(22)}${columns
      .map((c) => {
        const d = delta(c);
        return (d > 0 ? `+${d}` : String(d)).padStart(17);
      })
      .join('')}`,
  );
}
console.log(JSON.stringify(table));
