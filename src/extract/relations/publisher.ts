/**
 * The page's publisher as an organization. A company's own blog or newsroom names its site
 * "Segment Blog" or "Acme Engineering" while its text says "Segment"; the site's entity
 * is renamed to the organization (the site name stays an alias), so the text's mentions
 * join it, and "we" on that page can stand for it (`anaphora.ts`); likewise the page's
 * author, a person, is who "I" stands for. Word lookups only.
 */
import type { PageCapture } from '../../core/capture';

/** Structured refs that name the site or its publisher (meta tags; JSON-LD `publisher` targets are added). */
const SITE_REFS = new Set(['meta:site', 'meta:publisher']);
/** The last words of a site name that name a publication, not its organization ("Segment Blog", "Dropbox Tech Blog"). */
const PUBLICATION_WORDS = new Set(['blog', 'news', 'newsroom', 'engineering', 'press', 'stories', 'insights', 'updates']);
/** Words that may stand before those ("Dropbox Tech Blog", "Acme Developer Blog", "Acme Official Blog"). */
const PUBLICATION_MODIFIERS = new Set([
  'tech',
  'technology',
  'developer',
  'developers',
  'engineering',
  'official',
  'company',
  'corporate',
  'product',
]);
/**
 * Times the page's text must name the organization for "we" to stand for it. A news site
 * names itself once ("told the Guardian") and its "we" is a speaker's or everyone's; a
 * company's blog names itself again and again.
 */
const MIN_PUBLISHER_MENTIONS = 2;

/**
 * The organization behind a site name, when the name ends in a publication word and the
 * page's text names the rest but not the whole ("Fox News" on a page saying "Fox News"
 * stays itself); otherwise the name unchanged.
 *
 * @example
 *   publicationOwner('Segment Blog', 'Since Segment’s first launch, we…') // 'Segment'
 *   publicationOwner('Fox News', 'Fox News reported…') // 'Fox News'
 */
export function publicationOwner(siteName: string, text: string): string {
  const words = siteName.split(/\s+/).filter((w) => w.length > 0);
  let cut = words.length;
  if (PUBLICATION_WORDS.has((words[cut - 1] ?? '').toLowerCase())) cut -= 1;
  else return siteName;
  if (cut > 1 && PUBLICATION_MODIFIERS.has((words[cut - 1] ?? '').toLowerCase())) cut -= 1;
  const owner = words.slice(0, cut).join(' ');
  if (owner.length < 2 || timesNamed(text, owner, 1) < 1 || timesNamed(text, siteName, 1) > 0) return siteName;
  return owner;
}

/**
 * True when the page's text names the publisher's organization often enough to be
 * speaking as it (`MIN_PUBLISHER_MENTIONS`): then its "we" is the organization.
 *
 * @example
 *   speaksAs('Segment', 'At Segment, we… adoption at Segment.') // true
 */
export function speaksAs(name: string, text: string): boolean {
  return timesNamed(text, name, MIN_PUBLISHER_MENTIONS) >= MIN_PUBLISHER_MENTIONS;
}

/**
 * The capture's structured entities with the site's and publisher's names reduced to
 * their organization (`publicationOwner`), the site name kept as an alias.
 */
export function withPublisherNames(capture: Pick<PageCapture, 'entities' | 'relations' | 'text'>): PageCapture['entities'] {
  const refs = publisherRefs(capture);
  return capture.entities.map((e) => {
    if (!refs.has(e.ref) || e.type !== 'company') return e;
    const owner = publicationOwner(e.name, capture.text);
    return owner === e.name ? e : { ...e, name: owner, aliases: [e.name, ...e.aliases] };
  });
}

/** The refs of the site's and publisher's entities: meta tags and JSON-LD `publisher` targets. */
export function publisherRefs(capture: Pick<PageCapture, 'relations'>): Set<string> {
  const out = new Set(SITE_REFS);
  for (const r of capture.relations) if (r.label === 'published_by') out.add(r.to);
  return out;
}

/** The refs of the page's authors: the author meta tags and the people structured data says created it. */
export function authorRefs(capture: Pick<PageCapture, 'entities' | 'relations'>): Set<string> {
  const out = new Set(capture.entities.filter((e) => e.ref.startsWith('meta:author:')).map((e) => e.ref));
  for (const r of capture.relations) if (r.label === 'created_by') out.add(r.to);
  return out;
}

/** How many times (counting up to `max`) `text` holds `name` as whole words (case-sensitive: a name, not a common word). */
function timesNamed(text: string, name: string, max: number): number {
  let n = 0;
  if (name.length === 0) return 0;
  for (let at = text.indexOf(name); at >= 0 && n < max; at = text.indexOf(name, at + name.length)) {
    const before = at === 0 ? '' : text.charAt(at - 1);
    const after = text.charAt(at + name.length);
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) n += 1;
  }
  return n;
}
