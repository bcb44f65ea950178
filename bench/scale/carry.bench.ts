/**
 * What a merge import in parts holds for its whole length: the file's ids mapped to the
 * graph's (`ImportCarry`, src/core/export/merge-import.ts), one pair per entity and
 * relationship of the file (3M at 1M entities). Bytes per pair and CPU of `set`/`get`,
 * as two `Map<string, id>` held them (before) and as the `PackedIdMap` does (after), each
 * in a process of its own: the file's ids come from `JSON.parse` (as a part's do), the
 * graph's from `randomIds` (as a merge mints them); memory is the heap plus array buffers
 * after a GC, less the same before.
 *
 *   npx tsx --expose-gc bench/scale/carry.bench.ts --ids 1m
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { asEntityId, fixedClock, randomIds } from '../../src/core/graph/ids';
import type { EntityId } from '../../src/core/graph/ids';
import { mulberry32 } from '../../src/core/random';
import { PackedIdMap } from '../../src/core/export/packed-id-map';

const { values } = parseArgs({
  options: {
    ids: { type: 'string', default: '1m' },
    impl: { type: 'string' },
  },
});

const IMPLS = ['map', 'packed'] as const;
type Impl = (typeof IMPLS)[number];
/** Ids parsed per `JSON.parse`, as a part of an export brings them. */
const PART = 5000;

function sizeOf(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!m) throw new Error(`bad size: ${text} (e.g. 100k, 1m)`);
  const unit = m[2]?.toLowerCase();
  return Math.round(Number(m[1]) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1));
}

function held(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with --expose-gc: npx tsx --expose-gc bench/scale/carry.bench.ts');
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

interface Carry {
  set(key: string, value: EntityId): unknown;
  get(key: string): EntityId | undefined;
}

function run(impl: Impl, n: number): void {
  const clock = fixedClock(Date.UTC(2026, 5, 1));
  const fileIds = randomIds(clock, mulberry32(1));
  const graphIds = randomIds(clock, mulberry32(2));
  const base = held();
  const carry: Carry = impl === 'map' ? new Map<string, EntityId>() : new PackedIdMap(asEntityId);
  let setMs = 0;
  for (let done = 0; done < n; done += PART) {
    clock.advance(1);
    const count = Math.min(PART, n - done);
    const text = JSON.stringify(Array.from({ length: count }, () => fileIds.entity()));
    const keys: unknown = JSON.parse(text);
    if (!Array.isArray(keys)) throw new Error('not an array');
    const start = cpuMs();
    for (const key of keys) if (typeof key === 'string') carry.set(key, graphIds.entity());
    setMs += cpuMs() - start;
  }
  const bytes = held() - base;
  // Every key asked once, in the order set (the same ids again: same clock, same seed).
  const again = fixedClock(Date.UTC(2026, 5, 1));
  const probeIds = randomIds(again, mulberry32(1));
  let getMs = 0;
  let found = 0;
  for (let done = 0; done < n; done += PART) {
    again.advance(1);
    const probes = Array.from({ length: Math.min(PART, n - done) }, () => probeIds.entity());
    const start = cpuMs();
    for (const key of probes) if (carry.get(key) !== undefined) found++;
    getMs += cpuMs() - start;
  }
  if (found !== n) throw new Error(`found ${found} of ${n}`);
  console.log(
    JSON.stringify({
      impl,
      ids: n,
      heldMb: Math.round(bytes / 1e5) / 10,
      bytesPerId: Math.round((bytes / n) * 10) / 10,
      setCpuMs: Math.round(setMs),
      getCpuMsPerMillion: Math.round((getMs / found) * 1e6),
    }),
  );
}

const n = sizeOf(values.ids);
if (values.impl === undefined) {
  // Each structure in a fresh process, so neither measures the other's garbage.
  for (const impl of IMPLS) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--ids', String(n), '--impl', impl], {
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
} else {
  const impl = IMPLS.find((i) => i === values.impl);
  if (impl === undefined) throw new Error(`--impl is one of ${IMPLS.join(', ')}`);
  run(impl, n);
}
