// Importing the same export twice leaves the same graph: a graph built from real corpus
// pages through the capture path is exported, imported into an empty graph (a restore),
// then imported again (a merge); the second import writes nothing, and every count
// (entities, relationships, evidence, pages) is what the first left. The file is the JSON
// export's, without lookup keys: the import recomputes them.
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../../adapters/dexie/database';
import { DexieGraphStore } from '../../adapters/dexie/dexie-graph-store';
import { buildCorpusGraph, corpusPresent } from '../../../tooling/testing/corpus-graph';
import { fixedClock, sequentialIds } from '../graph/ids';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import { dumpGraph } from './dump';
import { graphJson } from './export-files';
import type { ImportReport } from './import-plan';

const NOW = Date.UTC(2026, 10, 25, 12);
const PAGES = [
  'metascraper/business-today/input.html',
  'metascraper/economic-times/input.html',
  'metascraper/qz/input.html',
  'readability/seattletimes-1/source.html',
] as const;

const databases: AriadneDatabase[] = [];
function dexieStore(name: string): DexieGraphStore {
  const db = new AriadneDatabase(`${name}-${Date.now()}-${databases.length}`);
  databases.push(db);
  return new DexieGraphStore(db);
}
afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

describe.skipIf(!corpusPresent)('import of the same file twice', () => {
  it('leaves the same graph: the second import writes nothing and every count stays', async () => {
    const source = dexieStore('import-twice-source');
    await buildCorpusGraph(source, PAGES, { now: NOW });
    // The file as the JSON export writes it: without the derived lookup keys.
    const file: unknown = JSON.parse(graphJson(await dumpGraph(source, { exportedAt: NOW })));
    const { format: _f, version: _v, exportedAt: _t, ...records } = Object(file);
    expect(records.entities[0]).not.toHaveProperty('keys');
    expect(records.relationships[0]).not.toHaveProperty('key');
    expect(records.evidence.length).toBeGreaterThan(50);

    const store = dexieStore('import-twice-target');
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock(NOW) });
    const search = await NameIndex.load(store);
    search.attach(graph);
    const registry = createRegistry({ graph, store, search, clock: fixedClock(NOW) });
    const importOnce = async () =>
      (await registry.call('graph_import', { mode: 'auto', records }, { caller: { kind: 'test' } })) as ImportReport;

    const first = await importOnce();
    expect(first.mode).toBe('restore');
    expect(first.after).toEqual(await source.counts());
    // Lossless without the keys in the file: the restored graph is the source, keys included.
    expect(await dumpGraph(store)).toEqual(await dumpGraph(source));
    const second = await importOnce();
    expect(second.mode).toBe('merge');
    expect(second.after).toEqual(first.after);
    expect({
      entities: second.entities.created + second.entities.updated,
      relationships: second.relationships.created,
      evidence: second.evidence.created,
      pages: second.pages.created + second.pages.updated,
    }).toEqual({ entities: 0, relationships: 0, evidence: 0, pages: 0 });
  }, 120_000);
});
