/**
 * Size and load time of a recognizer model, measured the way the background pays for it:
 * `createTrainedRecognizer` decodes the weights module's base64 string (`fromBase64`), then
 * the binary (`decodeModel`: weights table, transitions, gazetteer) once per service-worker
 * start, and the first `recognize` call builds the feature caches.
 *
 *   npx tsx bench/eval-ner-load.ts [--weights <weights.ts>] [--runs 7]
 *
 * Prints base64 characters, binary bytes, non-zero weights, gazetteer names, and the median
 * of fresh decodes in ms; last line JSON.
 */
import { readFileSync } from 'node:fs';
import { TrainedRecognizer } from '../src/extract/ner/index';
import { decodeModel, fromBase64 } from '../src/extract/ner/model';
import { NER_MODEL_BASE64 } from '../src/extract/ner/model/weights';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const weights = option('--weights');
const runs = Number(option('--runs') ?? 7);
const base64 = weights === undefined ? NER_MODEL_BASE64 : (/'([A-Za-z0-9+/=]+)'/.exec(readFileSync(weights, 'utf8'))?.[1] ?? '');
if (base64.length === 0) {
  console.error(`no model in ${weights ?? 'the shipped weights'}`);
  process.exit(2);
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const base64Ms: number[] = [];
const decodeMs: number[] = [];
const firstMs: number[] = [];
let bytes = 0;
let nonzero = 0;
let names = 0;
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const binary = fromBase64(base64);
  const t1 = performance.now();
  const model = decodeModel(binary);
  const t2 = performance.now();
  new TrainedRecognizer(model).recognize('Patrick Collison founded Stripe in San Francisco with his brother John.');
  const t3 = performance.now();
  base64Ms.push(t1 - t0);
  decodeMs.push(t2 - t1);
  firstMs.push(t3 - t2);
  bytes = binary.length;
  names = model.gazetteer.size;
  nonzero = 0;
  for (const w of model.weights) if (w !== 0) nonzero++;
}
const r1 = (x: number): number => Math.round(x * 10) / 10;
console.log(
  `${weights ?? 'shipped weights'}: ${base64.length} base64 chars, ${bytes} bytes, ${nonzero} weights, ${names} gazetteer names; ` +
    `load (median of ${runs}): base64 ${r1(median(base64Ms))} ms + decode ${r1(median(decodeMs))} ms, first recognize ${r1(median(firstMs))} ms`,
);
console.log(
  JSON.stringify({
    base64Chars: base64.length,
    bytes,
    weights: nonzero,
    gazetteerNames: names,
    base64Ms: r1(median(base64Ms)),
    decodeMs: r1(median(decodeMs)),
    loadMs: r1(median(base64Ms.map((b, i) => b + (decodeMs[i] ?? 0)))),
    firstRecognizeMs: r1(median(firstMs)),
  }),
);
