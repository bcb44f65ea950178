/**
 * Pairwise entity-matching evaluation on ER-Magellan product pairs (issue 4 figures).
 *
 *   npm run eval:er -- ../shared/corpus/er/Amazon-Google/valid.txt
 *
 * For each pair the left record is an entity of a one-entity graph (name = title,
 * type product, manufacturer as attribute) and the right record's title is resolved
 * against it; "match" = the resolver answers `resolved` with that entity. The one
 * free parameter, the acceptance threshold, is tuned on `train.txt` beside the file
 * (never on the file evaluated). Last line: JSON summary.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { withKeys } from '../src/core/graph/input';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { createResolver } from '../src/core/resolve/resolver';

interface Rec { readonly title: string; readonly manufacturer: string }
interface Pair { readonly left: Rec; readonly right: Rec; readonly label: boolean }

function parseRecord(text: string): Rec {
  const fields: Record<string, string> = {};
  for (const m of text.matchAll(/COL (\S+) VAL ((?:(?!COL \S+ VAL).)*)/g)) fields[m[1] ?? ''] = (m[2] ?? '').trim();
  return { title: (fields.title ?? '').slice(0, 200), manufacturer: fields.manufacturer ?? '' };
}
function load(path: string): Pair[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((line) => {
    const [l, r, y] = line.split('\t');
    return { left: parseRecord(l ?? ''), right: parseRecord(r ?? ''), label: (y ?? '').trim() === '1' };
  }).filter((p) => p.left.title.length > 0 && p.right.title.length > 0);
}

const featureRows: Record<string, number>[] = [];

/** Confidence the resolver gives the right title for the left entity (0 when not a candidate). */
async function confidences(pairs: readonly Pair[]): Promise<number[]> {
  const out: number[] = [];
  const ids = sequentialIds();
  const clock = fixedClock();
  for (const p of pairs) {
    const store = new InMemoryGraphStore();
    const e = withKeys({ id: ids.entity(), name: p.left.title, type: 'product', aliases: [], attributes: p.left.manufacturer ? { manufacturer: p.left.manufacturer } : {}, createdAt: 0, updatedAt: 0, mentionCount: 1 });
    await store.putEntity(e);
    const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
    const res = await resolver.resolve({ subject: p.right.title, hints: { expected_type: 'product' }, constraints: { min_confidence: 0, deterministic: true }, debug: { include_candidates: true, include_explanations: true } });
    out.push(res.candidates.find((c) => c.id === e.id)?.confidence ?? 0);
    featureRows.push(res.explanations?.find((x) => x.id === e.id)?.features ?? {});
  }
  return out;
}

function prf(pairs: readonly Pair[], conf: readonly number[], t: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  pairs.forEach((p, i) => {
    const yes = (conf[i] ?? 0) >= t;
    if (yes && p.label) tp++;
    else if (yes) fp++;
    else if (p.label) fn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

const file = process.argv[2] ?? '../shared/corpus/er/Amazon-Google/valid.txt';
const trainFile = join(dirname(file), 'train.txt');
if (!existsSync(file) || !existsSync(trainFile)) {
  console.log(`eval-er: ${file} or its train.txt not found (the corpus lives in ../shared/corpus); nothing to evaluate.`);
  console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
  process.exit(0);
}
const train = load(trainFile);
const test = load(file);
const trainConf = await confidences(train);
if (process.env.ER_DUMP) (await import('node:fs')).writeFileSync(process.env.ER_DUMP, featureRows.map((f, i) => JSON.stringify({ y: train[i]?.label ? 1 : 0, f })).join('\n'));
let best = { t: 0.5, f1: -1 };
for (let t = 0.02; t < 1; t += 0.02) {
  const s = prf(train, trainConf, t);
  if (s.f1 > best.f1) best = { t: Math.round(t * 100) / 100, f1: s.f1 };
}
const started = performance.now();
const testConf = await confidences(test);
const seconds = (performance.now() - started) / 1000;
const score = prf(test, testConf, best.t);
const r = (x: number): number => Math.round(x * 10000) / 10000;
console.log(`train ${trainFile}: ${train.length} pairs, best threshold ${best.t} (train F1 ${r(best.f1)})`);
console.log(`eval  ${file}: ${test.length} pairs (${test.filter((p) => p.label).length} matches)`);
console.log(`precision ${r(score.precision)}  recall ${r(score.recall)}  F1 ${r(score.f1)}   (published on the test split: Magellan 0.491, DeepMatcher+ 0.707, Ditto 0.756)`);
console.log(JSON.stringify({ precision: r(score.precision), recall: r(score.recall), f1: r(score.f1), threshold: best.t, pairs: test.length, pairsPerSecond: Math.round(test.length / seconds) }));
