/**
 * `npm run train:keep`: fits the keep stage's logistic regression (src/extract/keep/) on the
 * dev page gold's precision lists and writes `src/extract/keep/keep-weights.generated.ts`.
 *
 * Examples: every text-found candidate the analysis judges on a dev page (the extension's
 * recognizer, the keep stage off), labelled by the page's gold (`storedJudge`): a name of
 * the article (`must` ∪ `entities`, whatever its type) is a positive, a `not_entities`
 * string a negative; furniture and unjudged names are left out (furniture is where a name
 * sits, not what it is; the main-text stage is for that). Must names weigh `MUST_WEIGHT`.
 *
 * The threshold is chosen by cross-validation over dev pages (each fold's pages scored by a
 * model fitted without them), never on the check pages (bench/check-pages/README.md).
 *
 * `--gold` takes several folders joined by commas: the dev gold and `bench/train-pages` (pages
 * annotated by the same rules to train on, never to measure). A check page is refused.
 *
 *   npm run train:keep [-- --gold bench/gold-pages,bench/train-pages] [--dry-run]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createPageRecognizer } from '../src/background/ingest';
import { analyzeCapture, type ObservedCandidate } from '../src/extract/analysis/analyze';
import { KEEP_FEATURES } from '../src/extract/keep/features';
import { keepProbability, type KeepModel } from '../src/extract/keep/keep-model';
import { goldKey, storedJudge, type PageGold } from './eval/page-score';
import { captureSaved, checkPageNames, pageUrl, readPageGolds } from '../bench/relations-gold';

/** A must name lost costs recall the gold counts; three times an ordinary name. */
const MUST_WEIGHT = 3;
/** L2 penalty: the examples are ~1.5k, the features 32; keeps weights small and the fit stable. */
const L2 = 0.001;
const EPOCHS = 6000;
const LEARNING_RATE = 2;
const FOLDS = 5;
/**
 * Cost of dropping a real name against keeping a non-name. The issue asks for precision
 * (typed ≥ 0.92, not-entities ≤ 2%) with must-have recall ≥ 0.85 kept; recall is above its
 * goal and precision far below, so a real name lost costs what a junk name kept costs (a
 * must name still weighs `MUST_WEIGHT`). At 2 the threshold removed no junk at all.
 */
const DROP_COST = 1;

interface Example {
  readonly page: string;
  readonly features: readonly number[];
  readonly label: 0 | 1;
  readonly weight: number;
  readonly name: string;
}

const args = process.argv.slice(2);
const goldAt = args.indexOf('--gold');
const goldDirs = (goldAt >= 0 ? (args[goldAt + 1] ?? '') : 'bench/gold-pages').split(',').filter((d) => d.length > 0);
const goldDir = goldDirs.join(', ');
const pagesDir = '../shared/corpus/pages';
const recognizer = createPageRecognizer();

function examplesOf(gold: PageGold, html: string): Example[] {
  const capture = captureSaved(html, pageUrl(gold.page));
  let seen: readonly ObservedCandidate[] = [];
  analyzeCapture(capture, { recognizer, keepModel: null, observeCandidates: (c) => (seen = c) });
  const judge = storedJudge(gold);
  const must = new Set(gold.must.flatMap((m) => [m.name, ...m.aliases].map(goldKey)));
  return seen.flatMap((c): Example[] => {
    const verdict = judge(c);
    if (verdict === 'furniture' || verdict === 'unjudged') return [];
    const positive = verdict !== 'not_entity';
    const isMust = [c.name, ...c.aliases].some((n) => must.has(goldKey(n)));
    return [{ page: gold.page, features: c.features, label: positive ? 1 : 0, weight: isMust ? MUST_WEIGHT : 1, name: c.name }];
  });
}

function fit(examples: readonly Example[]): number[] {
  const w = KEEP_FEATURES.map(() => 0);
  const totalWeight = examples.reduce((a, e) => a + e.weight, 0);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const grad = w.map(() => 0);
    for (const e of examples) {
      const p = keepProbability(e.features, { features: KEEP_FEATURES, weights: w, threshold: 0 });
      const err = (p - e.label) * e.weight;
      for (let i = 0; i < w.length; i++) grad[i] = (grad[i] ?? 0) + err * (e.features[i] ?? 0);
    }
    for (let i = 0; i < w.length; i++) {
      const penalty = i === 0 ? 0 : L2 * (w[i] ?? 0);
      w[i] = (w[i] ?? 0) - LEARNING_RATE * ((grad[i] ?? 0) / totalWeight + penalty);
    }
  }
  return w;
}

const checkPages = checkPageNames();
const golds: { gold: PageGold; html: string }[] = goldDirs
  .flatMap((dir) => readPageGolds(dir, pagesDir))
  .filter(({ gold }) => {
    if (checkPages.has(gold.page)) throw new Error(`train:keep: ${gold.page} is a check page: it may not train anything`);
    return true;
  })
  .filter(({ gold }) => gold.precision !== undefined)
  .map(({ gold, file }) => ({ gold, html: readFileSync(file, 'utf8') }));
if (golds.length === 0) {
  console.error(`train:keep: no page of ${goldDir} carries the precision lists (or ${pagesDir} is absent)`);
  process.exit(2);
}
const examples = golds.flatMap(({ gold, html }) => examplesOf(gold, html));
const positives = examples.filter((e) => e.label === 1).length;
const dumpAt = args.indexOf('--dump');
if (dumpAt >= 0) writeFileSync(args[dumpAt + 1] ?? 'keep-examples.json', JSON.stringify(examples));
console.log(
  `train:keep: ${golds.length} dev pages, ${examples.length} candidates (${positives} names, ${examples.length - positives} not names)`,
);

// Cross-validated probabilities: each page scored by a model fitted on the other folds.
const pages = [...new Set(examples.map((e) => e.page))];
const heldOut: { e: Example; p: number }[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const test = new Set(pages.filter((_, i) => i % FOLDS === fold));
  const w = fit(examples.filter((e) => !test.has(e.page)));
  for (const e of examples.filter((x) => test.has(x.page)))
    heldOut.push({ e, p: keepProbability(e.features, { features: KEEP_FEATURES, weights: w, threshold: 0 }) });
}
// Ranking quality alone: the share of (name, not-name) pairs the held-out model orders right.
const pos = heldOut.filter((h) => h.e.label === 1).map((h) => h.p);
const neg = heldOut.filter((h) => h.e.label === 0).map((h) => h.p);
let ordered = 0;
for (const a of pos) for (const b of neg) ordered += a > b ? 1 : a === b ? 0.5 : 0;
console.log(`cross-validated AUC ${(ordered / Math.max(1, pos.length * neg.length)).toFixed(3)}`);
let best = { threshold: 0, cost: Number.POSITIVE_INFINITY, dropped: 0, removed: 0 };
console.log('threshold  real names dropped (weighted)  not-names removed');
for (let t = 0.05; t < 0.95; t += 0.05) {
  const threshold = Math.round(t * 100) / 100;
  let dropped = 0;
  let removed = 0;
  for (const { e, p } of heldOut) {
    if (p >= threshold) continue;
    if (e.label === 1) dropped += e.weight;
    else removed += 1;
  }
  const cost = DROP_COST * dropped - removed;
  console.log(`${threshold.toFixed(2).padStart(9)}  ${String(dropped).padStart(29)}  ${String(removed).padStart(17)}`);
  if (cost < best.cost) best = { threshold, cost, dropped, removed };
}
const weights = fit(examples).map((x) => Math.round(x * 10_000) / 10_000);
const model: KeepModel = { features: KEEP_FEATURES, weights, threshold: best.threshold };
console.log(
  `chosen threshold ${best.threshold}: in cross-validation it drops ${best.dropped} (weighted) real names and removes ${best.removed} of ${examples.length - positives} not-names`,
);
for (const [i, f] of KEEP_FEATURES.entries()) console.log(`  ${f.padEnd(22)} ${(weights[i] ?? 0).toFixed(3)}`);
if (args.includes('--list'))
  for (const { e, p } of [...heldOut].sort((a, b) => a.p - b.p))
    if (e.label === 0 || p < 0.5) console.log(`${e.label === 1 ? 'NAME    ' : 'NOT-NAME'} ${p.toFixed(2)} ${e.name}`);
if (args.includes('--dry-run')) process.exit(0);
const out = `// Generated by tooling/train-keep.ts (npm run train:keep) from the dev page gold's precision lists; do not edit.
// ${golds.length} dev pages, ${examples.length} candidates; threshold chosen by ${FOLDS}-fold cross-validation over dev pages.
export const KEEP_WEIGHTS = {
  trainedOn: ${JSON.stringify(`${golds.length} dev pages, ${examples.length} candidates`)},
  features: ${JSON.stringify(model.features)},
  weights: ${JSON.stringify(model.weights)},
  threshold: ${model.threshold},
} as const;
`;
writeFileSync('src/extract/keep/keep-weights.generated.ts', out);
console.log('wrote src/extract/keep/keep-weights.generated.ts');
