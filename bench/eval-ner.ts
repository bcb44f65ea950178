/**
 * Evaluates a recognizer on a CoNLL-2003 file: exact span match over PER/ORG/LOC.
 *
 *   npm run eval:ner -- ../shared/corpus/ner/conll2003/eng.testa [--recognizer rules|model|compromise] [--weights <weights.ts>]
 *
 * `--weights`: the trained recognizer with another weights file (`train:ner -- --out <file>`).
 *
 * `--holdout` scores only every fifth document (for tuning on eng.train against a lexicon
 * generated with `--holdout`). Prints per-type figures, then as its last line
 * {"precision","recall","f1","perType":{"PER","ORG","LOC"},"mbPerSecond"}.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createCompromiseRecognizer } from '../tooling/eval/compromise-recognizer';
import { goldSpans, readTextDocuments, SpanScorer } from '../tooling/ner/conll';
import { runRecognizer } from './ner-run';
import { createTrainedRecognizer, TrainedRecognizer } from '../src/extract/ner/index';
import { decodeModel, fromBase64 } from '../src/extract/ner/model';
import type { EntityRecognizer } from '../src/extract/mentions/recognizer';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';

function parseArgs(argv: readonly string[]): { file: string; recognizer: string; holdout: boolean } {
  let file: string | undefined;
  let recognizer = 'default';
  const holdout = argv.includes('--holdout');
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--recognizer') recognizer = argv[++i] ?? recognizer;
    else if (arg === '--part' || arg === '--weights') i += 1;
    else if (arg?.startsWith('--recognizer=')) recognizer = arg.slice('--recognizer='.length);
    else if (arg !== undefined && !arg.startsWith('--')) file = arg;
  }
  if (file === undefined) {
    console.error('usage: npm run eval:ner -- <conll-file> [--recognizer rules|model|compromise] [--part k/n]');
    process.exit(2);
  }
  return { file, recognizer, holdout };
}

function pick(kind: string): EntityRecognizer {
  if (kind === 'compromise') return createCompromiseRecognizer();
  if (kind === 'rules') return createRuleRecognizer();
  const weightsAt = process.argv.indexOf('--weights');
  const weights = weightsAt >= 0 ? process.argv[weightsAt + 1] : undefined;
  if (weights !== undefined) {
    const base64 = /'([A-Za-z0-9+/=]+)'/.exec(readFileSync(weights, 'utf8'))?.[1] ?? '';
    return new TrainedRecognizer(decodeModel(fromBase64(base64)));
  }
  let trained: EntityRecognizer | undefined;
  try {
    trained = createTrainedRecognizer();
  } catch (error) {
    // A model that does not load must not hide the rules' figures: say so and fall back.
    console.error(`trained recognizer unavailable (${error instanceof Error ? error.message : String(error)})`);
    if (kind === 'model') process.exit(2);
  }
  if (kind === 'model') {
    if (trained === undefined) {
      console.error('no trained model is available (src/extract/ner); use --recognizer rules');
      process.exit(2);
    }
    return trained;
  }
  return trained ?? createRuleRecognizer();
}

const { file, recognizer: kind, holdout } = parseArgs(process.argv.slice(2));
if (!existsSync(file)) {
  console.error(`no such file: ${file} (the corpus lives in ../shared/corpus/ner/conll2003/)`);
  process.exit(2);
}
// --holdout: only every fifth document, the ones a `--holdout` lexicon build left out (tuning on train).
const allDocs = readTextDocuments(readFileSync(file, 'utf8'), 'conll2003').filter((_, i) => !holdout || i % 5 === 0);
// --part k/n: the k-th of n contiguous parts (speed on other files of test size; a part of
// the training file says nothing about accuracy).
const partArg = process.argv.indexOf('--part');
const [partK = 1, partN = 1] = partArg >= 0 ? (process.argv[partArg + 1] ?? '1/1').split('/').map(Number) : [1, 1];
const partSize = Math.ceil(allDocs.length / partN);
const docs = allDocs.slice((partK - 1) * partSize, partK * partSize);
const recognizer = pick(kind);
/** Documents recognized once, untimed, before timing. */
const WARMUP_DOCS = 40;
/** Timed passes over the file; the median is reported. */
const TIMED_PASSES = 3;
/** CoNLL's PER, ORG and LOC as entity types (MISC is not scored). */
const SCORED = { PER: 'person', ORG: 'company', LOC: 'location' } as const;
const scorer = new SpanScorer(Object.values(SCORED));
// Speed is a throughput figure: one untimed pass first (the worker pays the JIT once per
// session, not per page), then three timed passes: the fastest is the recognizer's speed
// (a slower pass measures the other processes of a shared machine, not the recognizer),
// the median is printed beside it.
runRecognizer(docs.slice(0, WARMUP_DOCS), recognizer, new SpanScorer(Object.values(SCORED)), (doc) => goldSpans(doc, 'conll2003'));
const { bytes: chars, ms: firstMs } = runRecognizer(docs, recognizer, scorer, (doc) => goldSpans(doc, 'conll2003'));
const passes = [firstMs];
for (let i = 1; i < TIMED_PASSES; i += 1)
  passes.push(runRecognizer(docs, recognizer, new SpanScorer(Object.values(SCORED)), (doc) => goldSpans(doc, 'conll2003')).ms);
const sorted = [...passes].sort((a, b) => a - b);
const ms = sorted[0] ?? firstMs;
const medianMs = sorted[Math.floor(sorted.length / 2)] ?? firstMs;
const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
const scores = scorer.scores();
const none = { precision: 0, recall: 0, f1: 0, support: 0, tp: 0, fp: 0, fn: 0 };
const per = { PER: scores.perType[SCORED.PER] ?? none, ORG: scores.perType[SCORED.ORG] ?? none, LOC: scores.perType[SCORED.LOC] ?? none };
const micro = scores;
const r3 = (x: number) => Math.round(x * 1000) / 1000;
console.log(
  `recognizer: ${recognizer.name}; ${docs.length} documents, ${(chars / 1e6).toFixed(2)} MB in ${ms.toFixed(0)} ms (fastest of ${TIMED_PASSES} passes: ${passes.map((p) => p.toFixed(0)).join(', ')} ms; load average ${load})`,
);
for (const t of ['PER', 'ORG', 'LOC'] as const) {
  const p = per[t];
  console.log(`${t}: P ${r3(p.precision)} R ${r3(p.recall)} F1 ${r3(p.f1)} (tp ${p.tp}, fp ${p.fp}, fn ${p.fn})`);
}
console.log(`micro: P ${r3(micro.precision)} R ${r3(micro.recall)} F1 ${r3(micro.f1)}`);
console.log(
  JSON.stringify({
    precision: r3(micro.precision),
    recall: r3(micro.recall),
    f1: r3(micro.f1),
    perType: { PER: r3(per.PER.f1), ORG: r3(per.ORG.f1), LOC: r3(per.LOC.f1) },
    mbPerSecond: r3(chars / 1e6 / (ms / 1000)),
    mbPerSecondMedian: r3(chars / 1e6 / (medianMs / 1000)),
    loadAverage: load,
    recognizer: recognizer.name,
  }),
);
