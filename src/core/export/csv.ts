/**
 * CSV exports (RFC 4180): one file of entities, one of relationships. Cells that
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) are
 * prefixed with `'`, since names come from web pages (CSV injection). A column that
 * is empty in every row (no entity has a description, say) is left out, and the file
 * says which columns it kept.
 *
 * @example
 *   entitiesCsv(dump).text      // 'id,name,type,aliases,mention_count,attributes\r\n…'
 *   relationshipsCsv(dump).text // 'id,from_id,from,label,to_id,to\r\n…'
 */
import type { Entity, Relationship } from '../graph/types';

/** Separates several values inside one cell (aliases, attributes). */
const LIST_SEPARATOR = '; ';
const FORMULA_START = /^[=+\-@\t\r]/;

export interface CsvFile {
  readonly text: string;
  /** The columns written, in order. */
  readonly columns: readonly string[];
  /** Columns left out because every row had them empty. */
  readonly dropped: readonly string[];
  readonly rows: number;
}

/** One CSV cell: quoted when it holds a comma, quote or line break; formula-safe. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table without its always-empty columns (all columns are kept when there are no rows). */
function csv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): CsvFile {
  const keep = header.map((_, i) => rows.length === 0 || rows.some((row) => row[i] !== ''));
  const pick = <T>(row: readonly T[]): T[] => row.filter((_, i) => keep[i] === true);
  const text = [pick(header), ...rows.map(pick)].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  return { text, columns: pick(header), dropped: header.filter((_, i) => keep[i] !== true), rows: rows.length };
}

export function entitiesCsv(graph: { readonly entities: readonly Entity[] }): CsvFile {
  return csv(
    ['id', 'name', 'type', 'aliases', 'mention_count', 'description', 'attributes'],
    graph.entities.map((e) => [
      e.id,
      e.name,
      e.type,
      e.aliases.join(LIST_SEPARATOR),
      e.mentionCount,
      e.description ?? '',
      Object.entries(e.attributes)
        .map(([k, v]) => `${k}=${v}`)
        .join(LIST_SEPARATOR),
    ]),
  );
}

export function relationshipsCsv(graph: {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
}): CsvFile {
  const names = new Map(graph.entities.map((e) => [e.id, e.name]));
  return csv(
    ['id', 'from_id', 'from', 'label', 'to_id', 'to'],
    graph.relationships.map((r) => [r.id, r.from, names.get(r.from) ?? '', r.label, r.to, names.get(r.to) ?? '']),
  );
}
