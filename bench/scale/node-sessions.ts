/**
 * Import sessions over a Dexie database in Node (fake-indexeddb), as the worker builds
 * them, for the Node restore benches (restore-node.ts, restore-requests.ts).
 *
 * @example const { sessions } = nodeSessions(new AriadneDatabase('bench'));
 */
import type { AriadneDatabase } from '../../src/adapters/dexie/database';
import { DexieGraphStore } from '../../src/adapters/dexie/dexie-graph-store';
import { DexieImportJournal } from '../../src/adapters/dexie/dexie-import-journal';
import { ImportSessions } from '../../src/core/export/import-session';
import { fixedClock, sequentialIds } from '../../src/core/graph/ids';
import { GraphService } from '../../src/core/graph/service';

export function nodeSessions(db: AriadneDatabase): { store: DexieGraphStore; sessions: ImportSessions } {
  const store = new DexieGraphStore(db);
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock(0) });
  const sessions = new ImportSessions({
    store,
    ids: sequentialIds(),
    clock: fixedClock(0),
    journal: new DexieImportJournal(db),
    exclusive: (run) => graph.exclusive(run),
  });
  return { store, sessions };
}
