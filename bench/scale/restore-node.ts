/**
 * CPU of an import in parts on fake-indexeddb (Node), for comparing changes to the
 * import's checks without a browser: `npx tsx bench/scale/restore-node.ts --entities 10000`.
 * fake-indexeddb is much slower than Chromium's IndexedDB; compare runs of this script only.
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { AriadneDatabase } from '../../src/adapters/dexie/database';
import { DexieGraphStore } from '../../src/adapters/dexie/dexie-graph-store';
import { DexieImportJournal } from '../../src/adapters/dexie/dexie-import-journal';
import { ImportSessions } from '../../src/core/export/import-session';
import { fixedClock, sequentialIds } from '../../src/core/graph/ids';
import { GraphService } from '../../src/core/graph/service';
import { createResolver } from '../../src/core/resolve/resolver';
import { generateGraph } from './generate';

const { values } = parseArgs({ options: { entities: { type: 'string', default: '10000' } } });
const db = new AriadneDatabase(`restore-node-${Date.now()}`);
const store = new DexieGraphStore(db);
const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock(0) });
const sessions = new ImportSessions({
  store,
  resolver: createResolver({ store, clock: fixedClock(0), settings: { networkLookups: false } }),
  ids: sequentialIds(),
  clock: fixedClock(0),
  journal: new DexieImportJournal(db),
  exclusive: (run) => graph.exclusive(run),
});
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const t0 = cpu();
const { importId } = await sessions.begin('restore');
for (const chunk of generateGraph({ entities: Number(values.entities), chunk: 2000 }))
  await sessions.part(importId, { merges: [], reviews: [], ...chunk });
const report = await sessions.commit(importId);
console.log(
  JSON.stringify({ entities: report.after.entities, relationships: report.after.relationships, cpuS: Math.round((cpu() - t0) * 10) / 10 }),
);
await db.delete();
