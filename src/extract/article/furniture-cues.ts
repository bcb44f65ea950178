/**
 * Words that say a block of an article is page furniture rather than the article: the
 * heading of a related-stories rail, a newsletter box or a comment section, a "Read more:"
 * pointer, and the generic class words sites give such blocks (sentences of bios and
 * appeals: `reader-cues.ts`). Pure string tests; every pattern is anchored or bounded and
 * linear over page text.
 */

/** A heading is a short line: longer lines are prose, whatever their first words. */
export const MAX_HEADING_WORDS = 12;

/** Up to `n` more words after a heading's head ("More from The Daily Planet"). */
const words = (n: number) => `(?: [^ ]+){0,${n}}`;

/**
 * Headings of furniture, matched on the whole line (lower case, trimmed of punctuation).
 * Tails are limited per head: "Related stories" is furniture, "Related party transactions" is not.
 */
const FURNITURE_HEADING = new RegExp(
  '^(?:' +
    [
      // Rails of other pages' headlines.
      'related(?: (?:stories|articles|posts|content|news|coverage|reading|links|videos|reads|items|topics))?',
      // "More from <site or author>"; "More on <topic>" heads article sections too.
      `more (?:from|by) [^ ]+${words(3)}`,
      'more on this(?: (?:story|topic))?',
      `more (?:stories|articles|news|posts|coverage|videos|reads|to read|like this|for you)(?: (?:from|on|in|about) [^ ]+${words(3)})?`,
      'more [^ ]+ (?:news|stories|articles|coverage|headlines)',
      `most (?:popular|read|viewed|shared|emailed|commented|watched|recent)(?: (?:stories|articles|posts|news|now|today|this week)|(?: (?:on|in|at) [^ ]+${words(2)}))?`,
      `popular(?: (?:now|today|right now|stories|articles|posts|this week)|(?: (?:on|in|at) [^ ]+${words(2)}))?`,
      'trending(?: (?:now|today|stories|topics|articles|posts))?',
      'recommended(?: (?:for you|stories|articles|reading|videos|posts))?',
      `(?:you|we think you) (?:may|might|will|could) (?:also )?(?:like|enjoy|be interested in)${words(3)}`,
      `(?:read|watch) (?:next|more|also|this next)${words(3)}`,
      'also (?:read|see|on|in) [^ ]+(?: [^ ]+){0,3}',
      "don[\u2019']?t miss(?: this)?",
      'in case you missed it',
      "editor[\u2019']?s? picks?",
      'top (?:stories|headlines|picks)',
      'latest (?:news|stories|articles|posts|headlines|videos)',
      'up next',
      'what to read next',
      'around the web',
      'from (?:around|across) the web',
      'from our (?:partners|sponsors|network)',
      'promoted (?:stories|links|content)',
      'sponsored(?: (?:content|links|stories|posts))?',
      'paid (?:content|post|partner content)',
      'partner content',
      // Not "Advertisement" or "Share": those label a slot or a button bar that often opens
      // a run of the article's own paragraphs, not a section of furniture.
      // Newsletter and sign-up boxes.
      'newsletters?',
      `sign up(?: (?:for|to|now|today|here))?${words(5)}`,
      `subscribe(?: (?:to|now|for|today|here))?${words(5)}`,
      `get (?:our|the)${words(3)} newsletters?`,
      `join (?:our|the) (?:newsletter|mailing list)${words(3)}`,
      // Author bios.
      'about (?:the )?(?:authors?|writers?|reporters?|contributors?)',
      'author bios?',
      // Comment sections.
      'comments?',
      'reader comments',
      `\\d+ (?:comments?|responses?|replies|thoughts)(?: (?:on|to) [^ ]+${words(12)})?`,
      '(?:leave|post|add|write) a (?:comment|reply|response)',
      'join the (?:discussion|conversation)',
      // Donation appeals.
      `support (?:us|our (?:work|journalism|newsroom|reporting)|independent journalism)${words(3)}`,
      'donate(?: (?:now|today))?',
      'make a (?:donation|gift)',
      'become a (?:member|supporter|subscriber|patron)',
    ].join('|') +
    ')$',
  'u',
);

/** "Read more: …", "[Read: …]", "See also: …": a one-line pointer to another page. */
const POINTER_LABEL =
  /^[[(]?(?:read(?: more| also| next)?|also read|see also|also see|related(?: article| story| stories| reading| coverage)?|more on this|recommended|watch|listen)\s?:/iu;

/** The line as the heading tests read it: lower case, no surrounding punctuation or arrows. */
export function headingKey(line: string): string {
  const lower = line.toLowerCase().replace(/\s+/gu, ' ');
  // Trimmed by hand: a `[^\p{L}]+$` pattern retries at every position of a punctuation run.
  let start = 0;
  let end = lower.length;
  while (start < end && !isWordChar(lower.charAt(start))) start += 1;
  while (end > start && !isWordChar(lower.charAt(end - 1))) end -= 1;
  return lower.slice(start, end);
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;

function isWordChar(ch: string): boolean {
  return WORD_CHAR.test(ch);
}

/**
 * True when a short line is the heading of a furniture block.
 *
 * @example
 *   isFurnitureHeading('More from Quillby News') // true
 *   isFurnitureHeading('Related party transactions') // false
 */
export function isFurnitureHeading(line: string): boolean {
  if (line.length > 200) return false;
  const key = headingKey(line);
  if (key.length === 0 || key.split(' ').length > MAX_HEADING_WORDS) return false;
  return FURNITURE_HEADING.test(key);
}

/**
 * True when a line starts with a pointer label ("Read more:", "[Related:") that introduces a
 * link to another page.
 *
 * @example
 *   startsWithPointerLabel('Read more: Zentrix buys a bakery') // true
 */
export function startsWithPointerLabel(line: string): boolean {
  return POINTER_LABEL.test(line.slice(0, 40));
}

/** Class and id words of furniture blocks, whole tokens only ("bio", not "biography"). */
const CLASS_WORDS = new Set([
  'related',
  'recommended',
  'recommendation',
  'recommendations',
  'popular',
  'mostread',
  'mostpopular',
  'trending',
  'newsletter',
  'newsletters',
  'subscribe',
  'subscription',
  'signup',
  'donate',
  'donation',
  'donations',
  'bio',
  'authorbio',
  'comments',
  'comment',
  'disqus',
  'sponsored',
  'sponsor',
  'outbrain',
  'taboola',
  'recirc',
  'recirculation',
  'promo',
  'promoted',
  'readnext',
  'upnext',
]);

/** Pairs of class tokens that name furniture together ("most-read", "author-box"). */
const CLASS_PAIRS = new Map<string, ReadonlySet<string>>([
  ['most', new Set(['read', 'popular', 'viewed', 'shared', 'emailed'])],
  ['read', new Set(['next', 'more', 'also'])],
  ['more', new Set(['stories', 'articles', 'from', 'news'])],
  ['author', new Set(['bio', 'box', 'info', 'card', 'details', 'profile', 'about'])],
  ['about', new Set(['author'])],
  ['sign', new Set(['up'])],
  ['up', new Set(['next'])],
  ['also', new Set(['like'])],
]);

/** Class strings longer than this are generated noise (utility-class soups): read the start only. */
const MAX_CLASS_CHARS = 400;

/** "authorBio-3Yhp slice_most-read" → ["author", "bio", "3yhp", "slice", "most", "read"]. */
export function classTokens(value: string): string[] {
  return value
    .slice(0, MAX_CLASS_CHARS)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/**
 * True when class, id or label words name a furniture block.
 *
 * @example
 *   hasFurnitureClass('story-footer authorBio') // true
 *   hasFurnitureClass('article-body biography') // false
 */
export function hasFurnitureClass(value: string): boolean {
  const tokens = classTokens(value);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (CLASS_WORDS.has(token)) return true;
    if (CLASS_PAIRS.get(token)?.has(tokens[i + 1] ?? '') === true) return true;
  }
  return false;
}

export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inWord) n += 1;
    inWord = !space;
  }
  return n;
}
