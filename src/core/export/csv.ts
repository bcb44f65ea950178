/**
 * CSV exports (RFC 4180): one file of entities, one of relationships. Cells that
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) are
 * prefixed with `'`, since names come from web pages (CSV injection).
 *
 * @example
 *   entitiesCsv(dump)      // 'id,name,type,aliases,mention_count,description,attributes\r\n…'
 *   relationshipsCsv(dump) // 'id,from_id,from,label,to_id,to\r\n…'
 */
import type { Entity, Relationship } from '../graph/types';

/** Separates several values inside one cell (aliases, attributes). */
const LIST_SEPARATOR = '; ';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when it holds a comma, quote or line break; formula-safe. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function entitiesCsv(graph: { readonly entities: readonly Entity[] }): string {
  return csv(
    ['id', 'name', 'type', 'aliases', 'mention_count', 'description', 'attributes'],
    graph.entities.map((e) => [
      e.id,
      e.name,
      e.type,
      e.aliases.join(LIST_SEPARATOR),
      e.mentionCount,
      e.description ?? '',
      Object.entries(e.attributes).map(([k, v]) => `${k}=${v}`).join(LIST_SEPARATOR),
    ]),
  );
}

export function relationshipsCsv(graph: { readonly entities: readonly Entity[]; readonly relationships: readonly Relationship[] }): string {
  const names = new Map(graph.entities.map((e) => [e.id, e.name]));
  return csv(
    ['id', 'from_id', 'from', 'label', 'to_id', 'to'],
    graph.relationships.map((r) => [r.id, r.from, names.get(r.from) ?? '', r.label, r.to, names.get(r.to) ?? '']),
  );
}
