/**
 * Bounds of the capture contract, without the schema: the content script cuts to them
 * in the page (where no validator is loaded) and `pageCaptureSchema` enforces them on
 * arrival in the background.
 */

/** Main text beyond this is cut (with a note) before it leaves the page. */
export const MAX_CAPTURE_TEXT = 200_000;
/** Structured-data entities beyond this are dropped (with a note). */
export const MAX_STRUCTURED_ENTITIES = 200;
export const MAX_STRUCTURED_RELATIONS = 400;
/**
 * Page URLs, captured or stored (pages, evidence, imports): a real URL is far shorter; a
 * longer one is cut in the page and refused everywhere else as a crafted record.
 */
export const MAX_URL_LENGTH = 4096;
/** Italic titles a capture carries at most, and characters of one (`extract/article/italic-titles.ts`). */
export const MAX_ITALIC_TITLES = 200;
export const MAX_ITALIC_TITLE_CHARS = 120;
