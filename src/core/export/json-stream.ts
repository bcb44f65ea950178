/**
 * The JSON export streamed both ways, so neither side holds the whole graph as one
 * string (a 1M-entity export is ~600 MB, past what one JavaScript string can hold):
 *
 *   - `graphJsonParts` reads the store a page at a time and yields the file as text
 *     parts (a Blob is built from them); joined, they are exactly `graphJson(dumpGraph())`;
 *   - `splitDump` reads a file's text in chunks (as `File.stream()` gives it) and yields
 *     its records in parts of one table each, in the file's order, for an import in
 *     parts (import-session.ts). It checks the frame (one object; `format`, `version`;
 *     arrays of objects for the six tables) and leaves each record to the importer's
 *     checks. Linear in the text: each character is looked at once.
 *
 * @example
 *   const blob = new Blob(await Array.fromAsync(graphJsonParts(store, { exportedAt: now })));
 *   for await (const part of splitDump(textChunks(file))) await send(part.table, part.records);
 */
import { InvalidArgumentsError } from '../errors';
import type { GraphReader } from '../graph/store';
import type { Entity, Relationship } from '../graph/types';
import { DUMP_FORMAT, DUMP_VERSION } from './dump';
import type { GraphChunk } from './dump';

/** Records read per store call, and per text part. */
const PAGE = 2000;
/** "Every row" for the few small tables read whole (IndexedDB takes a count up to 2^32 − 1). */
const ALL = 2 ** 30;

const withoutKeys = ({ keys: _keys, ...rest }: Entity): Omit<Entity, 'keys'> => rest;
const withoutKey = ({ key: _key, ...rest }: Relationship): Omit<Relationship, 'key'> => rest;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One table's records as text, `[`…`]` included, a page of records per part. */
async function* arrayParts<T>(
  read: (after: string | undefined) => Promise<T[]>,
  keyOf: (t: T) => string,
  text: (t: T) => string,
): AsyncGenerator<string> {
  yield '[';
  let after: string | undefined;
  let first = true;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) {
      yield (first ? '' : ',') + page.map(text).join(',');
      first = false;
    }
    const last = page[page.length - 1];
    if (last === undefined || page.length < PAGE) break;
    after = keyOf(last);
  }
  yield ']';
}

/**
 * The JSON export as text parts, read from `store` a page at a time (entities,
 * relationships and evidence by id; pages, merges and review items, which are few,
 * read whole). The same text as `graphJson(await dumpGraph(store))`.
 *
 * @example const file = new Blob(await Array.fromAsync(graphJsonParts(store, { exportedAt: Date.now() })), { type: 'application/json' });
 */
export async function* graphJsonParts(store: GraphReader, options: { readonly exportedAt: number }): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(DUMP_FORMAT)},"version":${DUMP_VERSION},"exportedAt":${JSON.stringify(options.exportedAt)},"entities":`;
  yield* arrayParts(
    (after) => store.listEntities({ limit: PAGE, ...(after === undefined ? {} : { after }) }),
    (e) => e.id,
    (e) => JSON.stringify(withoutKeys(e)),
  );
  yield ',"relationships":';
  yield* arrayParts(
    (after) => store.listRelationships({ limit: PAGE, ...(after === undefined ? {} : { after }) }),
    (r) => r.id,
    (r) => JSON.stringify(withoutKey(r)),
  );
  yield ',"evidence":';
  yield* arrayParts(
    (after) => store.listEvidence({ limit: PAGE, ...(after === undefined ? {} : { after }) }),
    (e) => e.id,
    (e) => JSON.stringify(e),
  );
  const pages = (await store.listPages({ limit: ALL })).sort((a, b) => byString(a.url, b.url));
  yield `,"pages":[${pages.map((p) => JSON.stringify(p)).join(',')}]`;
  const merges = (await store.listMerges(ALL)).sort((a, b) => byString(a.id, b.id));
  yield `,"merges":[${merges
    .map((m) =>
      JSON.stringify({
        ...m,
        intoBefore: withoutKeys(m.intoBefore),
        removed: withoutKeys(m.removed),
        relationshipsBefore: m.relationshipsBefore.map(withoutKey),
      }),
    )
    .join(',')}]`;
  const reviews = [
    ...(await store.listReviews('pending', ALL)),
    ...(await store.listReviews('accepted', ALL)),
    ...(await store.listReviews('rejected', ALL)),
  ].sort((a, b) => byString(a.id, b.id));
  yield `,"reviews":[${reviews.map((q) => JSON.stringify(q)).join(',')}]}`;
}

export type DumpTable = keyof GraphChunk;
const TABLES: readonly DumpTable[] = ['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews'];
const isTable = (key: string): key is DumpTable => TABLES.some((t) => t === key);

/** Records of one table, in the file's order. */
export interface DumpPart {
  readonly table: DumpTable;
  readonly records: unknown[];
}

export interface SplitOptions {
  /** Records per part at most (default 2,000). */
  readonly records?: number;
  /** Characters of record text per part at most (default 4 MB): bounds one message. */
  readonly chars?: number;
}

const bad = (message: string): InvalidArgumentsError => new InvalidArgumentsError(`${message} Pick a file made by Ariadne's JSON export.`);

/**
 * The records of an export file read from its text in chunks, in parts of one table
 * each. Throws `InvalidArgumentsError` when the text is not an Ariadne export (not one
 * object, another format or version, an unknown table, a record that is not an object,
 * or broken JSON), as soon as it is seen.
 *
 * @example for await (const { table, records } of splitDump(['{"format":"ariadne-graph","version":1,"entities":[{"id":"e1"}]}'])) …
 */
export async function* splitDump(chunks: AsyncIterable<string> | Iterable<string>, options: SplitOptions = {}): AsyncGenerator<DumpPart> {
  const maxRecords = options.records ?? PAGE;
  const maxChars = options.chars ?? 4_000_000;
  let depth = 0;
  let inString = false;
  let escaped = false;
  // Depth 1: the text of the current member (`"key":value`); depth 2+: the current record's text.
  let member = '';
  let table: DumpTable | undefined;
  let record = '';
  let records: unknown[] = [];
  let chars = 0;
  let sawFormat = false;
  let sawVersion = false;
  let done = false;

  const memberKey = (): string => {
    const m = /^"((?:[^"\\]|\\.)*)"\s*:$/.exec(member.trim().replace(/^,/, '').trimStart());
    if (!m) throw bad('The file is not an Ariadne export (a table name was expected).');
    return JSON.parse(`"${m[1] ?? ''}"`);
  };
  const endMember = (): void => {
    const text = member.trim().replace(/^,/, '').trim();
    member = '';
    if (text === '') return;
    let value: unknown;
    try {
      value = JSON.parse(`{${text}}`);
    } catch {
      throw bad('The file is not valid JSON.');
    }
    if (typeof value !== 'object' || value === null) throw bad('The file is not valid JSON.');
    if ('format' in value) {
      if (value.format !== DUMP_FORMAT) throw bad(`The file's format is not "${DUMP_FORMAT}".`);
      sawFormat = true;
    }
    if ('version' in value) {
      if (value.version !== DUMP_VERSION) throw bad(`The file's version is not ${DUMP_VERSION}.`);
      sawVersion = true;
    }
  };
  const flush = function* (): Generator<DumpPart> {
    if (table !== undefined && records.length > 0) yield { table, records };
    records = [];
    chars = 0;
  };
  const endRecord = (): void => {
    try {
      records.push(JSON.parse(record));
    } catch {
      throw bad('The file is not valid JSON.');
    }
    chars += record.length;
    record = '';
  };

  for await (const chunk of chunks) {
    let start = 0; // where the pending text of this chunk starts
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (done) {
        if (c > 32) throw bad('The file has text after its end.');
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) inString = false;
        continue;
      }
      if (depth === 0 && c !== 123 && c > 32) throw bad('The file is not an Ariadne export (it is not one JSON object).');
      if (c === 34) {
        if (depth === 0) throw bad('The file is not an Ariadne export (it is not one JSON object).');
        if (depth === 2 && table !== undefined) throw bad(`A record of "${table}" is not an object.`);
        inString = true;
        continue;
      }
      if (c === 123 /* { */ || c === 91 /* [ */) {
        if (depth === 0) {
          if (c !== 123) throw bad('The file is not an Ariadne export (it is not one JSON object).');
          depth = 1;
          start = i + 1;
          continue;
        }
        if (depth === 1) {
          member += chunk.slice(start, i);
          if (c === 91) {
            const key = memberKey();
            if (!isTable(key)) throw bad(`The file has a table "${key.slice(0, 40)}" that an Ariadne export does not.`);
            if (!sawFormat || !sawVersion) throw bad('The file does not start with the format and version of an Ariadne export.');
            yield* flush();
            table = key;
            member = '';
            depth = 2;
            start = i + 1;
            continue;
          }
          // An object value at depth 1: kept in the member's text.
          depth = 2;
          start = i;
          continue;
        }
        if (depth === 2 && table !== undefined) {
          if (c !== 123) throw bad(`A record of "${table}" is not an object.`);
          start = i;
        }
        depth++;
        continue;
      }
      if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--;
        if (depth === 0) {
          if (c !== 125) throw bad('The file is not valid JSON.');
          member += chunk.slice(start, i);
          endMember();
          yield* flush();
          table = undefined;
          done = true;
          continue;
        }
        if (depth === 1 && table !== undefined) {
          // The table's array ended.
          if (c !== 93) throw bad('The file is not valid JSON.');
          if (chunk.slice(start, i).trim() !== '') throw bad(`A record of "${table}" is not an object.`);
          yield* flush();
          table = undefined;
          start = i + 1;
          continue;
        }
        if (depth === 2 && table !== undefined) {
          record += chunk.slice(start, i + 1);
          endRecord();
          if (records.length >= maxRecords || chars >= maxChars) yield* flush();
          start = i + 1;
        }
        continue;
      }
      if (depth === 2 && table !== undefined && c > 32 && c !== 44 /* , */) throw bad(`A record of "${table}" is not an object.`);
      if (depth === 1 && table === undefined && c === 44 /* , */) {
        member += chunk.slice(start, i);
        endMember();
        start = i + 1;
      }
    }
    // Keep the pending text of this chunk.
    if (!done && depth >= 1) {
      if (table === undefined) member += chunk.slice(start);
      else if (depth > 2) record += chunk.slice(start);
    }
  }
  if (!done) throw bad('The file ends before its last record (it is cut short or not JSON).');
  if (!sawFormat) throw bad('The file has no format: it is not an Ariadne export.');
}
