/**
 * CoNLL-2003 reader: documents (text between `-DOCSTART-` lines) with their gold
 * entity spans as character offsets into the document text. Tokens of a sentence
 * are joined by single spaces, sentences by a new line. Reads IOB1 (the original
 * files: `I-X` continues or starts, `B-X` splits adjacent entities) and IOB2.
 */
import { InvalidArgumentsError } from '../../core/errors';

export type ConllType = 'PER' | 'ORG' | 'LOC' | 'MISC';

export interface GoldSpan {
  readonly start: number;
  readonly end: number;
  readonly type: ConllType;
}

export interface ConllToken {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The tag as written (`I-PER`, `B-LOC`, `O`). */
  readonly tag: string;
}

export interface ConllDocument {
  readonly text: string;
  readonly tokens: readonly ConllToken[];
  /** Token index ranges of sentences: [first, last + 1). */
  readonly sentences: readonly (readonly [number, number])[];
  readonly spans: readonly GoldSpan[];
}

/** Documents larger than this many tokens are refused (the real ones are under 2,000). */
const MAX_DOC_TOKENS = 100_000;
const TYPES = new Set<string>(['PER', 'ORG', 'LOC', 'MISC']);

function isConllType(value: string): value is ConllType {
  return TYPES.has(value);
}

/**
 * @example
 *   const docs = readConll(readFileSync('eng.testa', 'utf8'));
 *   docs[0].spans[0] // { start: 0, end: 6, type: 'ORG' }
 */
export function readConll(content: string): ConllDocument[] {
  const docs: ConllDocument[] = [];
  let sentences: { text: string; tag: string }[][] = [];
  let current: { text: string; tag: string }[] = [];
  const flushSentence = () => {
    if (current.length > 0) sentences.push(current);
    current = [];
  };
  const flushDoc = () => {
    flushSentence();
    if (sentences.length > 0) docs.push(buildDocument(sentences));
    sentences = [];
  };
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length === 0) {
      flushSentence();
      continue;
    }
    const cols = line.split(/\s+/);
    const token = cols[0] ?? '';
    if (token === '-DOCSTART-') {
      flushDoc();
      continue;
    }
    const tag = cols[cols.length - 1] ?? 'O';
    if (cols.length < 2) throw new InvalidArgumentsError(`CoNLL line without a tag: "${line.slice(0, 80)}"; expected "token … tag"`);
    current.push({ text: token, tag });
  }
  flushDoc();
  return docs;
}

function buildDocument(sentences: readonly { text: string; tag: string }[][]): ConllDocument {
  const tokens: ConllToken[] = [];
  const ranges: [number, number][] = [];
  const spans: GoldSpan[] = [];
  let text = '';
  for (const sentence of sentences) {
    if (tokens.length > MAX_DOC_TOKENS) throw new InvalidArgumentsError(`a CoNLL document has more than ${MAX_DOC_TOKENS} tokens`);
    if (text.length > 0) text += '\n';
    const first = tokens.length;
    let open: { start: number; end: number; type: ConllType } | undefined;
    let prevType = 'O';
    sentence.forEach((tok, i) => {
      if (i > 0) text += ' ';
      const start = text.length;
      text += tok.text;
      const end = text.length;
      tokens.push({ text: tok.text, start, end, tag: tok.tag });
      const [prefix, type = ''] = tok.tag.includes('-') ? [tok.tag.slice(0, 1), tok.tag.slice(2)] : ['O', ''];
      const continues = prefix === 'I' && type === prevType && open !== undefined;
      if (!continues && open !== undefined) {
        spans.push(open);
        open = undefined;
      }
      if (prefix !== 'O' && isConllType(type)) {
        if (continues && open !== undefined) open.end = end;
        else open = { start, end, type };
      }
      prevType = prefix === 'O' ? 'O' : type;
    });
    if (open !== undefined) spans.push(open);
    ranges.push([first, tokens.length]);
  }
  return { text, tokens, sentences: ranges, spans };
}
