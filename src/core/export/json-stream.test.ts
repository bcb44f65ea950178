// The streamed export and the streamed reading of an export file: the text parts join to
// exactly what the whole-graph export writes, and a file read in chunks of any size gives
// back its records table by table, in order, in bounded parts; a file that is not an
// Ariadne export is refused with invalid_arguments as soon as it shows.
import { describe, expect, it } from 'vitest';
import { errorCode } from '../../../tooling/testing/error-code';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { dumpGraph } from './dump';
import { graphJson } from './export-files';
import { graphJsonParts, splitDump } from './json-stream';
import type { DumpPart } from './json-stream';
import { inventedGraph } from './testing/invented-graph';

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

async function filledStore(n: number): Promise<InMemoryGraphStore> {
  const store = new InMemoryGraphStore();
  await inventedGraph(new GraphService({ store, ids: sequentialIds(), clock: fixedClock() }), store, n);
  return store;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe('graphJsonParts', () => {
  it('joins to exactly the whole-graph JSON export, in more than one part per large table', async () => {
    const store = await filledStore(4100); // more than two read pages of entities
    const parts = await collect(graphJsonParts(store, { exportedAt: 42 }));
    expect(parts.join('')).toBe(graphJson(await dumpGraph(store, { exportedAt: 42 })));
    expect(parts.length).toBeGreaterThan(8);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThan(parts.join('').length / 2);
  });

  it('writes an empty graph as an empty export', async () => {
    const text = (await collect(graphJsonParts(new InMemoryGraphStore(), { exportedAt: 1 }))).join('');
    expect(JSON.parse(text)).toEqual({
      format: 'ariadne-graph',
      version: 1,
      exportedAt: 1,
      entities: [],
      relationships: [],
      evidence: [],
      pages: [],
      merges: [],
      reviews: [],
    });
  });
});

describe('splitDump', () => {
  it('gives back every record, table by table in file order, whatever the chunk size', async () => {
    const store = await filledStore(60);
    const text = (await collect(graphJsonParts(store, { exportedAt: 7 }))).join('');
    const whole = JSON.parse(text);
    for (const size of [1, 7, 333, text.length]) {
      const parts: DumpPart[] = await collect(splitDump(chunks(text, size), { records: 25 }));
      expect(parts.every((p) => p.records.length > 0 && p.records.length <= 25)).toBe(true);
      const tables = parts.map((p) => p.table).filter((t, i, all) => all[i - 1] !== t);
      expect(tables).toEqual(['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews']);
      for (const table of tables) expect(parts.filter((p) => p.table === table).flatMap((p) => p.records)).toEqual(whole[table]);
    }
  });

  it('cuts parts by text size too', async () => {
    const store = await filledStore(60);
    const text = (await collect(graphJsonParts(store, { exportedAt: 7 }))).join('');
    const parts = await collect(splitDump([text], { records: 1000, chars: 2000 }));
    const entityParts = parts.filter((p) => p.table === 'entities');
    expect(entityParts.length).toBeGreaterThan(2);
  });

  it('keeps strings with braces, brackets, quotes and escapes inside a record', async () => {
    const text =
      '{"format":"ariadne-graph","version":1,"exportedAt":0,"entities":[{"id":"e_1","name":"A \\"}]{[\\\\ B"}],"relationships":[]}';
    const parts = await collect(splitDump(chunks(text, 3)));
    expect(parts).toEqual([{ table: 'entities', records: [{ id: 'e_1', name: 'A "}]{[\\ B' }] }]);
  });

  it.each([
    ['an array', '[1,2]'],
    ['another format', '{"format":"other","version":1,"entities":[]}'],
    ['another version', '{"format":"ariadne-graph","version":9,"entities":[]}'],
    ['no format before the tables', '{"entities":[{"id":"e_1"}]}'],
    ['an unknown table', '{"format":"ariadne-graph","version":1,"__proto__":[{"a":1}]}'],
    ['a record that is not an object', '{"format":"ariadne-graph","version":1,"entities":[1]}'],
    ['a string record', '{"format":"ariadne-graph","version":1,"entities":["x"]}'],
    ['a file cut short', '{"format":"ariadne-graph","version":1,"entities":[{"id":"e_1"'],
    ['text after the end', '{"format":"ariadne-graph","version":1,"entities":[]} x'],
    ['broken JSON in a record', '{"format":"ariadne-graph","version":1,"entities":[{"id":}]}'],
    ['an empty file', ''],
  ])('refuses %s with invalid_arguments', async (_what, text) => {
    expect(await errorCode(() => collect(splitDump(chunks(text, 5))))).toBe('invalid_arguments');
  });
});
