/**
 * Reads the page's JSON-LD blocks. Malformed JSON is common in the wild (trailing
 * commas, HTML comments, CDATA wrappers, several objects pasted together), so a
 * failed parse gets one lenient retry before the block is skipped with a note.
 */
/** JSON-LD blocks read per page; real pages carry 1-5. */
export const MAX_JSON_LD_BLOCKS = 50;
/** Characters of one block that are parsed; larger blocks are skipped with a note. */
export const MAX_JSON_LD_CHARS = 2_000_000;

export interface JsonLdResult {
  readonly values: unknown[];
  readonly notes: string[];
}

function lenientParse(text: string): unknown {
  const cleaned = text
    .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
    .replace(/,\s*([}\]])/g, '$1')
    // Raw control characters inside strings are invalid JSON but frequent.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u001f]+/g, ' ');
  try {
    return JSON.parse(cleaned);
  } catch {
    // Several top-level objects pasted one after another: `{…}{…}` → `[{…},{…}]`.
    return JSON.parse(`[${cleaned.replace(/}\s*{/g, '},{')}]`);
  }
}

/**
 * Parses every `<script type="application/ld+json">` among `scripts` (the typed
 * scripts `scanDocument` collected).
 *
 * @example
 *   readJsonLd(scanDocument(doc).typedScripts).values // [{ '@context': 'https://schema.org', '@type': 'Organization', … }]
 */
export function readJsonLd(scripts: readonly Element[]): JsonLdResult {
  const values: unknown[] = [];
  const notes: string[] = [];
  let blocks = 0;
  let malformed = 0;
  for (const script of scripts) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    if (type !== 'application/ld+json' && !type.startsWith('application/ld+json;')) continue;
    if (blocks >= MAX_JSON_LD_BLOCKS) {
      notes.push(`only the first ${MAX_JSON_LD_BLOCKS} JSON-LD blocks were read`);
      break;
    }
    blocks += 1;
    const text = script.textContent ?? '';
    if (text.length > MAX_JSON_LD_CHARS) {
      notes.push(`a JSON-LD block of ${text.length} characters was skipped (limit ${MAX_JSON_LD_CHARS})`);
      continue;
    }
    if (text.trim().length === 0) continue;
    try {
      values.push(JSON.parse(text));
    } catch {
      try {
        values.push(lenientParse(text));
      } catch {
        malformed += 1;
      }
    }
  }
  if (malformed > 0) notes.push(`${malformed} malformed JSON-LD block(s) skipped`);
  return { values, notes };
}
