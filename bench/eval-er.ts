/**
 * Pairwise product matching on the ER-Magellan pairs.
 *
 *   npm run eval:er                                   # Amazon-Google and Abt-Buy valid
 *   npm run eval:er -- ../shared/corpus/er/Abt-Buy/valid.txt
 *
 * Records of either layout (title/manufacturer/price or name/description/price) are
 * read generically (`src/core/resolve/product/records.ts`). Two matchers per file:
 * - resolver: the left record's title is a one-entity graph and the right title is
 *   resolved against it; its acceptance threshold is tuned on train.txt.
 * - trained: boosted trees over `pairFeatures` (IDF and the token-discord table
 *   learned from train.txt, the table out-of-fold for train rows), trained on
 *   train.txt; the number of trees and the threshold are chosen by 5-fold
 *   cross-validation on train.txt only.
 * The evaluated file is never used for fitting or tuning. Last line: JSON summary.
 * ER_SAVE=dir writes each trained model as <dataset>.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { withKeys } from '../src/core/graph/input';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { buildIdf, buildTokenDiscord, type Idf, pairFeatures, PRODUCT_FEATURES } from '../src/core/resolve/product/features';
import { matchProbability, treeValue } from '../src/core/resolve/product/model';
import { parsePairs, productView, type RecordPair } from '../src/core/resolve/product/records';
import { createResolver } from '../src/core/resolve/resolver';
import { bestThreshold, DEFAULT_OPTIONS, prf, type Prf, trainTrees } from './er-train';

const FOLDS = 5;
// Tree counts compared in cross-validation (learning rate 0.05, depth 3).
const ROUND_CHOICES = [50, 100, 200, 300, 400];

/** Confidence the resolver gives the right title for the left entity (0 when not a candidate). */
async function resolverScores(pairs: readonly RecordPair[]): Promise<number[]> {
  const out: number[] = [];
  const ids = sequentialIds();
  const clock = fixedClock();
  for (const p of pairs) {
    const l = productView(p.left);
    const r = productView(p.right);
    if (!l.title || !r.title) {
      out.push(0);
      continue;
    }
    const store = new InMemoryGraphStore();
    const e = withKeys({
      id: ids.entity(),
      name: l.title.slice(0, 200),
      type: 'product',
      aliases: [],
      attributes: l.manufacturer ? { manufacturer: l.manufacturer } : {},
      createdAt: 0,
      updatedAt: 0,
      mentionCount: 1,
    });
    await store.putEntity(e);
    const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
    const res = await resolver.resolve({
      subject: r.title.slice(0, 200),
      hints: { expected_type: 'product' },
      constraints: { min_confidence: 0, deterministic: true },
      debug: { include_candidates: true },
    });
    out.push(res.candidates.find((c) => c.id === e.id)?.confidence ?? 0);
  }
  return out;
}

/** IDF from the training records only (each distinct record text once). */
function trainIdf(train: readonly RecordPair[]): Idf {
  const texts = new Set<string>();
  for (const p of train) {
    texts.add(productView(p.left).text);
    texts.add(productView(p.right).text);
  }
  return buildIdf(texts);
}

const views = (pairs: readonly RecordPair[]) =>
  pairs.map((p) => ({ a: productView(p.left), b: productView(p.right), match: p.label === true }));

/** Train features; the token-discord table of each fold's rows is learned from the other folds, so no row sees its own label. */
function trainFeatures(train: readonly RecordPair[], idf: Idf): number[][] {
  const v = views(train);
  const X: number[][] = v.map(() => []);
  for (let k = 0; k < FOLDS; k++) {
    const table = buildTokenDiscord(v.filter((_, i) => i % FOLDS !== k));
    v.forEach((p, i) => {
      if (i % FOLDS === k) X[i] = pairFeatures(p.a, p.b, idf, table);
    });
  }
  return X;
}

/** 5-fold CV on train: out-of-fold scores after each candidate tree count. */
function crossValidate(X: number[][], y: number[], names: readonly string[]): { rounds: number; threshold: number; f1: number } {
  const oof = new Map<number, number[]>(ROUND_CHOICES.map((r) => [r, new Array<number>(y.length).fill(0)]));
  const maxRounds = Math.max(...ROUND_CHOICES);
  for (let k = 0; k < FOLDS; k++) {
    const trainIdx = y.map((_, i) => i).filter((i) => i % FOLDS !== k);
    const testIdx = y.map((_, i) => i).filter((i) => i % FOLDS === k);
    const z = testIdx.map(() => 0);
    let bias = 0;
    const sub = trainIdx.map((i) => X[i] ?? []);
    const suby = trainIdx.map((i) => y[i] ?? 0);
    const pos = suby.reduce((s, v) => s + v, 0);
    bias = Math.log((pos + 1) / (suby.length - pos + 1));
    trainTrees(sub, suby, names, { ...DEFAULT_OPTIONS, rounds: maxRounds }, (round, tree) => {
      testIdx.forEach((i, j) => {
        z[j] = (z[j] ?? 0) + treeValue(tree, X[i] ?? []);
      });
      const scores = oof.get(round);
      if (scores)
        testIdx.forEach((i, j) => {
          scores[i] = 1 / (1 + Math.exp(-(bias + (z[j] ?? 0))));
        });
    });
  }
  let best = { rounds: ROUND_CHOICES[0] ?? 100, threshold: 0.5, f1: -1 };
  for (const [rounds, scores] of oof) {
    const b = bestThreshold(scores, y);
    if (b.f1 > best.f1) best = { rounds, threshold: b.t, f1: b.f1 };
  }
  return best;
}

const r4 = (x: number): number => Math.round(x * 10000) / 10000;
const show = (s: Prf): string => `precision ${r4(s.precision)}  recall ${r4(s.recall)}  F1 ${r4(s.f1)}`;

async function evaluate(file: string) {
  const dataset = basename(dirname(file));
  const trainFile = join(dirname(file), 'train.txt');
  const train = parsePairs(readFileSync(trainFile, 'utf8')).filter((p) => p.label !== undefined);
  const test = parsePairs(readFileSync(file, 'utf8')).filter((p) => p.label !== undefined);
  const yTrain = train.map((p) => (p.label ? 1 : 0));
  const yTest = test.map((p) => (p.label ? 1 : 0));

  const resTrain = await resolverScores(train);
  const resT = bestThreshold(resTrain, yTrain).t;
  const resolver = prf(await resolverScores(test), yTest, resT);

  const started = performance.now();
  const idf = trainIdf(train);
  const Xtrain = trainFeatures(train, idf);
  const cv = crossValidate(Xtrain, yTrain, PRODUCT_FEATURES);
  const model = { ...trainTrees(Xtrain, yTrain, PRODUCT_FEATURES, { ...DEFAULT_OPTIONS, rounds: cv.rounds }), threshold: cv.threshold };
  const table = buildTokenDiscord(views(train));
  const trainSeconds = (performance.now() - started) / 1000;
  const t0 = performance.now();
  const scores = views(test).map((p) => matchProbability(model, pairFeatures(p.a, p.b, idf, table)));
  const pairsPerSecond = Math.round(test.length / ((performance.now() - t0) / 1000));
  const trained = prf(scores, yTest, model.threshold);
  if (process.env.ER_SAVE) {
    mkdirSync(process.env.ER_SAVE, { recursive: true });
    writeFileSync(join(process.env.ER_SAVE, `${dataset}.json`), JSON.stringify({ model, tokenDiscord: Object.fromEntries(table) }));
  }

  console.log(
    `${dataset}: train ${train.length} pairs (${yTrain.filter(Boolean).length} matches), ${basename(file)} ${test.length} pairs read (${yTest.filter(Boolean).length} matches)`,
  );
  console.log(`  resolver (title only, threshold ${resT} from train):  ${show(resolver)}`);
  console.log(
    `  trained (${cv.rounds} trees, threshold ${cv.threshold}, 5-fold CV F1 on train ${r4(cv.f1)}; ${trainSeconds.toFixed(0)} s training):  ${show(trained)}`,
  );
  return {
    dataset,
    pairs: test.length,
    resolver: { precision: r4(resolver.precision), recall: r4(resolver.recall), f1: r4(resolver.f1), threshold: resT },
    trained: {
      precision: r4(trained.precision),
      recall: r4(trained.recall),
      f1: r4(trained.f1),
      threshold: cv.threshold,
      trees: cv.rounds,
      cvF1: r4(cv.f1),
      pairsPerSecond,
    },
  };
}

const corpus = '../shared/corpus/er';
const files = process.argv[2] ? [process.argv[2]] : ['Amazon-Google', 'Abt-Buy'].map((d) => join(corpus, d, 'valid.txt'));
const present = files.filter((f) => existsSync(f) && existsSync(join(dirname(f), 'train.txt')));
if (present.length === 0) {
  console.log(
    `eval-er: ${files.join(', ')} (with train.txt beside) not found (the corpus lives in ../shared/corpus); nothing to evaluate.`,
  );
  console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
  process.exit(0);
}
const results = [];
for (const f of present) results.push(await evaluate(f));
console.log(
  'published (test split, F1): Amazon-Google Magellan 0.491, DeepMatcher+ 0.707, Ditto 0.756; Abt-Buy DeepMatcher 0.628, Ditto 0.893',
);
console.log(JSON.stringify({ datasets: results }));
