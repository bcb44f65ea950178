/**
 * CPU of an import in parts on fake-indexeddb (Node), for comparing changes to the
 * import's checks without a browser: `npx tsx bench/scale/restore-node.ts --entities 10000`.
 * fake-indexeddb is much slower than Chromium's IndexedDB; compare runs of this script only.
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { AriadneDatabase } from '../../src/adapters/dexie/database';
import { generateGraph } from './generate';
import { nodeSessions } from './node-sessions';

const { values } = parseArgs({ options: { entities: { type: 'string', default: '10000' } } });
const db = new AriadneDatabase(`restore-node-${Date.now()}`);
const { sessions } = nodeSessions(db);
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
