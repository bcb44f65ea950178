/**
 * IndexedDB requests a restore in parts makes per record, counted below Dexie (a DBCore
 * middleware under every other one) on fake-indexeddb: writes, reads by key, index counts
 * and queries, and transactions; and the index entries the written records carry (not
 * requests: what IndexedDB writes beside each record). The browser process's share of a restore's CPU is this
 * work (bench/scale/restore.bench.ts), so the count says where it goes without a profiler
 * for Chromium: `npx tsx bench/scale/restore-requests.ts --entities 10000 [--part 5000]`
 * (records per part, as the side panel sends them). `--mode merge [--into 100000]` counts a
 * merge import instead, into an empty graph or one first restored from a generated graph of
 * that size (not counted); the time of the counted import is printed as CPU seconds. Last,
 * each index's entries and their payload bytes as Chromium's LevelDB holds them before
 * compression (an estimate of its disk cost).
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import type { DBCore, Middleware } from 'dexie';
import { AriadneDatabase } from '../../src/adapters/dexie/database';
import { generateGraph } from './generate';
import { nodeSessions } from './node-sessions';

const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '10000' },
    part: { type: 'string', default: '5000' },
    mode: { type: 'string', default: 'restore' },
    into: { type: 'string', default: '0' },
  },
});
if (values.mode !== 'restore' && values.mode !== 'merge') throw new Error(`bad --mode: ${values.mode} (restore or merge)`);
const mode = values.mode;
const tally = new Map<string, number>();
const add = (what: string, n: number): void => void tally.set(what, (tally.get(what) ?? 0) + n);
const perIndex = new Map<string, { entries: number; bytes: number }>();
/** An IndexedDB key's size as Chromium encodes it, roughly: strings 2 bytes a UTF-16 unit, numbers 8, a type byte each. */
function encodedBytes(key: unknown): number {
  if (typeof key === 'string') return 1 + 2 * key.length;
  if (Array.isArray(key)) return 1 + key.reduce((n: number, k: unknown) => n + encodedBytes(k), 0);
  return 9;
}
const counter: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'request-counter',
  level: -20,
  create: (down) => ({
    ...down,
    transaction: (stores, mode, options) => {
      add(`transactions (${mode})`, 1);
      return down.transaction(stores, mode, options);
    },
    table: (name) => {
      const t = down.table(name);
      return {
        ...t,
        mutate: (req) => {
          add(`${name}: ${req.type}`, req.type === 'deleteRange' ? 1 : req.type === 'delete' ? req.keys.length : req.values.length);
          // Index entries written besides the records (a multi-entry index writes one per array item).
          if (req.type === 'add' || req.type === 'put') {
            for (const value of req.values)
              for (const index of t.schema.indexes) {
                const key: unknown = index.extractKey?.(value);
                // A compound key with a missing part is no key: IndexedDB writes no entry for it.
                const none = key === undefined || (index.compound === true && Array.isArray(key) && key.includes(undefined));
                const keys = none ? [] : Array.isArray(key) && index.multiEntry ? key : [key];
                add(`${name}: index entries`, keys.length);
                // Per index: entries, and their payload as Chromium's LevelDB keeps it (the index key and the
                // primary key in the row's key, the primary key again in its value), before compression.
                const primary = encodedBytes(t.schema.primaryKey.extractKey?.(value));
                const row = perIndex.get(`${name}.${index.name}`) ?? { entries: 0, bytes: 0 };
                for (const k of keys) row.bytes += encodedBytes(k) + 2 * primary;
                row.entries += keys.length;
                perIndex.set(`${name}.${index.name}`, row);
              }
          }
          return t.mutate(req);
        },
        get: (req) => (add(`${name}: get`, 1), t.get(req)),
        getMany: (req) => (add(`${name}: get`, req.keys.length), t.getMany(req)),
        query: (req) => (add(`${name}: query`, 1), t.query(req)),
        count: (req) => (add(`${name}: count`, 1), t.count(req)),
        openCursor: (req) => (add(`${name}: cursor`, 1), t.openCursor(req)),
      };
    },
  }),
};

const db = new AriadneDatabase(`restore-requests-${Date.now()}`);
db.use(counter);
const { sessions } = nodeSessions(db);
await db.open();
/** Imports a generated graph of `entities` in parts of `part` records; returns the records sent. */
async function importGenerated(how: 'restore' | 'merge', entities: number, part: number): Promise<number> {
  const { importId } = await sessions.begin(how);
  let records = 0;
  for (const chunk of generateGraph({ entities, chunk: part })) {
    await sessions.part(importId, { merges: [], reviews: [], ...chunk });
    records += chunk.entities.length + chunk.relationships.length + chunk.evidence.length + chunk.pages.length;
  }
  await sessions.commit(importId);
  return records;
}
if (Number(values.into) > 0) await importGenerated('restore', Number(values.into), 5000);
tally.clear();
const cpu0 = process.cpuUsage();
const records = await importGenerated(mode, Number(values.entities), Number(values.part));
const cpu = process.cpuUsage(cpu0);
const n = Number(values.entities);
const total = [...tally].filter(([what]) => !what.endsWith('index entries')).reduce((a, [, k]) => a + k, 0);
console.log(
  `${mode} of ${n} entities, ${records} records, into ${values.into}: ${total} requests (${(total / n).toFixed(2)} per entity), ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (counting included)`,
);
for (const [what, k] of [...tally].filter(([, k]) => k > 0).sort((a, b) => b[1] - a[1]))
  console.log(`${String(k).padStart(9)}  ${(k / n).toFixed(2).padStart(6)}/entity  ${what}`);
console.log('index: entries / entity, payload MB (before LevelDB compression)');
for (const [index, { entries, bytes }] of [...perIndex].filter(([, r]) => r.entries > 0).sort((a, b) => b[1].bytes - a[1].bytes))
  console.log(`${(entries / n).toFixed(2).padStart(9)}  ${(bytes / 1e6).toFixed(1).padStart(7)} MB  ${index}`);
await db.delete();
