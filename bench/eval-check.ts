/**
 * `npm run eval:check`: the figures of the dev gold (`bench/gold-pages`, tuned on) and of
 * the check set (`bench/check-pages`, never tuned on) side by side: must-have recall,
 * typed recall, typed precision, not-entity and furniture shares (`eval:pages`), relation
 * recall and typed relationships per page (`eval:relations`), QA strict (`eval:qa`).
 * A change that raises dev without moving check is not kept (bench/check-pages/README.md).
 *
 * A third column, `fetched`, scores `bench/check-fetched` (pages copied outside the repository
 * by `tooling/data/check-corpus.ts`) when `../check-corpus/pages` is there.
 *
 *   npm run eval:check [-- --only dev|check|fetched]
 *
 * Each scorer runs as its own process (they are the same scripts a developer runs alone);
 * the last line is the JSON of both columns.
 */
import { existsSync } from 'node:fs';
import { CHECK_CORPUS_PAGES } from './relations-gold';
import { field, runScorer } from './run-scorer';

const SETS = [
  { name: 'dev', dir: 'bench/gold-pages' },
  { name: 'check', dir: 'bench/check-pages' },
  // Fetched pages (bench/check-fetched/README.md): measured where ../check-corpus/pages is copied, never in CI.
  { name: 'fetched', dir: 'bench/check-fetched' },
] as const;

interface Row {
  readonly label: string;
  readonly read: (r: Readonly<Record<string, unknown>>) => number | undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

const ROWS: readonly (readonly [string, Row])[] = [
  ['pages', { label: 'pages', read: (r) => num(r.pages) }],
  ['pages', { label: 'must-have recall', read: (r) => num(r.mustRecall) }],
  ['pages', { label: 'typed recall', read: (r) => num(r.typedStrict) }],
  ['pages', { label: 'typed recall (tech≈product)', read: (r) => num(r.typedLoose) }],
  ['pages', { label: 'typed precision', read: (r) => num(field(r.precision, 'typedPrecision')) }],
  ['pages', { label: 'typed precision (tech≈product)', read: (r) => num(field(r.precision, 'typedPrecisionLoose')) }],
  ['pages', { label: 'wrong-type share', read: (r) => num(field(r.precision, 'wrongTypeShare')) }],
  ['pages', { label: 'not-entity share', read: (r) => num(field(r.precision, 'notEntityShare')) }],
  ['pages', { label: 'furniture share', read: (r) => num(field(r.precision, 'furnitureShare')) }],
  ['pages', { label: 'stored judged / stored', read: (r) => ratio(field(r.precision, 'judged'), field(r.precision, 'stored')) }],
  ['pages', { label: 'entities per page', read: (r) => num(r.entitiesPerPage) }],
  ['relations', { label: 'relation recall', read: (r) => num(r.recall) }],
  ['relations', { label: 'typed relationships / page', read: (r) => num(r.typedPerPage) }],
  ['relations', { label: 'mentioned_with / page', read: (r) => num(r.mentionedWithPerPage) }],
  ['qa', { label: 'QA strict', read: (r) => num(r.strictAccuracy) }],
  ['qa', { label: 'QA questions', read: (r) => num(r.asked) }],
];

function ratio(a: unknown, b: unknown): number | undefined {
  const x = num(a);
  const y = num(b);
  return x === undefined || y === undefined || y === 0 ? undefined : Math.round((x / y) * 1000) / 1000;
}

const SCRIPTS = { pages: 'bench/eval-pages.ts', relations: 'bench/eval-relations.ts', qa: 'bench/eval-qa.ts' } as const;

if (!existsSync('../shared/corpus/pages')) {
  console.log('eval:check: ../shared/corpus/pages not found; nothing to measure.');
  console.log(JSON.stringify({ skipped: true }));
  process.exit(0);
}
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
const sets = SETS.filter(
  (s) => (only === undefined || s.name === only) && (s.name !== 'fetched' || existsSync(CHECK_CORPUS_PAGES) || only === s.name),
);
if (sets.length === 0) {
  console.error(`eval:check: --only takes ${SETS.map((s) => s.name).join(' or ')}`);
  process.exit(2);
}
const results = new Map<string, Map<string, Readonly<Record<string, unknown>> | undefined>>();
for (const set of sets) {
  const bySet = new Map<string, Readonly<Record<string, unknown>> | undefined>();
  for (const [kind, script] of Object.entries(SCRIPTS)) {
    process.stderr.write(`eval:check: ${kind} on ${set.name}…\n`);
    bySet.set(kind, runScorer(script, set.dir));
  }
  results.set(set.name, bySet);
}
const table: Record<string, Record<string, number | null>> = {};
console.log(`${'figure'.padEnd(32)} ${sets.map((s) => s.name.padStart(8)).join(' ')}`);
for (const [kind, row] of ROWS) {
  const values = sets.map((s) => {
    const r = results.get(s.name)?.get(kind);
    return r === undefined ? undefined : row.read(r);
  });
  table[row.label] = Object.fromEntries(sets.map((s, i) => [s.name, values[i] ?? null]));
  console.log(`${row.label.padEnd(32)} ${values.map((v) => (v === undefined ? '-' : String(v)).padStart(8)).join(' ')}`);
}
console.log(JSON.stringify(table));
