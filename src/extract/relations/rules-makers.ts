/**
 * A made thing and its maker said the other way round (`rules.ts` asks these): the thing
 * first, its maker after a passive's "by" ("Kestrel, developed by Contoso", "Kestrel was
 * created by Ada Quinn"), a product noun and "from" ("the Kestrel app from Contoso"), the
 * maker's possessive in an apposition ("Kestrel, Contoso's chat app"); and the maker named
 * by a maker noun ("Kestrel maker Contoso", "Contoso, the maker of Kestrel"). Token
 * lookups only: the tokens are `tokenize`'s, lower-cased.
 */
import type { Span, Token } from './features';
import { AUXILIARIES, decide, type RuleDecision } from './rules-shared';
import { PRODUCT_NOUNS } from '../../core/text/relation-vocabulary';

/** Participles of making before "by": "developed by", "made by", "created by". */
const MADE_BY = new Set([
  'made',
  'developed',
  'built',
  'designed',
  'created',
  'manufactured',
  'produced',
  'written',
  'published',
  'engineered',
]);
/** Nouns of a maker: "Kestrel maker Contoso", "the maker of Kestrel". */
const MAKER_NOUNS = new Set(['maker', 'makers', 'developer', 'creator', 'manufacturer', 'publisher', 'designer']);
const PRODUCTS: ReadonlySet<string> = new Set(PRODUCT_NOUNS);
/** Describing words at most in "Contoso's new chat app" between the possessive and the product noun. */
const MAX_DESCRIBING = 3;

/**
 * The thing `a` was made by `b`: "was developed by", ", created by", ", which was made by"
 * (auxiliaries, a participle of making, "by" and an article at most between).
 *
 * @example
 *   madeBy(['was', 'developed', 'by']) // true
 */
export function madeBy(between: readonly string[]): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  if (words.at(-1) !== 'by' || !MADE_BY.has(words.at(-2) ?? '')) return false;
  const lead = words.slice(0, -2);
  const start = lead[0] === ',' ? (lead[1] === 'which' || lead[1] === 'that' ? 2 : 1) : 0;
  return lead.slice(start).every((w) => AUXILIARIES.has(w) || w === 'originally' || w === 'jointly');
}

/** "the Kestrel app from Contoso", "Kestrel, a chat app by Contoso": a product noun, then "from" or "by", before the maker. */
export function productBy(between: readonly string[]): boolean {
  const last = between.at(-1) === 'the' ? between.at(-2) : between.at(-1);
  const noun = between.at(-1) === 'the' ? between.at(-3) : between.at(-2);
  return (last === 'from' || last === 'by') && PRODUCTS.has(noun ?? '') && between.length <= MAX_DESCRIBING + 3;
}

/**
 * Decisions for a made thing `a` before an organization or person `b`: made by, a product
 * noun "from", or the maker's possessive in an apposition ("Kestrel, Contoso's chat app,").
 */
export function makerAfter(tokens: readonly Token[], a: Span, b: Span): RuleDecision[] {
  if (a.type !== 'misc' || (b.type !== 'org' && b.type !== 'per')) return [];
  const between = tokens.slice(a.end, b.start).map((t) => t.text);
  // The thing's span may end with its product noun ("the Kestrel app": `namedThing`), then only "from" is between.
  const noun = PRODUCTS.has(tokens[a.end - 1]?.text ?? '') ? [tokens[a.end - 1]?.text ?? ''] : [];
  if (madeBy(between) || (b.type === 'org' && productBy([...noun, ...between]))) return [decide('develops', false)];
  // "Kestrel maker Contoso": the maker noun alone between the thing and its maker.
  if (b.type === 'org' && between.length === 1 && MAKER_NOUNS.has(between[0] ?? '')) return [decide('develops', false)];
  if (b.type === 'org' && between.length === 1 && between[0] === ',' && possessedProduct(tokens, b)) return [decide('develops', false)];
  return [];
}

/** "Contoso's chat app," right after `b`: its possessive, a few describing words, a product noun ending the apposition. */
function possessedProduct(tokens: readonly Token[], b: Span): boolean {
  if (tokens[b.end]?.text !== "'" || tokens[b.end + 1]?.text !== 's') return false;
  for (let i = b.end + 2; i <= b.end + 2 + MAX_DESCRIBING && i < tokens.length; i++) {
    const w = tokens[i]?.text ?? '';
    if (PRODUCTS.has(w)) return !/^\p{L}/u.test(tokens[i + 1]?.text ?? '');
    if (!/^[\p{Ll}-]+$/u.test(w)) return false;
  }
  return false;
}

/** "Contoso, the maker of Kestrel", "Contoso, developer of the Kestrel app": the organization `a`, then its maker noun's apposition. */
export function makerOf(between: readonly string[]): boolean {
  const words = between.at(-1) === 'the' ? between.slice(0, -1) : between;
  if (words[0] !== ',' || words.at(-1) !== 'of') return false;
  const noun = words.at(-2) ?? '';
  const lead = words.slice(1, -2);
  return MAKER_NOUNS.has(noun) && lead.length <= 2 && lead.every((w) => w === 'the' || w === 'a' || /^[\p{Ll}-]+$/u.test(w));
}
