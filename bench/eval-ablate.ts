/**
 * `npm run eval:ablate`: switches each rule family of the registry
 * (src/extract/rules/registry.ts) off in turn and prints what it is worth on the dev gold
 * and on the check set: the change in must-have recall, typed recall, typed precision and
 * relation recall when it is off (a negative number is what the family adds); for the answer
 * readers (stage `answers`), the change in `eval:qa`'s strict share instead. A family
 * worth nothing on the check pages is a candidate for removal.
 *
 *   npm run eval:ablate [-- --only generic-terms,keep-model]
 *
 * In one process: each page is captured once (capture does not depend on the analysis'
 * rules), then built into a fresh graph through the extension's ingestion for every
 * configuration, and scored as `eval:pages` and `eval:relations` score it. Last line: JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { PageCapture } from '../src/core/capture';
import type { EntityId } from '../src/core/graph/ids';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import { NO_RULES_OFF, RULE_FAMILIES, parseRulesOff, type RulesOff } from '../src/extract/rules/registry';
import { goldKey, scorePage, scoreStored, totalPrecision, totalScore, type PageGold } from '../tooling/eval/page-score';
import {
  allEntities,
  allRelationships,
  captureSaved,
  freshIngest,
  matchGoldRelation,
  pageUrl,
  readGoldRelations,
  readPageGolds,
  type GoldPageRelations,
} from './relations-gold';
import { buildQaGraph, qaStrict } from './qa-score';

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
  return readPageGolds(dir, pagesDir).map(({ gold, file }) => ({
    gold,
    relations: relations.get(gold.page),
    capture: captureSaved(readFileSync(file, 'utf8'), pageUrl(gold.page)),
  }));
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

// The answer readers (stage `answers`) change no capture: each is measured on the questions of `eval:qa` instead, over
// one graph per set built once, with the capture's relation stage reading sentences first as in the extension.
const qaSets: Array<{ name: string; gold: GoldPageRelations[] } & Awaited<ReturnType<typeof buildQaGraph>>> = [];
for (const s of SETS) {
  const gold = readGoldRelations(s.dir);
  qaSets.push({ name: s.name, gold, ...(await buildQaGraph(gold, pagesDir)) });
}
const qaColumns = qaSets.map((s) => `${s.name} qa`);
async function qaRow(off: ReadonlySet<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const s of qaSets) out.set(`${s.name} qa`, (await qaStrict(s.gold, s, off)).share);
  return out;
}
const allColumns = [...columns, ...qaColumns];

const base = new Map([...(await row(NO_RULES_OFF)), ...(await qaRow(new Set()))]);
const table: Record<string, Record<string, number | null>> = {
  baseline: Object.fromEntries(allColumns.map((c) => [c, base.get(c) ?? null])),
};
console.log(`${'family off'.padEnd(22)}${allColumns.map((c) => c.padStart(17)).join('')}`);
console.log(`${'(baseline)'.padEnd(22)}${allColumns.map((c) => String(base.get(c) ?? '-').padStart(17)).join('')}`);
for (const rule of RULE_FAMILIES) {
  if (only !== undefined && !only.has(rule.id)) continue;
  // A capture family is measured on capture (QA not asked again: a graph per family would double the run); an answer
  // reader on the questions only (capture does not depend on it).
  const off = rule.stage === 'answers' ? await qaRow(new Set([rule.id])) : await row(parseRulesOff(rule.id));
  const delta = (c: string): number | null => {
    const v = off.get(c);
    return v === undefined ? null : Math.round((v - (base.get(c) ?? 0)) * 1000) / 1000;
  };
  table[rule.id] = Object.fromEntries(allColumns.map((c) => [c, delta(c)]));
  console.log(
    `${rule.id.padEnd(22)}${allColumns
      .map((c) => {
        const d = delta(c);
        return (d === null ? '-' : d > 0 ? `+${d}` : String(d)).padStart(17);
      })
      .join('')}`,
  );
}
console.log(JSON.stringify(table));
