/**
 * Reads `<meta>` tags (OpenGraph, Twitter, Dublin Core, article:*, author,
 * publisher) into a small record, and the entities they name: the site (a
 * company) and the author (a person).
 */
import type { StructuredEntity } from '../../core/capture';
import { MAX_NAME_LENGTH } from '../../core/graph/types';
import { sanitizeLine } from '../page/sanitize';

/** Meta tags read per page (real pages carry under 100). */
const MAX_META_TAGS = 1_000;

export interface PageMeta {
  readonly get: (key: string) => string | undefined;
}

/**
 * Indexes meta tags (as collected by `scanDocument`) by lower-cased `property`,
 * `name` or `itemprop`; the first value wins.
 *
 * @example
 *   readMeta(scanDocument(doc).metas).get('og:site_name') // 'The Verge'
 */
export function readMeta(metas: readonly Element[]): PageMeta {
  const values = new Map<string, string>();
  for (const meta of metas.slice(0, MAX_META_TAGS)) {
    const content = meta.getAttribute('content');
    if (content === null) continue;
    for (const attr of ['property', 'name', 'itemprop', 'http-equiv']) {
      const key = meta.getAttribute(attr)?.trim().toLowerCase();
      if (key !== undefined && key.length > 0 && key.length < 100 && !values.has(key)) values.set(key, content);
    }
  }
  return { get: (key) => values.get(key.toLowerCase()) };
}

/** First non-empty sanitized value among `keys`. */
export function metaValue(meta: PageMeta, keys: readonly string[], max: number): string | undefined {
  for (const key of keys) {
    const value = sanitizeLine(meta.get(key), max);
    if (value !== undefined) return value;
  }
  return undefined;
}

function isUrlOrHandle(text: string): boolean {
  return /^(?:https?:)?\/\//i.test(text) || /^www\./i.test(text) || text.startsWith('@') || text.includes('@');
}

/** A byline that names people: 1-6 words, no URL, no e-mail, not a whole sentence. */
function looksLikePersonName(text: string): boolean {
  const words = text.split(/\s+/);
  return !isUrlOrHandle(text) && words.length >= 1 && words.length <= 6 && !/[.!?:;|]$/.test(text) && /\p{Lu}/u.test(text);
}

/** Entities named by meta tags: the site (company) and its authors (people). */
export function metaEntities(meta: PageMeta): StructuredEntity[] {
  const out: StructuredEntity[] = [];
  const siteName = metaValue(meta, ['og:site_name', 'application-name', 'twitter:site:name'], MAX_NAME_LENGTH);
  if (siteName !== undefined && !isUrlOrHandle(siteName)) {
    out.push({ ref: 'meta:site', name: siteName, type: 'company', aliases: [], attributes: {}, origin: 'opengraph' });
  }
  const publisher = metaValue(meta, ['publisher', 'article:publisher', 'dc.publisher'], MAX_NAME_LENGTH);
  if (publisher !== undefined && !isUrlOrHandle(publisher) && publisher !== siteName) {
    out.push({ ref: 'meta:publisher', name: publisher, type: 'company', aliases: [], attributes: {}, origin: 'meta' });
  }
  const author = metaValue(meta, ['author', 'article:author', 'dc.creator', 'parsely-author', 'sailthru.author'], MAX_NAME_LENGTH);
  if (author !== undefined) {
    // "Jane Doe and John Roe", "Jane Doe, John Roe": one person each, at most five.
    const names = author
      .split(/,|;|\band\b|&/)
      .map((n) => n.trim())
      .filter((n) => n.length > 1)
      .slice(0, 5);
    names.forEach((name, i) => {
      if (looksLikePersonName(name))
        out.push({ ref: `meta:author:${i}`, name, type: 'person', aliases: [], attributes: {}, origin: 'meta' });
    });
  }
  return out;
}
