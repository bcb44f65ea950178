/**
 * Titles of works as the page sets them (issue 32, "a type decided by evidence"): a film, a
 * show, a book, a song or an album is printed in italics (`em`, `i`, `cite`) by the usual
 * typography, and its words alone give no type the recognizers can read. Collected from the
 * article's markup at capture (the text keeps no typography), bounded, and used by the typing
 * stage (`analysis/typing-stage.ts`, rule `italic-works`).
 */
import { MAX_ITALIC_TITLE_CHARS, MAX_ITALIC_TITLES } from '../../core/capture-limits';
import { tagOf, textContentOf } from '../dom/safe-dom';
import { walkElements } from '../dom/walk';
import { sanitizeLine } from '../page/sanitize';

/** Words of a title at most: a longer italic run is a quotation or emphasis. */
const MAX_TITLE_WORDS = 8;
/** Elements looked at in the article. */
const MAX_WALK = 50_000;
/** Small words a title leaves in lower case ("Twelve Years a Slave", "Life Is Beautiful"). */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'or',
  'in',
  'on',
  'at',
  'to',
  'for',
  'with',
  'from',
  'by',
  'de',
  'la',
  'le',
  'is',
]);

/** Last words of a software interface's labels, set in italics by manuals ("Privacy & Security", "Address Bar Preferences"). */
const UI_WORD =
  /^(?:Preferences|Settings|Options|Menu|Bar|Toolbar|Tab|Tabs|Button|Panel|Dialog|Window|Mode|View|Pane|Sidebar|Console|Manager|Inspector|Tools|Downloads|History|Bookmarks|Security|Privacy|Account|Profile|Dashboard|Section|Field|Box|Link|Icon)$/u;

/**
 * True when `text` reads as a title: one to eight words, the first capitalized (or a digit),
 * every other word capitalized or a small word, no sentence end, no quotation marks, and not
 * an interface label ("Address Bar Preferences").
 *
 * @example
 *   isTitleShaped('Twelve Years a Slave') // true
 *   isTitleShaped('really') // false
 *   isTitleShaped('I never said that.') // false
 */
export function isTitleShaped(text: string): boolean {
  const words = text.split(' ');
  // A sentence's or a caption's end ("Figure 1 -") is no title's.
  if (words.length === 0 || words.length > MAX_TITLE_WORDS || /[.;:,\-–—]$/u.test(text)) return false;
  if (!/^[\p{Lu}\p{N}]/u.test(words[0] ?? '') || /["“”]/u.test(text) || UI_WORD.test(words.at(-1) ?? '')) return false;
  return words.every((w, i) => i === 0 || SMALL_WORDS.has(w) || /^[\p{Lu}\p{N}(&'‘-]/u.test(w));
}

/**
 * The distinct title-shaped texts of the italic elements under `root`, in page order.
 *
 * @example
 *   italicTitles(articleRoot) // ['Purple Rain', 'The Lost Music']
 */
export function italicTitles(root: Element): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  walkElements(
    root,
    (el) => {
      const tag = tagOf(el);
      if (tag !== 'em' && tag !== 'i' && tag !== 'cite') return true;
      const text = sanitizeLine(textContentOf(el).slice(0, MAX_ITALIC_TITLE_CHARS * 2), MAX_ITALIC_TITLE_CHARS);
      if (text === undefined || seen.has(text) || !isTitleShaped(text)) return true;
      seen.add(text);
      out.push(text);
      return out.length < MAX_ITALIC_TITLES;
    },
    MAX_WALK,
  );
  return out;
}
