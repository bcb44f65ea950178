/**
 * What never becomes an entity: interface words, legal links, share buttons,
 * date words (matched on `nameKey` of the whole mention), and strings that are
 * not names at all even when structured data says so (paths, handles, code
 * identifiers, placeholders, photo credits, role labels).
 */
import { nameKey } from '../../core/text/normalize';
import { CALENDAR_WORDS } from '../words/calendar-words';

const PHRASES = [
  'read more',
  'read next',
  'continue reading',
  'sign up',
  'sign in',
  'log in',
  'login',
  'logout',
  'log out',
  'register',
  'subscribe',
  'subscribe now',
  'newsletter',
  'privacy policy',
  'privacy',
  'cookie policy',
  'cookies',
  'cookie settings',
  'accept all',
  'reject all',
  'manage preferences',
  'terms of service',
  'terms of use',
  'terms and conditions',
  'terms',
  'contact us',
  'about us',
  'careers',
  'advertise',
  'advertisement',
  'sponsored',
  'sponsored content',
  'home',
  'menu',
  'search',
  'share',
  'share this',
  'tweet',
  'email',
  'print',
  'comments',
  'comment',
  'reply',
  'follow us',
  'follow',
  'related articles',
  'related stories',
  'most popular',
  'most read',
  'trending',
  'top stories',
  'latest news',
  'more',
  'next',
  'previous',
  'back to top',
  'skip to content',
  'skip to main content',
  'all rights reserved',
  'copyright',
  'sitemap',
  'site map',
  'help',
  'faq',
  'support',
  'feedback',
  'download',
  'download the app',
  'get the app',
  'rss',
  'photo',
  'image',
  'video',
  'getty images',
  'shutterstock',
  'ap photo',
  'listen',
  'watch',
  'podcast',
  'updated',
  'published',
  'posted',
  'editor',
  'editors',
  'staff',
  'staff writer',
  'contributor',
  'opinion',
  'analysis',
  'live',
  'breaking news',
  'exclusive',
  'premium',
  'free trial',
  'learn more',
  'get started',
  'try it free',
  'buy now',
  'shop now',
  'add to cart',
  'checkout',
  'cart',
  'wishlist',
  ...CALENDAR_WORDS,
  'today',
  'yesterday',
  'tomorrow',
  'am',
  'pm',
  'gmt',
  'utc',
  'est',
  'pst',
  'ok',
  'yes',
  'no',
  'click here',
  'ignore previous instructions',
  'table of contents',
  'contents',
  'introduction',
  'conclusion',
  'summary',
  'references',
  'notes',
  'see also',
  'external links',
  'further reading',
  'abstract',
  'appendix',
  'disclaimer',
  'accessibility',
  'your privacy choices',
  'do not sell my personal information',
  'cookie preferences',
  'gdpr',
  'ccpa',
  // Business terms and titles written in capitals: never a name ("the IPO", "its CEO").
  'ipo',
  'ipos',
  'ceo',
  'cfo',
  'coo',
  'cto',
  'vp',
  'svp',
  'evp',
  'gdp',
  'roi',
  'kpi',
];

const STOP = new Set(PHRASES.map((p) => nameKey(p)));

/**
 * True when a mention is interface or legal boilerplate rather than a name.
 *
 * @example
 *   isBoilerplateName('Privacy Policy') // true
 *   isBoilerplateName('Stripe')         // false
 */
export function isBoilerplateName(name: string): boolean {
  // Contractions ("I’m", "We’re") are sentence starts, not names.
  if (/^\S+['’](?:m|re|ve|ll|d|s|t)$/i.test(name.trim()) && !name.includes(' ')) return true;
  const key = nameKey(name);
  if (key.length < 2 || STOP.has(key)) return true;
  if (/^[\p{N}\s.,:/-]+$/u.test(key)) return true;
  // "Share on Facebook", "Follow us on X", "Sign up for …", "Read more about …".
  return /^(?:share|follow|sign|subscribe|read|click|download|log|join|watch|listen)\b/.test(key) && key.split(' ').length > 1;
}

/** Placeholder values CMSs put in author and publisher fields. */
const PLACEHOLDERS = new Set([
  'notknown',
  'not known',
  'unknown',
  'n a',
  'na',
  'null',
  'undefined',
  'none',
  'anonymous',
  'admin',
  'administrator',
  'guest',
  'author',
  'test',
  'string',
  'object',
  'true',
  'false',
]);
/** Words that make a "person" a desk or a role ("Jewish Business News Correspondent", "ET Bureau"). */
const ROLE_WORDS = new Set([
  'correspondent',
  'correspondents',
  'staff',
  'editor',
  'editors',
  'desk',
  'team',
  'reporter',
  'reporters',
  'writer',
  'writers',
  'contributor',
  'contributors',
  'bureau',
  'newsroom',
  'wire',
  'wires',
]);

/** A date, not a name: "Aug. 23", "Sept 4th, 2024", "March 2019" (a month, then day or year numbers). */
const DATE_NAME =
  /^(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.? \d{1,4}(?:st|nd|rd|th)?(?:,? \d{4})?$/u;

/**
 * A rank, an ordinal, a century or a numbered part, not a name: "No. 1", "No.16", "#3", "3rd",
 * "21st Century", "Verse 2", "Chapter 11", "Season 4", "Step 3".
 */
const NUMBERED_LABEL =
  /^(?:(?:No\.?|Number|#) ?\d+|\d+(?:st|nd|rd|th)(?:[- ][Cc]entury)?|(?:Verse|Chorus|Chapter|Part|Step|Season|Episode|Figure|Fig\.|Table|Page|Round|Week|Day|Phase|Volume|Vol\.|Scene|Lesson|Question|Exhibit|Appendix) \d+)$/u;

/**
 * True when `name` cannot be an entity name whatever its source says: a URL or
 * path, a social handle, a lowerCamelCase code identifier, a CMS placeholder, a
 * photo credit ("A/B/C", "Ada Quinn/Reuters"), a date, a rank or a numbered part ("No. 1", "21st Century",
 * "Verse 2"), or a person that is a role label.
 *
 * @example
 *   isImplausibleName('/en/search/organization/Segment', 'company') // true
 *   isImplausibleName('Jewish Business News Correspondent', 'person') // true
 *   isImplausibleName('iPhone 15', 'product')                       // false
 *   isImplausibleName('Sept. 24', 'product')                        // true
 */
export function isImplausibleName(name: string, type: string): boolean {
  const trimmed = name.trim();
  if (/^(?:\/|https?:|www\.|@)/i.test(trimmed) || trimmed.includes('://')) return true;
  // "additionalTaxonomy", "pageType": code, not names ("iPhone", "eBay" have a short prefix).
  if (/^\p{Ll}{4,}\p{Lu}\p{L}*$/u.test(trimmed)) return true;
  if ((trimmed.match(/\//g) ?? []).length >= 2) return true;
  // "Ada Quinn/Reuters", "Bo Lind/Getty Images": a photo credit, a name and an agency, words of two letters or more
  // around the slash ("AC/DC", "TCP/IP" have no space; "Google I/O" has one letter on each side).
  if (/^[^/]+\/[^/]+$/u.test(trimmed) && trimmed.includes(' ') && /\p{L}{2}\/\p{Lu}\p{L}/u.test(trimmed)) return true;
  const key = nameKey(trimmed);
  if (PLACEHOLDERS.has(key)) return true;
  if (DATE_NAME.test(trimmed) || NUMBERED_LABEL.test(trimmed)) return true;
  return type === 'person' && key.split(' ').some((w) => ROLE_WORDS.has(w));
}
