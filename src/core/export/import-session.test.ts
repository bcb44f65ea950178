// The import in parts on the in-memory store (its journal beside it): cancel gives the
// graph back exactly, commit keeps it; a writer that refuses is a conflict at once.
import { describe, expect, it } from 'vitest';
import { errorCode } from '../../../tooling/testing/error-code';
import { ConflictError } from '../errors';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { dumpGraph } from './dump';
import { MemoryImportJournal } from './import-journal';
import { ImportSessions } from './import-session';
import type { ImportSessionDeps } from './import-session';
import { inventedGraph } from './testing/invented-graph';

const clock = fixedClock(0);

function sessionsOver(store: InMemoryGraphStore, graph: GraphService, over: Partial<ImportSessionDeps> = {}): ImportSessions {
  return new ImportSessions({
    store,
    ids: sequentialIds(),
    clock,
    journal: new MemoryImportJournal(store),
    exclusive: (run) => graph.exclusive(run),
    ...over,
  });
}

async function world() {
  const source = new InMemoryGraphStore();
  await inventedGraph(new GraphService({ store: source, ids: sequentialIds(), clock }), source, 40);
  const dump = await dumpGraph(source);
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  return { dump, store, graph };
}

describe('ImportSessions on the in-memory store', () => {
  it('commit keeps every part; cancel of the same parts leaves the graph as before', async () => {
    const { dump, store, graph } = await world();
    const sessions = sessionsOver(store, graph);
    const parts = [{ entities: dump.entities }, { relationships: dump.relationships }, { evidence: dump.evidence, pages: dump.pages }];
    const empty = { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] };

    const first = await sessions.begin('restore');
    for (const p of parts) await sessions.part(first.importId, { ...empty, ...p });
    expect((await store.counts()).relationships).toBe(dump.relationships.length);
    await sessions.cancel(first.importId);
    expect(await dumpGraph(store)).toEqual(await dumpGraph(new InMemoryGraphStore()));

    const second = await sessions.begin('restore');
    for (const p of parts) await sessions.part(second.importId, { ...empty, ...p });
    await sessions.part(second.importId, { ...empty, merges: dump.merges, reviews: dump.reviews });
    const report = await sessions.commit(second.importId);
    expect(report.after.entities).toBe(dump.entities.length);
    expect(await dumpGraph(store)).toEqual(dump);
    expect(sessions.running).toBeUndefined();
  });

  it('a writer that refuses makes begin fail with conflict, not wait', async () => {
    const { store, graph } = await world();
    const sessions = sessionsOver(store, graph, { exclusive: () => Promise.reject(new ConflictError('inside a writing run')) });
    expect(await errorCode(() => sessions.begin('auto'))).toBe('conflict');
  });
});
