/**
 * The upgrade to workspaces on a populated graph: a version-2 `ariadne` database of N
 * entities (and 1.5 relationships each) is registered as the Default workspace and
 * opened as its graph, as the background's first start after the update does. Times
 * the registration alone and the whole first start (registration, opening Default's
 * database, counting its entities), against opening the same database without
 * workspaces. Dexie on fake-indexeddb in Node.
 *
 *   npx tsx bench/workspace-upgrade.bench.ts [--entities 10000] [--runs 5]
 */
import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Dexie } from 'dexie';
import { AriadneDatabase, DATABASE_NAME } from '../src/adapters/dexie/database';
import {
  DexieWorkspaceStore,
  WORKSPACE_DATABASE_NAME,
  WorkspaceDatabase,
  workspaceDatabaseName,
} from '../src/adapters/dexie/workspace-database';
import { indexKeys } from '../src/core/graph/keys';
import type { Entity, Relationship } from '../src/core/graph/types';
import { systemClock } from '../src/core/graph/ids';
import type { EntityId, RelationshipId } from '../src/core/graph/ids';
import { randomWorkspaceIds } from '../src/core/workspace/workspace';
import { WorkspaceRegistry } from '../src/core/workspace/workspace-registry';

const { values } = parseArgs({ options: { entities: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } } });
const N = Number(values.entities);
const RUNS = Number(values.runs);
const T0 = Date.UTC(2026, 0, 1);

async function writeV2Graph(n: number): Promise<void> {
  const id = (i: number) => `e_b${i.toString(36).padStart(5, '0')}` as EntityId;
  const entities: Entity[] = Array.from({ length: n }, (_, i) => {
    const name = `Entity ${i} Labs`;
    return {
      id: id(i),
      name,
      type: 'company',
      aliases: [],
      attributes: { rank: String(i) },
      createdAt: T0 + i,
      updatedAt: T0 + i,
      mentionCount: 1,
      keys: indexKeys({ name, aliases: [] }),
    };
  });
  const relationships: Relationship[] = [];
  for (let i = 1; i < n; i++) {
    for (const t of i % 2 === 0 ? [Math.floor(i / 2), Math.floor(i / 3)] : [Math.floor(i / 3)]) {
      if (t === i) continue;
      const key = `${id(i)}|uses|${id(t)}`;
      if (relationships.at(-1)?.key === key) continue;
      relationships.push({
        id: `r_b${relationships.length.toString(36)}` as RelationshipId,
        from: id(i),
        to: id(t),
        label: 'uses',
        key,
        createdAt: T0,
        updatedAt: T0,
      });
    }
  }
  const db = new AriadneDatabase(DATABASE_NAME);
  await db.entities.bulkAdd(entities);
  await db.relationships.bulkAdd(relationships);
  if (db.verno !== 2) throw new Error(`expected a version-2 database, got ${db.verno}`);
  db.close();
}

async function firstStart(withWorkspaces: boolean): Promise<{ registerMs: number; totalMs: number; entities: number }> {
  const t0 = performance.now();
  let name = DATABASE_NAME;
  let registerMs = 0;
  if (withWorkspaces) {
    const workspaces = new WorkspaceDatabase();
    const registry = new WorkspaceRegistry({ store: new DexieWorkspaceStore(workspaces), clock: systemClock, newId: randomWorkspaceIds() });
    name = workspaceDatabaseName((await registry.active()).id);
    registerMs = performance.now() - t0;
    workspaces.close();
  }
  const db = new AriadneDatabase(name);
  const entities = await db.entities.count();
  db.close();
  return { registerMs, totalMs: performance.now() - t0, entities };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const rows: { register: number[]; total: number[]; baseline: number[] } = { register: [], total: [], baseline: [] };
  for (let run = 0; run < RUNS; run++) {
    await Dexie.delete(DATABASE_NAME);
    await Dexie.delete(WORKSPACE_DATABASE_NAME);
    await writeV2Graph(N);
    rows.baseline.push((await firstStart(false)).totalMs);
    const upgraded = await firstStart(true);
    if (upgraded.entities !== N) throw new Error(`Default holds ${upgraded.entities} entities, expected ${N}`);
    rows.register.push(upgraded.registerMs);
    rows.total.push(upgraded.totalMs);
  }
  console.log(
    `Upgrade of a version-2 database of ${N} entities to workspaces, median of ${RUNS} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  console.log(`  registering it as Default            ${median(rows.register).toFixed(1)} ms`);
  console.log(`  first start (register, open, count)  ${median(rows.total).toFixed(1)} ms`);
  console.log(`  opening it without workspaces        ${median(rows.baseline).toFixed(1)} ms`);
}

await main();
