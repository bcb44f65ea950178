/**
 * How the symbolic answerer words its answers: type nouns, lists of names ("A, B and 3
 * more"), page counts and titles, a question's verb agreeing with its subject. Pure
 * string helpers shared by the intent modules.
 */
import type { EntityType } from '../../graph/types';
import { listAll } from '../answer-values';
import type { PageScope } from '../query-context';

// Names listed in one sentence before "and N more".
export const LIST_IN_SENTENCE = 8;

export const TYPE_SINGULAR: Readonly<Record<EntityType, string>> = {
  company: 'company',
  person: 'person',
  technology: 'technology',
  product: 'product',
  location: 'location',
  other: 'other entity',
};
export const TYPE_PLURAL: Readonly<Record<EntityType, string>> = {
  company: 'companies',
  person: 'people',
  technology: 'technologies',
  product: 'products',
  location: 'locations',
  other: 'other entities',
};

export function words(label: string): string {
  return label.replace(/_/g, ' ');
}
/** Names in one sentence: "A, B and C", at most LIST_IN_SENTENCE of them before "and N more". */
export function listNames(names: readonly string[]): string {
  return listAll(names, LIST_IN_SENTENCE);
}
export function entities(n: number): string {
  return `${n} entit${n === 1 ? 'y' : 'ies'}`;
}
export function pagesWord(n: number): string {
  return `${n} page${n === 1 ? '' : 's'}`;
}
/** The sentence before a list of pages: how many there are in all, and which are shown (from the `start`-th newest). */
export function pagesHeading(scope: PageScope, start: number, shown: number, total: number): string {
  const what = 'with what each gave your graph:';
  const all = scope === 'today' ? `You captured ${pagesWord(total)} today.` : `You have captured ${pagesWord(total)}.`;
  if (start > 1) return `${all} Here are numbers ${start} to ${start + shown - 1}, the newest first, ${what}`;
  if (total > shown) return `${all} Here are the ${shown} most recent, ${what}`;
  if (scope !== 'today') return `Your ${shown} most recently captured ${shown === 1 ? 'page' : 'pages'}, ${what}`;
  return `${all} Here is what ${total === 1 ? 'it' : 'each'} gave your graph:`;
}
/**
 * The question's verb agreeing with its subject: "work for" → "works for" for one subject,
 * "owns" → "own" for several (the question gave it in either form).
 */
export function verbForm(relation: string, subject: 'singular' | 'plural'): string {
  const [verb = '', ...rest] = relation.split(' ');
  const base = /[^s]s$/.test(verb) ? verb.slice(0, -1) : verb;
  const form =
    subject === 'plural'
      ? base
      : /(?:s|sh|ch|x|z)$/.test(base)
        ? `${base}es`
        : /[^aeiou]y$/.test(base)
          ? `${base.slice(0, -1)}ies`
          : `${base}s`;
  return [form, ...rest].join(' ');
}
/** A page title in quotation marks. */
export function quote(title: string): string {
  return `“${title}”`;
}
/** The titles of the pages cited, with how many more there are: “A”, “B” and 1 more. */
export function titles(pages: readonly { readonly url: string; readonly title: string }[], total: number): string {
  const shown = pages.map((p) => quote(p.title.trim() || p.url));
  return listNames(total > shown.length ? [...shown, `${total - shown.length} more`] : shown);
}
