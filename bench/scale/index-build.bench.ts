/**
 * What IndexedDB's indexes cost in the real browser, apart from Ariadne's code (issue 39:
 * a restore's browser-process CPU is IndexedDB's work). A generated graph (generate.ts) is
 * written with raw IndexedDB from an extension page, a transaction per chunk as a restore's
 * parts are, into a fresh profile:
 *
 *   --mode indexed    into stores with the schema's secondary indexes (what a restore does);
 *   --mode staged     into stores without them, then every index created in one version
 *                     change (Chromium fills a new index on a filled store itself), to see
 *                     whether "indexes built once, at the end" costs less CPU;
 *   --mode per-index  into stores without them, then each index created in a version change
 *                     of its own: the CPU and the on-disk growth each index costs.
 *
 * With `--pack <n>` (staged only) every n records of a store go into one value (keyed by the
 * first's key, the records in an array): what fewer, larger IndexedDB values would cost the
 * browser, the storage redesign issue 39's 1M restore would need (docs/figures.md, round 18).
 *
 * CPU per process kind (browser = IndexedDB/LevelDB) is printed beside wall time, and the
 * IndexedDB folder's size after each step.
 *
 *   npx tsx bench/scale/index-build.bench.ts --entities 100k --mode staged --schema v6 [--write put] [--chunk 5000] --ext .out/chrome-mv3
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { SCHEMA_V5, SCHEMA_V6 } from '../../src/adapters/dexie/database';
import { launchWithExtension } from '../../src/cli/launch';
import { measured, writeChunk } from './browser';
import { generateGraph, type GraphChunk } from './generate';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '100k' },
    mode: { type: 'string', default: 'indexed' },
    schema: { type: 'string', default: 'v6' },
    ext: { type: 'string', default: resolve(ROOT, '.output/chrome-mv3') },
    label: { type: 'string', default: 'run' },
    // `add` refuses a taken key (IndexedDB reads for it first); `put` overwrites.
    write: { type: 'string', default: 'add' },
    // Records per transaction (the side panel sends parts of 5,000).
    chunk: { type: 'string', default: '5000' },
    // Records a value holds (1: one record a value, as the graph stores them).
    pack: { type: 'string', default: '1' },
  },
});
const put = values.write === 'put';
const MODES = ['indexed', 'staged', 'per-index'] as const;
type Mode = (typeof MODES)[number];
const mode = MODES.find((m) => m === values.mode);
if (mode === undefined) throw new Error(`bad --mode: ${values.mode} (one of ${MODES.join(', ')})`);
const schemas: Record<string, Record<string, string>> = { v5: SCHEMA_V5, v6: SCHEMA_V6 };
const schema = schemas[values.schema];
if (schema === undefined) throw new Error(`bad --schema: ${values.schema} (v5 or v6)`);
const size = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(values.entities.trim());
if (!size) throw new Error(`bad --entities: ${values.entities} (e.g. 20k, 1m)`);
const unit = size[2]?.toLowerCase();
const n = Math.round(Number(size[1]) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1));
const GRAPH_STORES = ['entities', 'relationships', 'evidence', 'pages'] as const;
const pack = Number(values.pack);
if (!Number.isInteger(pack) || pack < 1) throw new Error(`bad --pack: ${values.pack} (a whole number ≥ 1)`);
if (pack > 1 && mode !== 'staged') throw new Error('--pack is for --mode staged only (packed values have no per-record index)');

/** `rows` in values of `pack` records each, keyed by the first record's `key` field. */
function packed<T extends object>(rows: readonly T[], key: 'id' | 'url'): T[] {
  if (pack === 1) return [...rows];
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += pack) {
    const group = rows.slice(i, i + pack);
    out.push({ [key]: Reflect.get(group[0] ?? {}, key), rows: group } as unknown as T);
  }
  return out;
}

/** A generated chunk with its records packed (`--pack`). */
function packChunk(chunk: GraphChunk): GraphChunk {
  return {
    entities: packed(chunk.entities, 'id'),
    relationships: packed(chunk.relationships, 'id'),
    evidence: packed(chunk.evidence, 'id'),
    pages: packed(chunk.pages, 'url'),
  };
}

/** A secondary index of a Dexie schema string: its name, key path, unique and multi-entry flags. */
interface IndexSpec {
  readonly store: string;
  readonly name: string;
  readonly keyPath: string | string[];
  readonly unique: boolean;
  readonly multiEntry: boolean;
}

/** The secondary indexes of the graph's stores in `schema` (Dexie's syntax: `&` unique, `*` multi-entry, `[a+b]` compound). */
function indexesOf(from: Record<string, string>): IndexSpec[] {
  return GRAPH_STORES.flatMap((store) =>
    (from[store] ?? '')
      .split(',')
      .slice(1)
      .map((raw) => raw.trim())
      .map((raw) => {
        const unique = raw.startsWith('&');
        const multiEntry = raw.startsWith('*');
        const name = raw.replace(/^[&*]/, '');
        const keyPath = name.startsWith('[') ? name.slice(1, -1).split('+') : name;
        return { store, name, keyPath, unique, multiEntry };
      }),
  );
}

/** Bytes under `dir` (a file LevelDB removes meanwhile counts 0). */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    try {
      total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
    } catch {
      // compacted away between the listing and the stat
    }
  }
  return total;
}

const DB = 'index-build';

/** Opens `DB` at `version`, creating the graph stores (first open) and `indexes` in its version change. */
async function openWith(page: Page, version: number, indexes: readonly IndexSpec[], create: boolean): Promise<void> {
  await page.evaluate(
    async ({ name, version, indexes, create, stores }) => {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const r = indexedDB.open(name, version);
        r.onupgradeneeded = () => {
          const tx = r.transaction;
          if (tx === null) return;
          if (create) for (const { store, keyPath } of stores) r.result.createObjectStore(store, { keyPath });
          for (const i of indexes) tx.objectStore(i.store).createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
        };
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
      db.close();
    },
    {
      name: DB,
      version,
      indexes: [...indexes],
      create,
      stores: GRAPH_STORES.map((s) => ({ store: s, keyPath: s === 'pages' ? 'url' : 'id' })),
    },
  );
}

async function main(chosen: Mode): Promise<void> {
  const profileDir = resolve(ROOT, '.bench/index-build', /^[\w-]+$/.test(values.label) ? values.label : 'run');
  rmSync(profileDir, { recursive: true, force: true });
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, extensionDir: resolve(values.ext) });
  const idbDir = join(profileDir, 'Default', 'IndexedDB');
  const mb = (): number => Math.round(bytesUnder(idbDir) / 1e5) / 10;
  const report = (step: string, m: { wallMs: number; cpuMs: number; cpuMsByKind: Record<string, number> }) =>
    console.log(
      JSON.stringify({
        step,
        entities: n,
        mode: chosen,
        schema: values.schema,
        write: values.write,
        chunk: Number(values.chunk),
        pack,
        wallS: m.wallMs / 1000,
        cpuS: m.cpuMs / 1000,
        cpuMsByKind: m.cpuMsByKind,
        diskMb: mb(),
      }),
    );
  try {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await page.evaluate('globalThis.__name ??= (f) => f');
    const all = indexesOf(schema ?? {});
    await openWith(page, 1, chosen === 'indexed' ? all : [], true);
    // Generated as it goes (Node's CPU is not the profile's, so not in the figures).
    report(
      'write',
      await measured(profileDir, async () => {
        for (const chunk of generateGraph({ entities: n, chunk: Number(values.chunk) }))
          await writeChunk(page, DB, packChunk(chunk), { add: !put });
      }),
    );
    if (chosen === 'staged' && pack === 1) report('all indexes', await measured(profileDir, () => openWith(page, 2, all, false)));
    if (chosen === 'per-index') {
      let version = 2;
      for (const index of all)
        report(`${index.store}.${index.name}`, await measured(profileDir, () => openWith(page, version++, [index], false)));
    }
  } finally {
    await context.close();
  }
  console.log(JSON.stringify({ step: 'closed', diskMb: mb() }));
}

await main(mode);
