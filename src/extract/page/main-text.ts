/**
 * The page's main text: Readability's article on a clone of the document, or,
 * when it finds none (or the page is too big to hand it), the body's text without
 * navigation, headers, footers, asides, forms and cookie/consent banners.
 */
import { Readability } from '@mozilla/readability';
import { sanitizeLine } from './sanitize';
import { blockText } from '../dom/block-text';
import { declobber } from '../dom/declobber';
import { attrOf, bodyOf, callMember, documentElementOf, parentElementOf, readMember, tagOf, textContentOf } from '../dom/safe-dom';
import type { PageScan } from '../dom/scan';
import { walkElements } from '../dom/walk';
import { dropFurniture } from '../article/furniture';
import { italicTitles } from '../article/italic-titles';

/** Readability is skipped above this many elements: its scoring is superlinear on huge DOMs. */
export const MAX_READABILITY_ELEMENTS = 10_000;
/** Readability is skipped above this much page text: a 5 MB page would take seconds. */
export const MAX_READABILITY_TEXT = 1_000_000;
/** Nodes (elements and text) the body fallback reads at most; the time budget usually stops it first. */
const MAX_FALLBACK_NODES = 150_000;
/** An "article" shorter than this is usually a teaser or a failed extraction: use the body. */
const MIN_ARTICLE_CHARS = 140;
/** Headings kept, each at most this long (capture schema bounds). */
const MAX_HEADINGS = 200;
const MAX_HEADING_CHARS = 300;

const BOILERPLATE_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'form', 'dialog', 'menu']);
const BOILERPLATE_ROLES = new Set([
  'navigation',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'dialog',
  'alertdialog',
  'menu',
  'menubar',
]);
// Class or id fragments of cookie banners, share bars, newsletters, breadcrumbs and ads.
const BOILERPLATE_HINT =
  /cookie|consent|gdpr|onetrust|cmp[-_]|didomi|truste|newsletter|subscribe|share|social|breadcrumb|advert|\bads?\b|promo|related|recommend|sidebar|footer|header|masthead|navbar|menu|popup|modal|signup|sign-up|paywall|comment/i;

/** True for elements that are page furniture rather than content. */
export function isBoilerplateElement(el: Element): boolean {
  const tag = tagOf(el);
  if (BOILERPLATE_TAGS.has(tag)) return true;
  const role = attrOf(el, 'role');
  if (role !== null && BOILERPLATE_ROLES.has(role.trim().toLowerCase())) return true;
  const hint = `${attrOf(el, 'id') ?? ''} ${attrOf(el, 'class') ?? ''}`;
  // `body`/`html`/`main`/`article` classes often carry words like "has-sidebar": never drop them.
  if (tag === 'body' || tag === 'html' || tag === 'main' || tag === 'article') return false;
  return hint.length > 1 && hint.length < 500 && BOILERPLATE_HINT.test(hint);
}

export interface MainText {
  readonly text: string;
  readonly headings: string[];
  /** Title-shaped italic texts of the article (Readability's only: the body fallback keeps none). */
  readonly italicTitles?: readonly string[];
  readonly source: 'readability' | 'body';
  /** Cut by its size (characters, nodes). A cut by time is a note ('body text cut: time budget spent'), not this. */
  readonly truncated: boolean;
  readonly title?: string;
  readonly byline?: string;
  readonly siteName?: string;
  readonly lang?: string;
  readonly publishedTime?: string;
  readonly notes: string[];
}

function isDocument(node: unknown): node is Document {
  return typeof node === 'object' && node !== null && readMember(node, 'nodeType') === 9;
}

/** Headings under an article root (Readability's output is small: one bounded walk). */
function headingsUnder(root: Element): Element[] {
  const found: Element[] = [];
  walkElements(
    root,
    (el) => {
      if (/^h[1-6]$/.test(tagOf(el))) found.push(el);
      return found.length < MAX_HEADINGS * 4;
    },
    200_000,
  );
  return found;
}

function headingTexts(found: readonly Element[], skipBoilerplate: boolean): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const h of found) {
    if (out.length >= MAX_HEADINGS) break;
    if (skipBoilerplate && hasBoilerplateAncestor(h)) continue;
    const text = sanitizeLine(textContentOf(h).slice(0, MAX_HEADING_CHARS * 4), MAX_HEADING_CHARS);
    if (text === undefined || seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}

function hasBoilerplateAncestor(el: Element): boolean {
  for (let cur: Element | null = el, depth = 0; cur !== null && depth < 40; cur = parentElementOf(cur), depth += 1) {
    if (isBoilerplateElement(cur)) return true;
  }
  return false;
}

interface ArticleAttempt {
  readonly content: Node;
  readonly title?: string;
  readonly byline?: string;
  readonly siteName?: string;
  readonly lang?: string;
  readonly publishedTime?: string;
}

function runReadability(doc: Document): ArticleAttempt | undefined {
  const clone: unknown = callMember(doc, 'cloneNode', true);
  if (!isDocument(clone)) return undefined;
  // Readability reads `node.parentNode`, `node.tagName`… directly: named form controls and
  // images that shadow those members would make it throw or climb in a circle.
  const root = documentElementOf(clone);
  if (root !== null) declobber(root);
  // Classes are kept on the (detached) output: the furniture pass reads their words.
  const reader = new Readability<Node>(clone, {
    serializer: (node) => node,
    maxElemsToParse: MAX_READABILITY_ELEMENTS * 2,
    keepClasses: true,
  });
  const article = reader.parse();
  if (article === null || article.content === null || article.content === undefined) return undefined;
  return {
    content: article.content,
    title: article.title ?? undefined,
    byline: article.byline ?? undefined,
    siteName: article.siteName ?? undefined,
    lang: article.lang ?? undefined,
    publishedTime: article.publishedTime ?? undefined,
  };
}

export interface MainTextOptions {
  readonly maxChars: number;
  readonly allowReadability: boolean;
  /** The page's one element pass (element count and headings come from it). */
  readonly scan: PageScan;
  /** True once the capture's time budget is spent: the body fallback stops there. */
  readonly expired?: () => boolean;
  /** Keep furniture blocks in the article (an ablation for measuring the post-pass). */
  readonly keepFurniture?: boolean;
}

/**
 * @example
 *   const main = extractMainText(doc, { maxChars: 200_000, allowReadability: true, scan: scanDocument(doc) });
 *   main.source // 'readability'
 */
export function extractMainText(doc: Document, options: MainTextOptions): MainText {
  const notes: string[] = [];
  const { elementCount } = options.scan;
  let attempt: ArticleAttempt | undefined;
  if (!options.allowReadability) {
    notes.push('article detection skipped: time budget spent');
  } else if (options.scan.cut || elementCount > MAX_READABILITY_ELEMENTS) {
    notes.push(
      `article detection skipped: ${options.scan.cut ? 'more than ' : ''}${elementCount} elements (limit ${MAX_READABILITY_ELEMENTS}); body text used`,
    );
  } else if (textLength(doc) > MAX_READABILITY_TEXT) {
    // Checked after the element count: textContent of a 50k-node tree is itself slow.
    notes.push(`article detection skipped: more than ${MAX_READABILITY_TEXT} characters of text; body text used`);
  } else {
    try {
      attempt = runReadability(doc);
    } catch {
      notes.push('article detection failed; body text used');
    }
  }
  if (attempt !== undefined) {
    // Rails, bios, sign-up boxes and comments Readability kept inside the article (article/furniture.ts).
    if (options.keepFurniture !== true && isElementNode(attempt.content))
      dropFurniture(attempt.content, attempt.byline === undefined ? {} : { byline: attempt.byline });
    const article = blockText(attempt.content, { maxChars: options.maxChars });
    if (article.text.length >= MIN_ARTICLE_CHARS) {
      const headings = isElementNode(attempt.content) ? headingTexts(headingsUnder(attempt.content), false) : [];
      return {
        text: withoutConsentLines(article.text),
        headings,
        ...(isElementNode(attempt.content) ? { italicTitles: italicTitles(attempt.content) } : {}),
        source: 'readability',
        truncated: article.truncated,
        title: sanitizeLine(attempt.title, 1000),
        byline: sanitizeLine(attempt.byline, 300),
        siteName: sanitizeLine(attempt.siteName, 300),
        lang: attempt.lang ?? undefined,
        publishedTime: sanitizeLine(attempt.publishedTime, 64),
        notes,
      };
    }
  }
  const body = bodyOf(doc) ?? documentElementOf(doc);
  if (body === null) return { text: '', headings: [], source: 'body', truncated: false, notes };
  const fallback = blockText(body, {
    maxChars: options.maxChars,
    maxNodes: MAX_FALLBACK_NODES,
    skip: isBoilerplateElement,
    ...(options.expired === undefined ? {} : { expired: options.expired }),
  });
  // Told apart: a cut by time is worth reading again (background/reread-when-idle.ts), a cut by size is not.
  if (fallback.timeUp) notes.push('body text cut: time budget spent');
  return {
    text: withoutConsentLines(fallback.text),
    headings: headingTexts(options.scan.headings, true),
    source: 'body',
    truncated: fallback.truncated,
    notes,
  };
}

/** A sign-up form's legal line: "By signing up, you agree to the Terms of Use and Privacy Policy…". */
const CONSENT_START =
  /^by (?:signing up|subscribing|clicking|registering|continuing|submitting|entering|creating an account|using this site)\b/i;
const CONSENT_WORDS = /\b(?:terms|privacy|policy|consent)\b/i;

/**
 * The article text without newsletter and sign-up consent lines: they sit inside article
 * containers, name no subject of the page and are full of capitalized legal words.
 */
export function withoutConsentLines(text: string): string {
  if (!/\bby /i.test(text)) return text;
  return text
    .split('\n')
    .filter((line) => !(CONSENT_START.test(line) && CONSENT_WORDS.test(line)))
    .join('\n');
}

function textLength(doc: Document): number {
  const body = bodyOf(doc);
  return body === null ? 0 : textContentOf(body).length;
}

function isElementNode(node: Node): node is Element {
  return node.nodeType === 1;
}
