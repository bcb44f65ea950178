/**
 * Evaluates the trained recognizer on a CrossNER (or WNUT-17) `token<TAB>label` file
 * through the EntityRecognizer port, on raw text: each sentence is one document,
 * tokens joined by spaces. Exact character-span match per type.
 *
 *   npx tsx bench/eval-ner-crossner.ts ../shared/corpus/ner/crossner/ai/dev.txt
 *     [--mapping issue|training]   which gold labels count (default: issue, below)
 *     [--weights <weights.ts>]     evaluate another trained model (default: the shipped one)
 *   npx tsx bench/eval-ner-crossner.ts <wikigold/en/test.conllu> --split test   (the held-out part, tooling/ner/public-data.ts)
 *   npx tsx bench/eval-ner-crossner.ts <wikiann/en/test.conllu>
 *   npx tsx bench/eval-ner-crossner.ts <Re-DocRED/data/test_revised.json> (a path naming docred)
 *
 * A file whose path names wnut, wikigold, wikiann or docred is read in that set's format; the
 * Wikipedia sets score PER, ORG, LOC as person, company, location (MISC is not scored).
 * Gold labels counted: programlang → technology, product → product,
 * organisation → company, researcher/person → person, country/location → location.
 * Every other gold label is ignored, and so are predictions of `other`. With
 * `--mapping training`, gold labels are mapped by the trainer's table (DATASET_LABELS),
 * e.g. politician → person, politicalparty → company, for the politics and science sets.
 * Last line: {"file","precision","recall","f1","perType":{…},"mbPerSecond"}.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readTextDocuments, SpanScorer, type TextDocument, type TypedSpan } from '../tooling/ner/conll';
import { splitWikigold } from '../tooling/ner/public-data';
import { createTrainedRecognizer, TrainedRecognizer } from '../src/extract/ner/index';
import { mapDatasetLabel, type DatasetScheme } from '../src/extract/ner/labels';
import { decodeModel, fromBase64 } from '../src/extract/ner/model';
import type { EntityRecognizer } from '../src/extract/mentions/recognizer';
import { runRecognizer } from './ner-run';

const EVAL_LABELS: Readonly<Record<string, string>> = {
  programlang: 'technology',
  product: 'product',
  organisation: 'company',
  corporation: 'company',
  researcher: 'person',
  person: 'person',
  country: 'location',
  location: 'location',
  PER: 'person',
  ORG: 'company',
  LOC: 'location',
};
const TYPES = ['technology', 'product', 'person', 'company', 'location'];

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const mapping = option('--mapping') ?? 'issue';
const weightsFile = option('--weights');
const file = argv.find((a, i) => !a.startsWith('--') && !(argv[i - 1] ?? '').startsWith('--'));

function goldType(label: string): string | undefined {
  if (mapping === 'training')
    return mapDatasetLabel('crossner', label) ?? mapDatasetLabel('wnut17', label) ?? mapDatasetLabel('wikigold', label) ?? undefined;
  return EVAL_LABELS[label];
}

/** Gold spans of a document under the chosen mapping (labels it does not score are dropped). */
function goldOf(doc: TextDocument): TypedSpan[] {
  return doc.spans.flatMap((s) => {
    const type = goldType(s.label);
    return type === undefined ? [] : [{ start: s.start, end: s.end, type }];
  });
}

function loadRecognizer(): EntityRecognizer | undefined {
  if (weightsFile === undefined) return createTrainedRecognizer();
  const base64 = /'([A-Za-z0-9+/=]+)'/.exec(readFileSync(weightsFile, 'utf8'))?.[1] ?? '';
  return new TrainedRecognizer(decodeModel(fromBase64(base64)));
}

if (file === undefined || !existsSync(file)) {
  console.error(
    `usage: npx tsx bench/eval-ner-crossner.ts <crossner or wnut file> (not found: ${file ?? '(none)'}); the corpus lives in ../shared/corpus/ner/`,
  );
  process.exit(2);
}
const recognizer = loadRecognizer();
if (recognizer === undefined) {
  console.error('no trained model is shipped; run `npm run train:ner` first');
  process.exit(2);
}
// Each sentence (a paragraph or a post) is a document, except in wikigold; WNUT-17 and the
// Wikipedia sets carry their own formats and label sets.
const scheme: DatasetScheme = /wnut/i.test(file)
  ? 'wnut17'
  : /wikigold/i.test(file)
    ? 'wikigold'
    : /wikiann/i.test(file)
      ? 'wikiann'
      : /docred/i.test(file)
        ? 'redocred'
        : 'crossner';
const all = readTextDocuments(readFileSync(file, 'utf8'), scheme);
const split = option('--split');
if (split !== undefined && split !== 'train' && split !== 'test') {
  console.error('--split takes train or test');
  process.exit(2);
}
const docs = split === undefined ? all : splitWikigold(all)[split];
const scorer = new SpanScorer(TYPES);
const { bytes: chars, ms } = runRecognizer(docs, recognizer, scorer, goldOf);
const s = scorer.scores();
const r3 = (x: number): number => Math.round(x * 1000) / 1000;
console.log(`${file}: ${docs.length} sentences, ${(chars / 1e6).toFixed(3)} MB in ${ms.toFixed(0)} ms`);
for (const t of TYPES) {
  const p = s.perType[t];
  if (p !== undefined) console.log(`${t.padEnd(10)} P ${r3(p.precision)} R ${r3(p.recall)} F1 ${r3(p.f1)} (gold ${p.support})`);
}
console.log(`micro P ${r3(s.precision)} R ${r3(s.recall)} F1 ${r3(s.f1)}`);
console.log(
  JSON.stringify({
    file,
    precision: r3(s.precision),
    recall: r3(s.recall),
    f1: r3(s.f1),
    perType: Object.fromEntries(TYPES.map((t) => [t, r3(s.perType[t]?.f1 ?? 0)])),
    mbPerSecond: r3(chars / 1e6 / (ms / 1000)),
  }),
);
