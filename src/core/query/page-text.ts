/**
 * What a captured page's own words say about an entity, for citations and co-mentions: a
 * page counts for an entity only when its text (kept sentences, title) names it, and never
 * when the entity is only the page's masthead (its publisher, byline or site name), which
 * stands beside everything the page names without being said with any of it: it counts only
 * where the text itself names it.
 */
import type { Entity, Page } from '../graph/types';
import { nameKey } from '../text/normalize';

/** The part of a page these checks read. */
export type PageText = Pick<Page, 'title' | 'site' | 'byline' | 'sentences'>;
/** The part of an entity these checks read. */
export type NamedEntity = Pick<Entity, 'name' | 'aliases' | 'type'>;

// A title's site name stands after one of these between spaces ("Funding news | The Daily Ledger").
const TITLE_SEPARATOR = / (?:[|–—·•-]|::) /;
// Host labels that name no publisher ("www.daily.example", "m.daily.example").
const HOST_NOISE: ReadonlySet<string> = new Set(['www', 'm', 'amp', 'mobile']);

/** `needle` in `hay` with no letter or digit right before or after (both lower case). */
export function containsWord(hay: string, needle: string): boolean {
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(hay.charAt(at - 1)) && !/[\p{L}\p{N}]/u.test(hay.charAt(at + needle.length))) return true;
  }
  return false;
}

/** The lower-case names a sentence may call `entity` by: name, aliases, and a person's surname. */
export function namesInText(entity: NamedEntity): string[] {
  // A person is often named by surname alone after the first mention ("Kay", "Peterson").
  const surname =
    entity.type === 'person'
      ? entity.name
          .split(' ')
          .filter((w) => w.length > 2)
          .at(-1)
      : undefined;
  return [entity.name, ...entity.aliases, ...(surname !== undefined && surname !== entity.name ? [surname] : [])]
    .map((n) => n.toLowerCase())
    .filter((n) => n.length > 1);
}

/** A title's segments, split where a separator stands between spaces. */
function titleParts(title: string): string[] {
  return title.replace(/\s+/g, ' ').split(TITLE_SEPARATOR);
}

/** The title's segments apart from its site name: "Ada joins Initech | Daily Ledger" → "Ada joins Initech". */
function titleBody(title: string): string {
  const parts = titleParts(title);
  return parts.length > 1 ? parts.slice(0, -1).join(' ') : title;
}

/** Name keys of the page's masthead: its byline, its site name in the title, its host's labels. */
function mastheadKeys(page: PageText): { readonly byline: string; readonly exact: ReadonlySet<string> } {
  const parts = titleParts(page.title);
  const siteInTitle = parts.length > 1 ? [nameKey(parts.at(-1) ?? '')] : [];
  const labels = page.site
    .toLowerCase()
    .split('.')
    .slice(0, -1)
    .filter((l) => !HOST_NOISE.has(l));
  return { byline: ` ${nameKey(page.byline ?? '')} `, exact: new Set([...siteInTitle, ...labels]) };
}

/**
 * True when `entity` is the page's publisher, author or site name: named in its byline, as
 * the title's trailing site name, or as its host ("daily-ledger.example" for "Daily Ledger").
 *
 * @example
 *   isMasthead({ title: 'Ada joins Initech | Daily Ledger', site: 'news.example', sentences: [] },
 *     { name: 'Daily Ledger', aliases: [], type: 'company' }) // true
 */
export function isMasthead(page: PageText, entity: NamedEntity): boolean {
  const masthead = mastheadKeys(page);
  return [entity.name, ...entity.aliases].some((n) => {
    const key = nameKey(n);
    if (key.length === 0) return false;
    const squashed = key.replace(/ /g, '');
    return masthead.byline.includes(` ${key} `) || masthead.exact.has(key) || masthead.exact.has(squashed);
  });
}

/**
 * True when the page's own words name `entity`: one of its kept sentences (not its byline
 * line), or its title without the site name. A page whose sentences were not kept is taken
 * at its word (it lists the entity).
 *
 * @example
 *   namedOnPage({ title: 'Funding news | Daily Ledger', site: 'news.example', sentences: ['Initech hired Ada Okafor.'] },
 *     { name: 'Daily Ledger', aliases: [], type: 'company' }) // false
 */
export function namedOnPage(page: PageText, entity: NamedEntity): boolean {
  if (page.sentences === undefined) return true;
  const own = namesInText(entity);
  const title = titleBody(page.title).toLowerCase();
  return own.some((n) => containsWord(title, n)) || sentenceNaming(page, entity) !== undefined;
}

/**
 * True when the page counts for `entity` in "mentioned with" answers: its words name it
 * (`namedOnPage`). Being the page's masthead is not being named by it: a publisher, an author
 * or a site name counts only where the text itself names it, and not at all on a page whose
 * sentences were not kept.
 *
 * @example
 *   mentionedOnPage({ title: 'Funding news', site: 'daily-ledger.example', byline: 'Daily Ledger' },
 *     { name: 'Daily Ledger', aliases: [], type: 'company' }) // false
 */
export function mentionedOnPage(page: PageText, entity: NamedEntity): boolean {
  return page.sentences === undefined ? !isMasthead(page, entity) : namedOnPage(page, entity);
}

/** A kept sentence that is the page's byline line ("By Ada Okafor and Bo Li"), not its text. */
function bylineLine(page: PageText, sentence: string): boolean {
  const byline = page.byline?.trim().toLowerCase();
  if (byline === undefined || byline.length === 0) return false;
  const s = sentence.trim().toLowerCase();
  return s.includes(byline) || byline.includes(s);
}

/**
 * The first of the page's kept sentences naming `entity`, preferring one that also names
 * `with` (the entity asked about); undefined when none does.
 */
export function sentenceNaming(page: PageText, entity: NamedEntity, with_?: NamedEntity): string | undefined {
  const own = namesInText(entity);
  const other = with_ === undefined ? [] : namesInText(with_);
  let first: string | undefined;
  for (const s of page.sentences ?? []) {
    if (bylineLine(page, s)) continue;
    const lower = s.toLowerCase();
    if (!own.some((n) => containsWord(lower, n))) continue;
    if (other.length === 0 || other.some((n) => containsWord(lower, n))) return s;
    first ??= s;
  }
  return first;
}
