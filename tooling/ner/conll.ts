/**
 * Readers for the NER training sets (CoNLL-2003 IOB1 columns, CrossNER and WNUT-17
 * `token<TAB>label` BIO) and an exact-span scorer. The trainer and `bench/` use them;
 * the recognizer never does.
 */
import { InvalidArgumentsError } from '../../src/core/errors';
import { emptyRecord } from '../../src/core/records';

import { mapDatasetLabel, MODEL_TYPES, type DatasetScheme } from '../../src/extract/ner/labels';
import type { TagSpan } from '../../src/extract/ner/decode';

/** A gold span with its dataset label as written in the file. */
export interface RawSpan {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

export interface LabeledSentence {
  readonly tokens: readonly string[];
  /** Spans mapped to model type ids (labels mapped to null are dropped). */
  readonly spans: readonly TagSpan[];
  readonly raw: readonly RawSpan[];
}

export interface LabeledDocument {
  readonly sentences: readonly LabeledSentence[];
}

/** Bound on documents read from one file (the largest set, CoNLL train, has 946). */
const MAX_DOCUMENTS = 100_000;

/** Schemes whose files group sentences into `-DOCSTART-` documents. */
const DOCSTART_SCHEMES: ReadonlySet<DatasetScheme> = new Set(['conll2003', 'wikigold']);
/** Schemes whose lines are `index<TAB>token<TAB>label` (Babelscape/wikineural's copies). */
const INDEXED_SCHEMES: ReadonlySet<DatasetScheme> = new Set(['wikigold', 'wikiann']);

/**
 * Parses a dataset file. CoNLL-2003 and wikigold documents are delimited by `-DOCSTART-`;
 * in CrossNER, WNUT-17 and WikiANN every sentence (a paragraph, a post, a fragment) is its
 * own document.
 *
 * @example
 *   readDataset('EU NNP I-NP I-ORG\n\n', 'conll2003').length // 1
 */
export function readDataset(text: string, scheme: DatasetScheme): LabeledDocument[] {
  if (scheme === 'redocred') return readRedocred(text);
  const docs: LabeledDocument[] = [];
  let sentences: LabeledSentence[] = [];
  let tokens: string[] = [];
  let labels: string[] = [];
  const flushSentence = (): void => {
    if (tokens.length > 0) sentences.push(toSentence(tokens, labels, scheme));
    tokens = [];
    labels = [];
    if (!DOCSTART_SCHEMES.has(scheme)) flushDocument();
  };
  const flushDocument = (): void => {
    if (sentences.length > 0 && docs.length < MAX_DOCUMENTS) docs.push({ sentences });
    sentences = [];
  };
  const lines = text.split(/\r?\n/);
  lines.forEach((line, lineNo) => {
    const trimmed = line.trim();
    if (trimmed.length === 0) return flushSentence();
    const cols = scheme === 'conll2003' ? trimmed.split(/\s+/) : trimmed.split('\t');
    const token = INDEXED_SCHEMES.has(scheme) ? cols[1] : cols[0];
    if (token === '-DOCSTART-') {
      flushSentence();
      return flushDocument();
    }
    const label = cols[cols.length - 1];
    if (cols.length < (INDEXED_SCHEMES.has(scheme) ? 3 : 2) || token === undefined || label === undefined) {
      throw new InvalidArgumentsError(`line ${lineNo + 1} of the ${scheme} file has no label column; expected "token … label"`);
    }
    tokens.push(token);
    labels.push(label);
  });
  flushSentence();
  flushDocument();
  return docs;
}

/**
 * Re-DocRED's JSON: `[{ sents: string[][], vertexSet: [{ type, pos: [start, end], sent_id }][] }]`.
 * Each mention becomes a span of its sentence; where mentions overlap the longer wins.
 *
 * @example
 *   readRedocred('[{"sents":[["Ana","runs"]],"vertexSet":[[{"type":"PER","pos":[0,1],"sent_id":0}]]}]')[0].sentences[0].raw
 *   // [{ start: 0, end: 1, label: 'PER' }]
 */
export function readRedocred(text: string): LabeledDocument[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new InvalidArgumentsError('a Re-DocRED file is a JSON array of documents');
  return value.slice(0, MAX_DOCUMENTS).map((doc: unknown, d): LabeledDocument => {
    const sents: unknown = typeof doc === 'object' && doc !== null ? Reflect.get(doc, 'sents') : undefined;
    const vertices: unknown = typeof doc === 'object' && doc !== null ? Reflect.get(doc, 'vertexSet') : undefined;
    if (!Array.isArray(sents) || !Array.isArray(vertices))
      throw new InvalidArgumentsError(`Re-DocRED document ${d} has no sents or vertexSet`);
    const tokens = sents.map((s: unknown) => (Array.isArray(s) ? s.map(String) : []));
    const labels = tokens.map((t) => t.map(() => 'O'));
    const mentions = vertices.flat().flatMap((m: unknown) => {
      if (typeof m !== 'object' || m === null) return [];
      const pos: unknown = Reflect.get(m, 'pos');
      const sent: unknown = Reflect.get(m, 'sent_id');
      const type: unknown = Reflect.get(m, 'type');
      if (!Array.isArray(pos) || typeof sent !== 'number' || typeof type !== 'string') return [];
      const [start, end] = pos.map(Number);
      return start === undefined || end === undefined || !(end > start) ? [] : [{ sent, start, end, type }];
    });
    mentions.sort((a, b) => b.end - b.start - (a.end - a.start));
    for (const m of mentions) {
      const row = labels[m.sent];
      if (row === undefined || m.end > row.length || row.slice(m.start, m.end).some((l) => l !== 'O')) continue;
      for (let i = m.start; i < m.end; i++) row[i] = `${i === m.start ? 'B' : 'I'}-${m.type}`;
    }
    return { sentences: tokens.map((t, i) => toSentence(t, labels[i] ?? [], 'redocred')) };
  });
}

function toSentence(tokens: string[], labels: string[], scheme: DatasetScheme): LabeledSentence {
  const raw: RawSpan[] = [];
  let start = -1;
  let current = '';
  for (let i = 0; i <= labels.length; i++) {
    const tag = labels[i] ?? 'O';
    const prefix = tag.slice(0, 2);
    const label = tag === 'O' ? '' : prefix === 'B-' || prefix === 'I-' ? tag.slice(2) : tag;
    // IOB1 and IOB2 alike: I-X continues an X span, B-X always starts one.
    const continues = label !== '' && label === current && prefix !== 'B-';
    if (continues) continue;
    if (start >= 0) raw.push({ start, end: i, label: current });
    start = label === '' ? -1 : i;
    current = label;
  }
  const spans: TagSpan[] = [];
  for (const s of raw) {
    const type = mapDatasetLabel(scheme, s.label);
    if (type === undefined) {
      throw new InvalidArgumentsError(`unknown ${scheme} label "${s.label}"; add it to DATASET_LABELS in src/extract/ner/labels.ts`);
    }
    if (type !== null) spans.push({ start: s.start, end: s.end, type: MODEL_TYPES.indexOf(type) });
  }
  return { tokens, spans, raw };
}

/** A token of a `TextDocument`, with character offsets. */
export interface TextToken {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Inside no gold span (the `O` tag). */
  readonly outside: boolean;
}

/** A labeled document as plain text, for running a recognizer on it and scoring by characters. */
export interface TextDocument {
  /** Tokens joined by single spaces, sentences by a new line. */
  readonly text: string;
  readonly tokens: readonly TextToken[];
  /** Token index ranges of sentences: [first, last + 1). */
  readonly sentences: readonly (readonly [number, number])[];
  /** Gold spans in characters, with the dataset label as written ("PER", "LOC"…). */
  readonly spans: readonly RawSpan[];
}

/**
 * The character view of a labeled document (the token view is what training reads).
 *
 * @example
 *   const doc = asText(readDataset('EU NNP I-NP I-ORG\nrejects VBZ I-VP O\n', 'conll2003')[0]);
 *   doc.text // 'EU rejects'
 *   doc.spans // [{ start: 0, end: 2, label: 'ORG' }]
 */
export function asText(doc: LabeledDocument): TextDocument {
  const tokens: TextToken[] = [];
  const sentences: [number, number][] = [];
  const spans: RawSpan[] = [];
  let text = '';
  for (const sentence of doc.sentences) {
    if (text.length > 0) text += '\n';
    const first = tokens.length;
    const inside = new Uint8Array(sentence.tokens.length);
    for (const r of sentence.raw) inside.fill(1, r.start, r.end);
    sentence.tokens.forEach((token, i) => {
      if (i > 0) text += ' ';
      tokens.push({ text: token, start: text.length, end: text.length + token.length, outside: inside[i] !== 1 });
      text += token;
    });
    for (const r of sentence.raw) {
      const from = tokens[first + r.start];
      const to = tokens[first + r.end - 1];
      if (from !== undefined && to !== undefined) spans.push({ start: from.start, end: to.end, label: r.label });
    }
    sentences.push([first, tokens.length]);
  }
  return { text, tokens, sentences, spans };
}

/**
 * Reads a dataset file as text documents.
 *
 * @example
 *   const docs = readTextDocuments(readFileSync('eng.testa', 'utf8'), 'conll2003');
 */
export function readTextDocuments(text: string, scheme: DatasetScheme): TextDocument[] {
  return readDataset(text, scheme).map(asText);
}

/** The gold spans of a text document typed with entity type names ("person"…), for `SpanScorer`. */
export function goldSpans(doc: TextDocument, scheme: DatasetScheme): TypedSpan[] {
  return doc.spans.flatMap((s) => {
    const type = mapDatasetLabel(scheme, s.label);
    return type === undefined || type === null ? [] : [{ start: s.start, end: s.end, type }];
  });
}

/** Counts for one type. */
export interface TypeCounts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Scores {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  readonly perType: Readonly<Record<string, { precision: number; recall: number; f1: number; support: number } & TypeCounts>>;
  /** Counts over all scored types. */
  readonly counts: TypeCounts;
}

/** A span in any coordinate system (tokens or characters) with a type name. */
export interface TypedSpan {
  readonly start: number;
  readonly end: number;
  readonly type: string;
}

/**
 * Accumulates exact-match span counts per type; only `types` are scored.
 *
 * @example
 *   const s = new SpanScorer(['person']);
 *   s.add([{ start: 0, end: 2, type: 'person' }], [{ start: 0, end: 2, type: 'person' }]);
 *   s.scores().f1 // 1
 */
export class SpanScorer {
  private readonly counts = new Map<string, TypeCounts>();
  constructor(private readonly types: readonly string[]) {
    for (const t of types) this.counts.set(t, { tp: 0, fp: 0, fn: 0 });
  }

  add(gold: readonly TypedSpan[], predicted: readonly TypedSpan[]): void {
    const key = (s: TypedSpan): string => `${s.start}:${s.end}:${s.type}`;
    const goldKeys = new Set(gold.filter((s) => this.counts.has(s.type)).map(key));
    const predKeys = new Set(predicted.filter((s) => this.counts.has(s.type)).map(key));
    for (const k of predKeys) {
      const c = this.counts.get(k.slice(k.lastIndexOf(':') + 1));
      if (c === undefined) continue;
      if (goldKeys.has(k)) c.tp++;
      else c.fp++;
    }
    for (const k of goldKeys) {
      const c = this.counts.get(k.slice(k.lastIndexOf(':') + 1));
      if (c !== undefined && !predKeys.has(k)) c.fn++;
    }
  }

  scores(): Scores {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const perType = emptyRecord<{ precision: number; recall: number; f1: number; support: number } & TypeCounts>();
    for (const t of this.types) {
      const c = this.counts.get(t) ?? { tp: 0, fp: 0, fn: 0 };
      tp += c.tp;
      fp += c.fp;
      fn += c.fn;
      perType[t] = { ...prf(c.tp, c.fp, c.fn), support: c.tp + c.fn, ...c };
    }
    return { ...prf(tp, fp, fn), perType, counts: { tp, fp, fn } };
  }
}

function prf(tp: number, fp: number, fn: number): { precision: number; recall: number; f1: number } {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Model type id spans → typed spans (names of `EntityType`). */
export function typedSpans(spans: readonly TagSpan[]): TypedSpan[] {
  return spans.map((s) => ({ start: s.start, end: s.end, type: MODEL_TYPES[s.type] ?? 'other' }));
}
