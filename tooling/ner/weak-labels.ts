/**
 * Weak supervision for the recognizer: labelling functions built from the project's own
 * rules and typed lists, applied to unlabelled page text, and an aggregation that keeps a
 * label only where they agree or one of them is sure. The result is partially labelled
 * sentences: each token is a tag (`O`, `B-company`, …) or `?` (unknown: the trainer lets
 * the model's own best path fill it, see `train.ts`).
 *
 * Labelling functions (each gives typed character spans):
 * - R, rules: the rule recognizer with the web-name layer on top (compiled typed lists,
 *   context cues, common-word filter), i.e. everything but the trained model;
 * - M, model: the shipped trained recognizer alone;
 * - S, structured data: names the page's JSON-LD / microdata declares, with their type,
 *   found verbatim in the text;
 * - A, the analysis (optional, `Votes.stored`): the names the page's full analysis stores
 *   (keep stage, typing from every piece of evidence, generic-term and everyday-word filters),
 *   name or alias → type. These are the precision rules of the day, applied page-wide.
 *
 * Aggregation (in this order; a span overlapping one already kept is skipped):
 * 1. S's span where R or M found exactly that span (any type): S's type (the page says so);
 * 2. R and M found the same span with the same type: that type (two readers agree);
 * 3. R is sure (score ≥ SURE_SCORE: a listed name or a context cue) and M found no span
 *    with other bounds over it: R's type (the lists and cues are the project's typed truth).
 * With A given, rules 2 and 3 keep a span only if A stores its words (else it stays unknown:
 * the analysis judged it no name of the article), with A's type; and
 * 4. a span R or M alone found whose words A stores: A's type (the page's evidence decided).
 * Tokens inside a kept span get its B/I tags; tokens some function put in a span that was
 * not kept are `?`; tokens no function put in a span are `O` (all agree: no name here).
 */
import { InvalidArgumentsError } from '../../src/core/errors';
import { isEntityType, type EntityType } from '../../src/core/graph/types';
import type { TagSpan } from '../../src/extract/ner/decode';
import { MODEL_TYPES, TAG_COUNT } from '../../src/extract/ner/labels';
import { MAX_SENTENCE_TOKENS, tokenSentences, tokenize, type Token } from '../../src/nlp';
import type { LabeledSentence } from './conll';
import type { TrainingDocument } from './train';

/** A typed character span proposed by one labelling function. */
export interface Vote {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
  /** The function's confidence in [0, 1] (the recognizers' mention scores; 1 for structured data). */
  readonly score: number;
}

/** The labelling functions' votes over one text. */
export interface Votes {
  /** Rules + lists + cues. */
  readonly rules: readonly Vote[];
  /** The trained model alone. */
  readonly model: readonly Vote[];
  /** Structured-data names found in the text. */
  readonly structured: readonly Vote[];
  /** A: what the page's analysis stores, each name and alias → its type. */
  readonly stored?: ReadonlyMap<string, EntityType>;
  /** What A may do besides its veto: give its type to kept spans, add spans (rule 4). Default: both. */
  readonly storedUse?: { readonly type: boolean; readonly add: boolean };
}

/**
 * Rule scores at or above this are a listed name (0.9) or a context cue (0.85), not a guess
 * from capitals and CoNLL statistics (0.55) or a keyword (0.75).
 */
export const SURE_SCORE = 0.85;
/** Unknown label of a token (the trainer lets any tag stand there). */
export const UNKNOWN = '?';

/** One weakly labelled sentence: tokens as the recognizer splits them and one label each. */
export interface WeakSentence {
  readonly tokens: readonly string[];
  /** `O`, `B-<type>`, `I-<type>` or `?`. */
  readonly labels: readonly string[];
}

/** Why each kept span was kept, for the report. */
export interface WeakCounts {
  structured: number;
  agree: number;
  sure: number;
  /** Spans only R or M found that the analysis stores (rule 4). */
  stored: number;
  /** Spans rules 2-3 would keep that the analysis does not store. */
  vetoed: number;
  /** Spans some function proposed that were not kept (their tokens are unknown). */
  dropped: number;
}

export interface KeptSpan {
  readonly start: number;
  readonly end: number;
  readonly type: EntityType;
  readonly reason: 'structured' | 'agree' | 'sure' | 'stored';
}

interface TokenSpan {
  readonly first: number;
  /** One past the last token. */
  readonly last: number;
  readonly type: EntityType;
  readonly score: number;
}

/**
 * Every exact occurrence of each structured name in `text` on token boundaries.
 *
 * @example
 *   structuredVotes('Stripe hired Ana.', [{ name: 'Stripe', type: 'company' }]) // [{ start: 0, end: 6, type: 'company', score: 1 }]
 */
export function structuredVotes(text: string, names: ReadonlyArray<{ readonly name: string; readonly type: EntityType }>): Vote[] {
  const out: Vote[] = [];
  const seen = new Set<string>();
  for (const { name, type } of names) {
    // One-character names and sentence-long ones are not names to look for in prose.
    if (name.length < 2 || name.length > 80 || seen.has(name)) continue;
    seen.add(name);
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + name.length] ?? ' ';
      if (/[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after)) continue;
      out.push({ start: at, end: at + name.length, type, score: 1 });
    }
  }
  return out;
}

/** Votes → token spans of one sentence; a vote that does not fall on token bounds marks its tokens touched. */
function toTokenSpans(votes: readonly Vote[], tokens: readonly Token[], from: number, to: number, touched: Uint8Array): TokenSpan[] {
  const first = tokens[from];
  const last = tokens[to - 1];
  if (first === undefined || last === undefined) return [];
  const byStart = new Map<number, number>();
  const byEnd = new Map<number, number>();
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    byStart.set(t.start, i);
    byEnd.set(t.end, i + 1);
  }
  const out: TokenSpan[] = [];
  for (const v of votes) {
    if (v.end <= first.start || v.start >= last.end) continue;
    const a = byStart.get(v.start);
    const b = byEnd.get(v.end);
    if (a !== undefined && b !== undefined && b > a) {
      out.push({ first: a - from, last: b - from, type: v.type, score: v.score });
      continue;
    }
    for (let i = from; i < to; i++) {
      const t = tokens[i];
      if (t !== undefined && t.start < v.end && v.start < t.end) touched[i - from] = 1;
    }
  }
  return out;
}

const overlaps = (a: { first: number; last: number }, b: { first: number; last: number }): boolean => a.first < b.last && b.first < a.last;

/**
 * The spans kept in one sentence by the aggregation rules of the module header. `stored`
 * gives A's type of a span's words: `undefined` when A stores them not, always `null`
 * without A (rules 1-3 alone).
 */
function aggregate(
  rules: readonly TokenSpan[],
  model: readonly TokenSpan[],
  structured: readonly TokenSpan[],
  stored: (s: TokenSpan) => EntityType | null | undefined,
  counts: WeakCounts,
  use: { readonly type: boolean; readonly add: boolean },
): Array<TokenSpan & { reason: KeptSpan['reason'] }> {
  const kept: Array<TokenSpan & { reason: KeptSpan['reason'] }> = [];
  const free = (s: TokenSpan): boolean => !kept.some((k) => overlaps(k, s));
  const same = (a: TokenSpan, b: TokenSpan): boolean => a.first === b.first && a.last === b.last;
  /** Keeps a span of rule 2 or 3 unless A stores it not; A's type when A speaks. */
  const keep = (r: TokenSpan, reason: 'agree' | 'sure'): void => {
    const type = stored(r);
    if (type === undefined) counts.vetoed++;
    else kept.push({ ...r, type: use.type ? (type ?? r.type) : r.type, reason });
  };
  for (const s of structured) {
    if (free(s) && [...rules, ...model].some((v) => same(v, s))) kept.push({ ...s, reason: 'structured' });
  }
  for (const r of rules) {
    if (free(r) && model.some((m) => same(m, r) && m.type === r.type)) keep(r, 'agree');
  }
  for (const r of rules) {
    if (r.score < SURE_SCORE || !free(r)) continue;
    // The model reading other bounds over the name is a real disagreement: leave it unknown.
    if (model.some((m) => overlaps(m, r) && !same(m, r))) continue;
    keep(r, 'sure');
  }
  for (const v of use.add ? [...rules, ...model] : []) {
    const type = stored(v);
    if (type !== null && type !== undefined && free(v)) kept.push({ ...v, type, reason: 'stored' });
  }
  return kept;
}

/**
 * Labels a text from the functions' votes: sentences as the trained recognizer splits
 * them, each token a tag or `?`. Sentences without a letter are left out.
 *
 * @example
 *   weakLabel('Ana Lopez joined Stripe.', { rules: [...], model: [...], structured: [] }, counts)
 *   // [{ tokens: ['Ana', 'Lopez', 'joined', 'Stripe', '.'], labels: ['B-person', 'I-person', 'O', 'B-company', 'O'] }]
 */
export function weakLabel(text: string, votes: Votes, counts: WeakCounts, kept?: KeptSpan[]): WeakSentence[] {
  const tokens = tokenize(text);
  const out: WeakSentence[] = [];
  for (const [from, to] of tokenSentences(text, tokens, MAX_SENTENCE_TOKENS)) {
    const n = to - from;
    const touched = new Uint8Array(n);
    const r = toTokenSpans(votes.rules, tokens, from, to, touched);
    const m = toTokenSpans(votes.model, tokens, from, to, touched);
    const s = toTokenSpans(votes.structured, tokens, from, to, touched);
    for (const span of [...r, ...m, ...s]) touched.fill(1, span.first, span.last);
    const labels: string[] = Array.from(touched, (t) => (t === 1 ? UNKNOWN : 'O'));
    const surface = (x: TokenSpan): string => text.slice(tokens[from + x.first]?.start ?? 0, tokens[from + x.last - 1]?.end ?? 0);
    const stored = votes.stored;
    const keep = aggregate(
      r,
      m,
      s,
      stored === undefined ? () => null : (x) => stored.get(surface(x)),
      counts,
      votes.storedUse ?? { type: true, add: true },
    );
    for (const k of keep) {
      counts[k.reason]++;
      for (let i = k.first; i < k.last; i++) labels[i] = `${i === k.first ? 'B' : 'I'}-${k.type}`;
      const a = tokens[from + k.first];
      const b = tokens[from + k.last - 1];
      if (a !== undefined && b !== undefined) kept?.push({ start: a.start, end: b.end, type: k.type, reason: k.reason });
    }
    const proposed = new Set([...r, ...m, ...s].map((x) => `${x.first}:${x.last}`));
    counts.dropped += [...proposed].filter((key) => !keep.some((k) => `${k.first}:${k.last}` === key)).length;
    const words = tokens.slice(from, to).map((t) => t.text);
    if (!words.some((w) => /\p{L}/u.test(w))) continue;
    out.push({ tokens: words, labels });
  }
  return out;
}

/** What a page's gold says of its article: every name and alias with its type, and what is no name. */
export interface GoldNames {
  readonly names: ReadonlyArray<{ readonly name: string; readonly type: EntityType }>;
  /** Strings the annotator judged no named entity here, lower-cased (a span reading one of them is `O`). */
  readonly notEntities: ReadonlySet<string>;
}

/**
 * Labels a text from its page gold (an annotated page, not votes): every occurrence of a gold
 * name or alias on token bounds gets the gold type (longer names first, no overlaps); a span
 * the rules or the model propose elsewhere is `O` when the gold calls it no name, else unknown
 * (the gold did not judge it: furniture, or a name the annotator left out); every other token
 * is `O`. Returns the sentences and how many gold spans were placed.
 *
 * @example
 *   goldLabel('Ana Lopez joined Stripe.', { names: [{ name: 'Stripe', type: 'company' }, { name: 'Ana Lopez', type: 'person' }], notEntities: new Set() }, [])
 *   // sentences: [{ tokens: ['Ana', 'Lopez', 'joined', 'Stripe', '.'], labels: ['B-person', 'I-person', 'O', 'B-company', 'O'] }]
 */
export function goldLabel(
  text: string,
  gold: GoldNames,
  proposed: readonly Vote[],
): { readonly sentences: WeakSentence[]; readonly spans: number; readonly unknown: number } {
  const tokens = tokenize(text);
  const named = structuredVotes(text, gold.names);
  const sentences: WeakSentence[] = [];
  let spans = 0;
  let unknown = 0;
  for (const [from, to] of tokenSentences(text, tokens, MAX_SENTENCE_TOKENS)) {
    const touched = new Uint8Array(to - from);
    const candidates = toTokenSpans(named, tokens, from, to, touched).sort(
      (a, b) => b.last - b.first - (a.last - a.first) || a.first - b.first,
    );
    const kept: TokenSpan[] = [];
    for (const c of candidates) if (!kept.some((k) => overlaps(k, c))) kept.push(c);
    const labels: string[] = new Array<string>(to - from).fill('O');
    const others = new Uint8Array(to - from);
    for (const v of toTokenSpans(proposed, tokens, from, to, others)) others.fill(1, v.first, v.last);
    const surface = (a: number, b: number): string => text.slice(tokens[from + a]?.start ?? 0, tokens[from + b - 1]?.end ?? 0);
    // A proposed span outside the gold's names: `O` if the gold calls it no name, else unknown.
    for (let i = 0; i < labels.length; i++) {
      if (others[i] !== 1 || kept.some((k) => i >= k.first && i < k.last)) continue;
      let j = i;
      while (j < labels.length && others[j] === 1 && !kept.some((k) => j >= k.first && j < k.last)) j++;
      if (!gold.notEntities.has(surface(i, j).toLowerCase())) {
        labels.fill(UNKNOWN, i, j);
        unknown += j - i;
      }
      i = j - 1;
    }
    for (const k of kept) for (let i = k.first; i < k.last; i++) labels[i] = `${i === k.first ? 'B' : 'I'}-${k.type}`;
    spans += kept.length;
    const words = tokens.slice(from, to).map((t) => t.text);
    if (!words.some((w) => /\p{L}/u.test(w))) continue;
    sentences.push({ tokens: words, labels });
  }
  return { sentences, spans, unknown };
}

/** A file written by `build-weak-labels.ts`. */
export interface WeakFile {
  readonly pages: ReadonlyArray<{ readonly page: string; readonly sentences: readonly WeakSentence[] }>;
}

/** Every tag allowed: the mask of an unknown token. */
const ANY_TAG = (1 << TAG_COUNT) - 1;

/**
 * The pages of a weak-label file as partially labelled training documents (one per page,
 * so document features and the prediction history work as on a page); their names stay
 * out of the gazetteer unless `gazetteer` is set.
 *
 * @example
 *   const docs = weakDocuments(JSON.parse(readFileSync('/tmp/ner-weak.json', 'utf8')), 1);
 */
export function weakDocuments(file: WeakFile, repeat: number, gazetteer = false): TrainingDocument[] {
  return file.pages.flatMap(({ sentences }) => {
    const labelled: LabeledSentence[] = [];
    const allowed: Uint16Array[] = [];
    for (const s of sentences) {
      const spans: TagSpan[] = [];
      const mask = new Uint16Array(s.tokens.length);
      s.labels.forEach((label, i) => {
        if (label === UNKNOWN) mask[i] = ANY_TAG;
        else if (label.startsWith('B-')) {
          const name = label.slice(2);
          const type = isEntityType(name) ? MODEL_TYPES.indexOf(name) : -1;
          if (type < 0) throw new InvalidArgumentsError(`weak label "${label}" names no entity type; rebuild the file`);
          let end = i + 1;
          while (s.labels[end] === `I-${label.slice(2)}`) end++;
          spans.push({ start: i, end, type });
        }
      });
      labelled.push({ tokens: s.tokens, spans, raw: [] });
      allowed.push(mask);
    }
    if (labelled.length === 0) return [];
    return [{ doc: { sentences: labelled }, repeat, allowed, gazetteer }];
  });
}
