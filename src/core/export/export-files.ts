/**
 * The side panel's export formats as files: a name, a MIME type, the bytes or text,
 * and a sentence saying what the file holds. JSON is every record (the lossless,
 * re-importable form) without the derived lookup keys, which an import recomputes;
 * CSV, GraphML and the Markdown vault (a ZIP of notes) are for other tools.
 *
 * @example
 *   const file = exportFile('json', dump, { date: '2026-11-25' });
 *   file.fileName // 'ariadne-2026-11-25.json'
 *   file.summary  // 'ariadne-2026-11-25.json: 12 entities, 9 relationships, 30 evidence rows, 3 pages, …'
 */
import { entitiesCsv, relationshipsCsv } from './csv';
import type { CsvFile } from './csv';
import type { GraphDump } from './dump';
import { graphMl } from './graphml';
import { ENTITY_FOLDER, markdownZip, PAGE_FOLDER } from './markdown';

export const EXPORT_FORMATS = ['json', 'entities.csv', 'relationships.csv', 'graphml', 'md.zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFile {
  readonly fileName: string;
  readonly type: string;
  readonly data: string | Uint8Array<ArrayBuffer>;
  /** What the file holds, for the user. */
  readonly summary: string;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * The dump as written to a JSON file: entity `keys` and relationship `key` (lookup
 * keys derived from names and ends) are left out, also in merge snapshots.
 */
export function graphJson(dump: GraphDump): string {
  const entity = <E extends { readonly keys: readonly string[] }>({ keys: _keys, ...rest }: E): Omit<E, 'keys'> => rest;
  const relationship = <R extends { readonly key: string }>({ key: _key, ...rest }: R): Omit<R, 'key'> => rest;
  return JSON.stringify({
    ...dump,
    entities: dump.entities.map(entity),
    relationships: dump.relationships.map(relationship),
    merges: dump.merges.map((m) => ({
      ...m,
      intoBefore: entity(m.intoBefore),
      removed: entity(m.removed),
      relationshipsBefore: m.relationshipsBefore.map(relationship),
    })),
  });
}

function csvSummary(fileName: string, file: CsvFile, rows: string): string {
  const dropped = file.dropped.length > 0 ? ` (${file.dropped.join(' and ')} left out: empty in every row)` : '';
  return `${fileName}: ${rows}, columns ${file.columns.join(', ')}${dropped}.`;
}

/**
 * One export of the dump in `format`, named `ariadne-<date>…`.
 *
 * @example exportFile('md.zip', dump, { date: '2026-11-25' }).fileName // 'ariadne-2026-11-25-notes.zip'
 */
export function exportFile(format: ExportFormat, dump: GraphDump, options: { readonly date: string }): ExportFile {
  const base = `ariadne-${options.date}`;
  switch (format) {
    case 'json': {
      const fileName = `${base}.json`;
      const parts = [
        count(dump.entities.length, 'entity', 'entities'),
        count(dump.relationships.length, 'relationship'),
        count(dump.evidence.length, 'evidence row'),
        count(dump.pages.length, 'page'),
        count(dump.merges.length, 'merge'),
        count(dump.reviews.length, 'review item'),
      ];
      return {
        fileName,
        type: 'application/json',
        data: graphJson(dump),
        summary: `${fileName}: the whole graph (${parts.join(', ')}), to import back here or in another browser.`,
      };
    }
    case 'entities.csv':
    case 'relationships.csv': {
      const fileName = `${base}-${format}`;
      const file = format === 'entities.csv' ? entitiesCsv(dump) : relationshipsCsv(dump);
      const rows = format === 'entities.csv' ? count(file.rows, 'entity', 'entities') : count(file.rows, 'relationship');
      return { fileName, type: 'text/csv', data: file.text, summary: csvSummary(fileName, file, rows) };
    }
    case 'graphml': {
      const fileName = `${base}.graphml`;
      return {
        fileName,
        type: 'application/graphml+xml',
        data: graphMl(dump),
        summary: `${fileName}: ${count(dump.entities.length, 'node')} and ${count(dump.relationships.length, 'edge')}, for Gephi or yEd.`,
      };
    }
    case 'md.zip': {
      const fileName = `${base}-notes.zip`;
      const zip = markdownZip(dump, { exportedAt: dump.exportedAt });
      return {
        fileName,
        type: 'application/zip',
        data: zip.data,
        summary: `${fileName}: ${count(zip.entityNotes + zip.pageNotes, 'note')}, one per entity in ${ENTITY_FOLDER}/ (${zip.entityNotes.toLocaleString('en-US')}) and one per page in ${PAGE_FOLDER}/ (${zip.pageNotes.toLocaleString('en-US')}); unzip it and open the folder as an Obsidian vault.`,
      };
    }
  }
}
