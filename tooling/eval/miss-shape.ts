/**
 * Why a gold relation the graph lacks was missed, read off its shape alone (the
 * evidence sentence's words around the two names, and what the graph holds), never off
 * what the sentence says: `npm run eval:miss-shapes` tallies these over a gold set, so
 * the losses can be located on the check set without reading its sentences to write rules.
 *
 * The classes, tried in this order (the first that fits is the reason):
 *   - `end not recognized`: an end is no entity of the page's graph;
 *   - `end typed wrong`: both ends are entities but one has a type the label never takes
 *     (a founder that is no person, a product that is a company);
 *   - `label or direction`: a typed relationship joins the pair, with another label or the other way;
 *   - `anaphor`: the sentence names one end only and speaks of the other as "it", "he",
 *     "the company", "we" (the subject carried from another sentence);
 *   - `not in one sentence`: the sentence names one end only, with no such word;
 *   - `list or coordination`: another entity of the graph stands between the names, joined by "," or "and";
 *   - `apposition or title`: the names are joined by a comma or a possessive and a role or kind word;
 *   - `far apart`: more than `FAR_TOKENS` words between the names;
 *   - `trigger not known`: the names are close and alone, and no rule or the classifier read the words between.
 */

export const MISS_SHAPES = [
  'end not recognized',
  'end typed wrong',
  'label or direction',
  'anaphor',
  'not in one sentence',
  'list or coordination',
  'apposition or title',
  'far apart',
  'trigger not known',
] as const;
export type MissShape = (typeof MISS_SHAPES)[number];

/** Words between two names beyond which no rule reads them as one clause (the rules' own window is 12). */
export const FAR_TOKENS = 12;

/** One end of the missed relation as the graph holds it (undefined: no entity of the graph). */
export interface MissEnd {
  /** Every name the sentence may use for it: the gold's names and the graph entity's name and aliases. */
  readonly names: readonly string[];
  /** The graph entity's type, when it is one. */
  readonly type?: string;
}

export interface MissInput {
  readonly label: string;
  readonly evidence: string;
  readonly from: MissEnd;
  readonly to: MissEnd;
  /** True when the ends are graph entities. */
  readonly fromInGraph: boolean;
  readonly toInGraph: boolean;
  /** A typed relationship of the graph joins the two ends (any label, any direction). */
  readonly pairTyped: boolean;
  /** Names of the other entities of the page's graph (for lists). */
  readonly others: readonly string[];
}

/** The types each gold label takes at each end (graph entity types); a label not listed takes any. */
const END_TYPES: ReadonlyMap<string, { readonly from?: readonly string[]; readonly to?: readonly string[] }> = new Map([
  ['founded_by', { from: ['company', 'product', 'other'], to: ['person'] }],
  ['ceo_of', { from: ['person'], to: ['company'] }],
  ['coo_of', { from: ['person'], to: ['company'] }],
  ['cto_of', { from: ['person'], to: ['company'] }],
  ['president_of', { from: ['person'] }],
  ['works_for', { from: ['person'] }],
  ['headquartered_in', { to: ['location'] }],
  ['located_in', { to: ['location'] }],
  ['develops', { to: ['product', 'technology', 'other'] }],
  ['uses', { to: ['product', 'technology', 'other'] }],
  ['spouse_of', { from: ['person'], to: ['person'] }],
]);

/** Words that stand for an entity the sentence does not name. */
const ANAPHORS = new Set(['it', 'its', 'he', 'she', 'his', 'her', 'they', 'their', 'we', 'our', 'i', 'my']);
/** Nouns of a definite description ("the company", "the startup"). */
const DESCRIPTION_NOUNS = new Set(['company', 'startup', 'firm', 'agency', 'organization', 'giant', 'service', 'app', 'platform']);
/** Role and kind words of an apposition or title ("X's chief executive, Y", "Y, founder of X", "X, a Y unit"). */
const ROLE_WORDS = new Set([
  'ceo',
  'cto',
  'coo',
  'cfo',
  'chief',
  'executive',
  'officer',
  'president',
  'founder',
  'co-founder',
  'cofounder',
  'chairman',
  'chair',
  'director',
  'head',
  'manager',
  'partner',
  'editor',
  'engineer',
  'vice',
  'vp',
  'spokesman',
  'spokeswoman',
  'spokesperson',
  'unit',
  'subsidiary',
  'division',
  'maker',
  'owner',
]);

/** Lower-cased word tokens and punctuation of a text. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu) ?? [];
}

/** Token index ranges of every occurrence of any of `names` in `tokens` (whole tokens). */
function occurrences(tokens: readonly string[], names: readonly string[]): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (const n of names) {
    const w = words(n);
    if (w.length === 0) continue;
    for (let i = 0; i + w.length <= tokens.length; i++)
      if (w.every((x, k) => tokens[i + k] === x)) out.push({ start: i, end: i + w.length });
  }
  return out;
}

/**
 * The shape of one missed gold relation (see the header).
 *
 * @example
 *   missShape({ label: 'founded_by', evidence: 'He started Acme in 2001.', from: { names: ['Acme'], type: 'company' },
 *     to: { names: ['Ada Quinn'], type: 'person' }, fromInGraph: true, toInGraph: true, pairTyped: false, others: [] }) // 'anaphor'
 */
export function missShape(m: MissInput): MissShape {
  if (!m.fromInGraph || !m.toInGraph) return 'end not recognized';
  const types = END_TYPES.get(m.label);
  const fits = (allowed: readonly string[] | undefined, t: string | undefined) =>
    allowed === undefined || t === undefined || allowed.includes(t);
  if (!fits(types?.from, m.from.type) || !fits(types?.to, m.to.type)) return 'end typed wrong';
  if (m.pairTyped) return 'label or direction';
  return sentenceShape(m.evidence, m.from.names, m.to.names, m.others);
}

/** The sentence's part of the shapes (from `anaphor` on): how the evidence sentence states the pair, whatever the graph holds. */
export type SentenceShape = Exclude<MissShape, 'end not recognized' | 'end typed wrong' | 'label or direction'>;

/**
 * How an evidence sentence states a pair (the shapes from `anaphor` on, `trigger not known`
 * read as "close and alone"): tallied over found and missed relations alike, it says how
 * much of each shape the readers cover (the anaphors' share found, the lists').
 *
 * @example
 *   sentenceShape('She started Kestrel Labs.', ['Kestrel Labs'], ['Ada Quinn'], []) // 'anaphor'
 */
export function sentenceShape(
  evidence: string,
  fromNames: readonly string[],
  toNames: readonly string[],
  others: readonly string[],
): SentenceShape {
  const tokens = words(evidence);
  const a = occurrences(tokens, fromNames);
  const b = occurrences(tokens, toNames);
  if (a.length === 0 || b.length === 0) {
    const described = tokens.some((w, i) => w === 'the' && DESCRIPTION_NOUNS.has(tokens[i + 1] ?? ''));
    return tokens.some((w) => ANAPHORS.has(w)) || described ? 'anaphor' : 'not in one sentence';
  }
  // The closest pair of occurrences.
  let best: { left: { start: number; end: number }; right: { start: number; end: number } } | undefined;
  let gap = Number.POSITIVE_INFINITY;
  for (const x of a)
    for (const y of b) {
      const [left, right] = x.start <= y.start ? [x, y] : [y, x];
      const g = Math.max(0, right.start - left.end);
      if (g < gap) {
        gap = g;
        best = { left, right };
      }
    }
  if (best === undefined) return 'not in one sentence';
  const between = tokens.slice(best.left.end, best.right.start);
  const listed = occurrences(tokens, others).filter((o) => o.start >= best.left.end && o.end <= best.right.start);
  if (listed.length > 0 && between.some((w) => w === ',' || w === 'and' || w === '&')) return 'list or coordination';
  const joined = between.includes(',') || between.includes("'") || between.includes('’');
  if (gap <= FAR_TOKENS && joined && between.some((w) => ROLE_WORDS.has(w))) return 'apposition or title';
  if (gap > FAR_TOKENS) return 'far apart';
  return 'trigger not known';
}
