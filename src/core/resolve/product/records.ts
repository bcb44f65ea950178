/**
 * Product records as the ER-Magellan benchmarks serialize them (Ditto's format):
 * `COL title VAL adobe photoshop cs3 COL manufacturer VAL adobe COL price VAL 599.0`.
 * Attribute names differ between data sets (Amazon-Google: title/manufacturer/price;
 * Abt-Buy: name/description/price), so records are read as a generic attribute map
 * and `productView` picks the roles a matcher needs.
 */
import { emptyRecord, ownValue, setOwn } from '../../records';

/** One record: attribute name → value (trimmed; empty when the source left it blank). */
export type ProductRecord = Readonly<Record<string, string>>;

/** A labelled candidate pair (label `undefined` when the line carried none). */
export interface RecordPair {
  readonly left: ProductRecord;
  readonly right: ProductRecord;
  readonly label: boolean | undefined;
}

/** The roles a product matcher reads, whatever the source called them. */
export interface ProductView {
  /** The record's name: `title`, else `name`, else its first non-price attribute. */
  readonly title: string;
  /** All text attributes joined (title, description, brand, …), price excluded. */
  readonly text: string;
  readonly manufacturer: string;
  /** Price as a number, `undefined` when absent or unreadable. */
  readonly price: number | undefined;
}

// A value runs until the next "COL <attr> VAL" marker (values may contain anything else).
const FIELD = /COL (\S+) VAL ?((?:(?!COL \S+ VAL).)*)/gs;
const TITLE_KEYS = ['title', 'name'];
const MANUFACTURER_KEYS = ['manufacturer', 'brand', 'maker'];

/**
 * Parses one serialized record into its attributes.
 *
 * @example
 *   parseRecord('COL name VAL sony bravia COL price VAL 999') // { name: 'sony bravia', price: '999' }
 */
export function parseRecord(text: string): ProductRecord {
  // Attribute names come from the file: a null-prototype record keeps `constructor` a name.
  const fields = emptyRecord<string>();
  for (const m of text.matchAll(FIELD)) {
    const key = m[1];
    if (key !== undefined) setOwn(fields, key, (m[2] ?? '').trim());
  }
  return fields;
}

/** Parses `left <TAB> right <TAB> label`; `undefined` for a line without two records. */
export function parsePairLine(line: string): RecordPair | undefined {
  const [l, r, y] = line.split('\t');
  if (l === undefined || r === undefined) return undefined;
  const label = y === undefined ? undefined : y.trim() === '1' ? true : y.trim() === '0' ? false : undefined;
  return { left: parseRecord(l), right: parseRecord(r), label };
}

/** Parses a whole file's text, skipping blank and malformed lines. */
export function parsePairs(text: string): RecordPair[] {
  const out: RecordPair[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const pair = parsePairLine(line);
    if (pair) out.push(pair);
  }
  return out;
}

function firstOf(rec: ProductRecord, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = ownValue(rec, k);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The title/text/manufacturer/price roles of a record. */
export function productView(rec: ProductRecord): ProductView {
  const textKeys = Object.keys(rec).filter((k) => k !== 'price');
  const title = firstOf(rec, TITLE_KEYS) ?? ownValue(rec, textKeys[0] ?? '') ?? '';
  const parsed = Number.parseFloat((ownValue(rec, 'price') ?? '').replace(/[^0-9.]/g, ''));
  return {
    title,
    text: textKeys
      .map((k) => ownValue(rec, k) ?? '')
      .filter((v) => v !== '')
      .join(' '),
    manufacturer: firstOf(rec, MANUFACTURER_KEYS) ?? '',
    price: Number.isFinite(parsed) && parsed > 0 ? parsed : undefined,
  };
}
