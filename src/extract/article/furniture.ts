/**
 * The article post-pass: drops furniture blocks that Readability keeps inside the article
 * (related-stories and "most popular" rails, newsletter and donation boxes, author bios,
 * comment sections), whatever their markup. Each block gets a score from a few measured
 * signals (a furniture heading, class words, link density, a list of other pages'
 * headlines, coming after the article's prose, bio or appeal wording); a block
 * at `DROP_SCORE` or more is removed, unless it holds the article's core (its main
 * paragraphs). Works on Readability's output, a detached copy: it mutates it in place.
 */
import { blockText } from '../dom/block-text';
import { EMPTY_SIZE, measureBlocks, type BlockSize } from './block-sizes';
import { isProseRich, leadLine, listShape } from './block-shape';
import { articleCore, followsProse, type ArticleCore } from './article-core';
import { hasFurnitureClass, isFurnitureHeading, startsWithPointerLabel, wordCount } from './furniture-cues';
import { appealStrength, bioCue } from './reader-cues';

/** A block scoring this much is furniture: one strong signal, or two weaker ones together. */
export const DROP_SCORE = 1;

/** Weights of the signals (hand-set, checked with `npm run eval:main-text` and eval:pages dev). */
export const WEIGHTS = {
  /** The block opens with a furniture heading ("Most popular", "About the author"): decisive. */
  heading: 1,
  /** The same, on a block that is mostly long paragraphs: maybe a widget atop a run of the article. */
  headingOverProse: 0.5,
  /** Its class, id or label words name furniture: strong, but classes also mark wrappers. */
  classWords: 0.7,
  /** It comes after the article's prose (its last paragraph, its <article> element): notes and corrections sit there too. */
  afterProse: 0.5,
  /** Most of its text is links, in short items; counted after the prose only (lists inside it are the article's). */
  linkList: 0.5,
  /** Items that each link and read like headlines; counted after the prose only. */
  headlineList: 0.5,
  /** "<Name> is a staff writer…": a bio sentence, but also how an article introduces a source. */
  bio: 0.4,
  /** "Follow her on…", "<Name> is on Twitter at…": where to find the author. */
  contact: 0.5,
  /** The bio or contact line starts with the byline's name: it is the author's. */
  bylineName: 0.6,
  /** "Sign up for…", "delivered to your inbox": the reader is asked to act. */
  appeal: 1,
  /** "…in this weekly newsletter": the site's own newsletter named. */
  newsletter: 0.7,
  /** "Read more: <link>" on its own line. */
  pointer: 1,
} as const;

type Signal = keyof typeof WEIGHTS;

/** Blocks longer than this are not read as bios or appeals (both are short). */
const MAX_SHORT_BLOCK_CHARS = 1_500;
/** A pointer line ("Read more: …") is short and mostly its link. */
const MAX_POINTER_WORDS = 30;
const MIN_POINTER_LINK_SHARE = 0.5;

/** Elements judged as blocks. */
const BLOCK_TAGS = new Set([
  'div',
  'section',
  'aside',
  'ul',
  'ol',
  'dl',
  'p',
  'article',
  'header',
  'footer',
  'nav',
  'details',
  'form',
  'table',
]);
const HEADING = /^h[1-6]$/;
const LIST_TAGS = new Set(['ul', 'ol', 'dl']);
/** Attributes whose words may name a block's role. */
const LABEL_ATTRIBUTES = ['class', 'id', 'aria-label', 'data-testid', 'data-component'];

export interface FurnitureOptions {
  /** The article's byline ("By Mira Osk"): a bio that starts with its name is the author's. */
  readonly byline?: string;
  /** Sees each block the pass judged with its score and signals (evaluation, tuning). */
  readonly explain?: (judged: JudgedBlock) => void;
}

/** A block as `explain` sees it. */
export interface JudgedBlock {
  readonly element: Element;
  readonly score: number;
  readonly signals: readonly (keyof typeof WEIGHTS)[];
  readonly dropped: boolean;
}

export interface FurnitureDrop {
  /** Blocks removed. */
  readonly blocks: number;
  /** Non-space characters removed, and the article's before removal. */
  readonly chars: number;
  readonly totalChars: number;
}

interface Pass {
  readonly sizes: Map<Element, BlockSize>;
  readonly core: ArticleCore;
  readonly bylineNames: readonly string[];
  readonly drop: Set<Element>;
}

/**
 * Removes the furniture blocks of an article root (Readability's output) in place.
 *
 * @example
 *   const drop = dropFurniture(article, { byline: 'Mira Osk' });
 *   drop.blocks // 2: a "Most popular" list and the author's bio
 */
export function dropFurniture(root: Element, options: FurnitureOptions = {}): FurnitureDrop {
  const sizes = measureBlocks(root);
  const total = sizes.get(root)?.chars ?? 0;
  if (total === 0) return { blocks: 0, chars: 0, totalChars: 0 };
  const pass: Pass = { sizes, core: articleCore(root, sizes), bylineNames: bylineNames(options.byline), drop: new Set() };
  // Pre-order; a dropped block's subtree is skipped.
  const stack: Element[] = [];
  for (let child = root.lastElementChild; child !== null; child = child.previousElementSibling) stack.push(child);
  while (stack.length > 0) {
    const el = stack.pop();
    if (el === undefined) break;
    const size = sizes.get(el) ?? EMPTY_SIZE;
    if (pass.drop.has(el) || (!pass.core.holdsCore(el) && judge(el, size, pass, options.explain))) {
      pass.drop.add(el);
      continue;
    }
    for (let child = el.lastElementChild; child !== null; child = child.previousElementSibling) stack.push(child);
  }
  let chars = 0;
  for (const el of pass.drop) {
    if (!root.contains(el)) continue;
    chars += sizes.get(el)?.chars ?? 0;
    el.remove();
  }
  return { blocks: pass.drop.size, chars, totalChars: total };
}

/** True when `el` is furniture; a furniture heading also marks the section it opens. */
function judge(el: Element, size: BlockSize, pass: Pass, explain: FurnitureOptions['explain']): boolean {
  if (size.chars === 0) return false;
  const tag = el.tagName.toLowerCase();
  if (HEADING.test(tag)) {
    if (!isFurnitureHeading(leadLine(el))) return false;
    markSection(el, tag, pass);
    explain?.({ element: el, score: WEIGHTS.heading, signals: ['heading'], dropped: true });
    return true;
  }
  if (!BLOCK_TAGS.has(tag)) return false;
  const signals = blockSignals(el, size, pass);
  const total = signals.reduce((sum, signal) => sum + WEIGHTS[signal], 0);
  const dropped = total >= DROP_SCORE;
  if (signals.length > 0) explain?.({ element: el, score: total, signals, dropped });
  return dropped;
}

/** The signals a block shows; its score is the sum of their weights. */
function blockSignals(el: Element, size: BlockSize, pass: Pass): Signal[] {
  const signals: Signal[] = [];
  const lead = leadLine(el);
  if (isFurnitureHeading(lead) || isFurnitureHeading(el.getAttribute('aria-label') ?? '')) {
    // A block that is only a heading opens a section: up to the next heading of its rank when
    // it wraps a heading element, else the list right after it ("More games news:" + a list).
    if (wordCount(lead) >= size.words) {
      const inner = el.querySelector('h1, h2, h3, h4, h5, h6');
      if (inner !== null) markSection(el, inner.tagName.toLowerCase(), pass);
      else markNextList(el, pass);
    }
    signals.push(isProseRich(el, size, pass.sizes) ? 'headingOverProse' : 'heading');
  }
  const label = LABEL_ATTRIBUTES.map((name) => el.getAttribute(name) ?? '').join(' ');
  if (label.length > LABEL_ATTRIBUTES.length && hasFurnitureClass(label)) signals.push('classWords');
  if (followsProse(pass.core, el)) {
    signals.push('afterProse');
    const list = listShape(el, size, pass.sizes);
    if (list.links) signals.push('linkList');
    if (list.headlines) signals.push('headlineList');
  }
  if (size.chars > MAX_SHORT_BLOCK_CHARS || signals.reduce((sum, signal) => sum + WEIGHTS[signal], 0) >= DROP_SCORE) return signals;
  const text = blockText(el, { maxChars: MAX_SHORT_BLOCK_CHARS * 2 }).text.replace(/\n/g, ' ');
  if (startsWithPointerLabel(text) && size.words <= MAX_POINTER_WORDS && size.linkChars >= MIN_POINTER_LINK_SHARE * size.chars)
    signals.push('pointer');
  const appeal = appealStrength(text);
  if (appeal !== 'none') signals.push(appeal === 'strong' ? 'appeal' : 'newsletter');
  const bio = bioCue(text);
  if (bio !== 'none') {
    signals.push(bio === 'role' ? 'bio' : 'contact');
    if (startsWithName(text, pass.bylineNames)) signals.push('bylineName');
  }
  return signals;
}

/**
 * Marks a heading's section: its following siblings up to the next heading of the same or a
 * higher rank. It never runs over the article's own paragraphs: a sign-up box's heading in
 * the middle of the prose takes the box, not the rest of the article.
 */
function markSection(heading: Element, tag: string, pass: Pass): void {
  const rank = Number(tag.slice(1));
  for (let next = heading.nextElementSibling; next !== null; next = next.nextElementSibling) {
    const nextTag = next.tagName.toLowerCase();
    if (HEADING.test(nextTag) && Number(nextTag.slice(1)) <= rank) break;
    if (pass.core.holdsCore(next) || pass.core.isCoreProse(next)) break;
    pass.drop.add(next);
  }
}

/** After a heading-only block, the list it introduces (the next sibling, when list-shaped). */
function markNextList(el: Element, pass: Pass): void {
  const next = el.nextElementSibling;
  if (next === null || pass.core.holdsCore(next)) return;
  const size = pass.sizes.get(next) ?? EMPTY_SIZE;
  const shape = listShape(next, size, pass.sizes);
  if (LIST_TAGS.has(next.tagName.toLowerCase()) || shape.links || shape.headlines) pass.drop.add(next);
}

/** The byline's names, first and last ("By Mira Osk and Teo Vance" → Mira, Osk, Teo, Vance). */
function bylineNames(byline: string | undefined): string[] {
  if (byline === undefined) return [];
  return (byline.match(/\p{Lu}[\p{L}'’-]+/gu) ?? []).filter((w) => w.length > 1 && w !== 'By').slice(0, 8);
}

function startsWithName(text: string, names: readonly string[]): boolean {
  const first = text.trimStart().split(' ', 1)[0] ?? '';
  return names.includes(first);
}
