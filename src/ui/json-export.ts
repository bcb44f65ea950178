/**
 * The JSON export as a Blob built from parts (`graphJsonParts`): the graph is read a
 * page at a time and the text goes into Blobs of a few megabytes, which the browser may
 * keep outside the page's heap; no string of the whole graph is ever made. The summary
 * says what the file holds, from the persisted counters (no second read).
 *
 * @example const file = await jsonExport(panelGraph(), stamp()); download(file.fileName, file.blob);
 */
import { graphJsonParts } from '../core/export/json-stream';
import type { GraphReader } from '../core/graph/store';

/** Text gathered before it is sealed into a Blob part. */
const SEAL_CHARS = 8_000_000;

export interface JsonExport {
  readonly fileName: string;
  readonly blob: Blob;
  readonly summary: string;
}

const count = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export async function jsonExport(store: GraphReader, date: string, exportedAt = Date.now()): Promise<JsonExport> {
  const sealed: Blob[] = [];
  let pending: string[] = [];
  let chars = 0;
  for await (const part of graphJsonParts(store, { exportedAt })) {
    pending.push(part);
    chars += part.length;
    if (chars >= SEAL_CHARS) {
      sealed.push(new Blob(pending));
      pending = [];
      chars = 0;
    }
  }
  const blob = new Blob([...sealed, new Blob(pending)], { type: 'application/json' });
  const c = await store.counts();
  const fileName = `ariadne-${date}.json`;
  const parts = [
    count(c.entities, 'entity', 'entities'),
    count(c.relationships, 'relationship'),
    count(c.evidence, 'evidence row'),
    count(c.pages, 'page'),
  ];
  return {
    fileName,
    blob,
    summary: `${fileName}: the whole graph (${parts.join(', ')}, with merge history and review items), to import back here or in another browser.`,
  };
}
