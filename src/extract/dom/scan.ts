/**
 * One bounded pass over a page's elements that collects everything capture reads
 * by element: meta tags, JSON-LD scripts, top-level microdata items, the canonical
 * link, headings and the element count. On a 50k-node page every extra full walk
 * costs about a second under jsdom, so capture walks the tree once.
 */
import { attrOf, documentElementOf, hasAttr, tagOf } from './safe-dom';
import { walkElements } from './walk';

/** Elements visited at most: real article pages have 1k-30k; hostile ones are cut here. */
export const MAX_SCAN_ELEMENTS = 60_000;
/** Meta tags kept (real pages carry under 100). */
const MAX_METAS = 1_000;
/** Script elements with a `type` kept (JSON-LD blocks are read from these). */
const MAX_SCRIPTS = 200;
/** Top-level microdata items kept. */
const MAX_ITEM_SCOPES = 200;
/** Heading elements kept (the capture keeps at most 200 headings). */
const MAX_HEADING_ELEMENTS = 800;

export interface PageScan {
  readonly metas: readonly Element[];
  readonly typedScripts: readonly Element[];
  readonly itemScopes: readonly Element[];
  readonly headings: readonly Element[];
  readonly canonical?: Element;
  readonly timeWithDatetime?: Element;
  /** Elements visited. */
  readonly elementCount: number;
  /** True when the walk stopped at the element limit or the deadline. */
  readonly cut: boolean;
}

export interface ScanOptions {
  readonly maxElements?: number;
  /** True once the time budget for the scan is spent. */
  readonly expired?: () => boolean;
}

/**
 * @example
 *   const scan = scanDocument(document);
 *   scan.typedScripts.filter((s) => s.getAttribute('type') === 'application/ld+json')
 */
export function scanDocument(doc: Document, options: ScanOptions = {}): PageScan {
  const maxElements = options.maxElements ?? MAX_SCAN_ELEMENTS;
  const metas: Element[] = [];
  const typedScripts: Element[] = [];
  const itemScopes: Element[] = [];
  const headings: Element[] = [];
  let canonical: Element | undefined;
  let timeWithDatetime: Element | undefined;
  let expiredEarly = false;
  const root = documentElementOf(doc);
  if (root === null) return { metas, typedScripts, itemScopes, headings, elementCount: 0, cut: false };
  const expired =
    options.expired === undefined
      ? undefined
      : () => {
          expiredEarly = options.expired?.() ?? false;
          return expiredEarly;
        };
  const elementCount = walkElements(
    root,
    (el) => {
      // Upper-case for HTML elements; lower-cased once for XHTML and SVG.
      const name = tagOf(el);
      const tag = name.length <= 8 ? name : '';
      switch (tag) {
        case 'meta':
          if (metas.length < MAX_METAS) metas.push(el);
          break;
        case 'script':
          if (typedScripts.length < MAX_SCRIPTS && hasAttr(el, 'type')) typedScripts.push(el);
          break;
        case 'link':
          if (canonical === undefined && /(?:^|\s)canonical(?:\s|$)/i.test(attrOf(el, 'rel') ?? '')) canonical = el;
          break;
        case 'time':
          if (timeWithDatetime === undefined && hasAttr(el, 'datetime')) timeWithDatetime = el;
          break;
        case 'h1':
        case 'h2':
        case 'h3':
        case 'h4':
        case 'h5':
        case 'h6':
          if (headings.length < MAX_HEADING_ELEMENTS) headings.push(el);
          break;
        default:
          break;
      }
      if (itemScopes.length < MAX_ITEM_SCOPES && hasAttr(el, 'itemscope') && !hasAttr(el, 'itemprop')) itemScopes.push(el);
    },
    { limit: maxElements, ...(expired === undefined ? {} : { expired }) },
  );
  return {
    metas,
    typedScripts,
    itemScopes,
    headings,
    ...(canonical === undefined ? {} : { canonical }),
    ...(timeWithDatetime === undefined ? {} : { timeWithDatetime }),
    elementCount,
    cut: elementCount >= maxElements || expiredEarly,
  };
}
