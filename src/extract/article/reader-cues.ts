/**
 * Sentences that mark a short block as furniture by what it says to or about the reader's
 * side of the page: a sign-up, newsletter or donation appeal, and an author's bio ("<Name> is
 * a staff writer…", "follow her on…"). Pure string tests, linear over page text.
 */
import { wordCount } from './furniture-cues';

/** An imperative to the reader: sign up, subscribe, donate, get it in your inbox. */
const APPEAL =
  /\b(?:sign(?:ing)? up (?:for|to|now|today|here)|subscribe (?:to|now|for|today|here)|(?:delivered|straight|directly|sent) to your inbox|in your inbox|donate (?:now|today|to)|make a (?:donation|gift)|support (?:our|independent|quality) (?:journalism|reporting|work)|become a (?:member|subscriber|supporter|patron)|click here to (?:get|sign|subscribe|download|read|join))\b/iu;
/** A newsletter named as the site's own: weaker, prose can say "this weekly newsletter" too. */
const NEWSLETTER = /\b(?:our|this) (?:free )?(?:daily |weekly |monthly )?newsletters?\b|\bnewsletters? (?:sign-?up|subscription)\b/iu;

/** An appeal is a short box: a long paragraph that mentions a newsletter is prose. */
export const MAX_APPEAL_WORDS = 40;

/**
 * How strongly a short block asks the reader to sign up, subscribe or donate: `strong` for
 * an imperative ("Sign up for…", "delivered to your inbox"), `weak` for a mention of the
 * site's own newsletter, `none` otherwise (or when the block is too long to be a box).
 *
 * @example
 *   appealStrength('Sign up for the Morning Lark, delivered to your inbox.') // 'strong'
 */
export function appealStrength(text: string): 'strong' | 'weak' | 'none' {
  if (wordCount(text) > MAX_APPEAL_WORDS) return 'none';
  if (APPEAL.test(text)) return 'strong';
  return NEWSLETTER.test(text) ? 'weak' : 'none';
}

/** A name at the start of a block: one to four capitalized words. */
const NAME_START = /^\p{Lu}[\p{L}'’.-]*(?: \p{Lu}[\p{L}'’.-]*){0,3} /u;
/** What follows a name in a bio's first sentence. */
const BIO_VERB = /^(?:is|was|has been|covers|writes|reports|joined|edits)\b/u;
/** Jobs of the people who write a page. */
const BIO_ROLE =
  /\b(?:reporter|writer|journalist|editor|correspondent|columnist|contributor|author|critic|blogger|producer|freelancer|freelance|staff)\b/iu;
/** How a bio says where to find its author. */
const BIO_CONTACT =
  /\b(?:is on (?:twitter|x|bluesky|mastodon|threads|instagram|linkedin)|follow (?:him|her|them|me) (?:on|at)|(?:email|reach|contact) (?:him|her|them|me) at|you can (?:follow|reach|email|find) (?:him|her|them|me))\b/iu;
/** Words of a bio's first sentence the role word must sit in. */
const BIO_ROLE_WINDOW = 25;
/** A bio is a short block. */
export const MAX_BIO_WORDS = 120;

/**
 * What makes a block read as its author's bio: `role` for "<Name> is a <writing job> …" or
 * "<Name> covers …", `contact` for "follow her on …", "<Name> is on Twitter at …".
 *
 * @example
 *   bioCue('Mira Osk is a staff writer covering ports.') // 'role'
 *   bioCue('Mira Osk is the chief executive of Zentrix.') // 'none'
 */
export function bioCue(text: string): 'role' | 'contact' | 'none' {
  if (wordCount(text) > MAX_BIO_WORDS) return 'none';
  if (BIO_CONTACT.test(text)) return 'contact';
  const name = NAME_START.exec(text);
  if (name === null) return 'none';
  const rest = text.slice(name[0].length);
  if (!BIO_VERB.test(rest)) return 'none';
  if (rest.startsWith('covers')) return 'role';
  const window = rest.split(' ', BIO_ROLE_WINDOW).join(' ');
  return BIO_ROLE.test(window) ? 'role' : 'none';
}
