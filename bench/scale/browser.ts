/**
 * The scale bench's hands in the real browser: Chromium's CPU time and resident memory
 * read from /proc for the whole process tree of one profile, the worker stopped through
 * DevTools, tool calls sent from an extension page, and generated rows written straight
 * into the worker's IndexedDB database (raw IndexedDB, batched transactions: seeding
 * 1M entities through capture or restore would take hours).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import type { GraphChunk } from './generate';

/** The extension API inside an extension page (only what is called here). */
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

const TICKS_PER_SECOND = 100;

interface ProcInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly cpuTicks: number;
  readonly rssKb: number;
  readonly cmdline: string;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(rest[1]);
    // utime, stime, cutime, cstime: fields 14–17 of stat, 11–14 of `rest`.
    const cpuTicks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid, cpuTicks, rssKb, cmdline };
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** Every Chromium process of the profile: the browser (its command line names the profile) and its descendants. */
function processTree(profileDir: string): ProcInfo[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readProc(Number(d)))
    .filter((p): p is ProcInfo => p !== undefined);
  const roots = all.filter((p) => p.cmdline.includes(`--user-data-dir=${profileDir}`) && !p.cmdline.includes('--type='));
  const tree = new Set(roots.map((p) => p.pid));
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => tree.has(p.pid));
}

export interface Usage {
  /** CPU seconds of the whole tree (ended children included, as their parent reports them). */
  readonly cpuS: number;
  /** Resident MB of the whole tree. */
  readonly rssMb: number;
  /** Resident MB of the extension's renderer (the service worker's process). */
  readonly extensionRssMb: number;
  /** CPU seconds per process kind: browser (where IndexedDB runs), extension, renderer, gpu-process, utility. */
  readonly cpuByKind: Readonly<Record<string, number>>;
}

function kindOf(p: ProcInfo): string {
  if (p.cmdline.includes('--extension-process')) return 'extension';
  return /--type=([\w-]+)/.exec(p.cmdline)?.[1] ?? 'browser';
}

export function usage(profileDir: string): Usage {
  const tree = processTree(profileDir);
  const ext = tree.filter((p) => p.cmdline.includes('--extension-process'));
  const cpuByKind: Record<string, number> = {};
  for (const p of tree) cpuByKind[kindOf(p)] = (cpuByKind[kindOf(p)] ?? 0) + p.cpuTicks / TICKS_PER_SECOND;
  return {
    cpuByKind,
    cpuS: tree.reduce((s, p) => s + p.cpuTicks, 0) / TICKS_PER_SECOND,
    rssMb: Math.round(tree.reduce((s, p) => s + p.rssKb, 0) / 1024),
    extensionRssMb: Math.round(ext.reduce((s, p) => s + p.rssKb, 0) / 1024),
  };
}

/** Wall and CPU time of `fn`, CPU from the profile's processes. */
export async function measured<T>(
  profileDir: string,
  fn: () => Promise<T>,
): Promise<{ value: T; wallMs: number; cpuMs: number; cpuMsByKind: Record<string, number> }> {
  const before = usage(profileDir);
  const t0 = performance.now();
  const value = await fn();
  const wallMs = Math.round(performance.now() - t0);
  const after = usage(profileDir);
  const cpuMsByKind: Record<string, number> = {};
  for (const [kind, s] of Object.entries(after.cpuByKind)) {
    const ms = Math.round((s - (before.cpuByKind[kind] ?? 0)) * 1000);
    if (ms > 0) cpuMsByKind[kind] = ms;
  }
  return { value, wallMs, cpuMs: Math.round((after.cpuS - before.cpuS) * 1000), cpuMsByKind };
}

/** A tool call from an extension page; throws on `{ ok: false }` with its code. */
export async function callTool(page: Page, tool: string, args: object): Promise<unknown> {
  const reply = await page.evaluate(({ tool, args }) => chrome.runtime.sendMessage({ type: 'tool.call', tool, arguments: args }), {
    tool,
    args,
  });
  if (typeof reply !== 'object' || reply === null || !('ok' in reply) || reply.ok !== true) {
    throw new Error(`${tool} failed: ${JSON.stringify(reply).slice(0, 300)}`);
  }
  return 'result' in reply ? reply.result : undefined;
}

/** Stops every service worker (the next message starts it cold). */
export async function stopWorker(cdp: CDPSession): Promise<void> {
  await cdp.send('ServiceWorker.stopAllWorkers');
}

/**
 * Writes one generated chunk into the database `name` (which the worker has created) in one
 * relaxed transaction, with `put` (`add` when asked). A database with the persisted counters
 * (schema v4+) and degrees (v5+) gets them raised in the same transaction, as the worker's
 * writes do (every row here is new).
 */
export async function writeChunk(page: Page, name: string, chunk: GraphChunk, options: { readonly add?: boolean } = {}): Promise<void> {
  const added: Record<string, number> = {};
  const add = (key: string, n: number): void => {
    if (n > 0) added[key] = (added[key] ?? 0) + n;
  };
  add('entities', chunk.entities.length);
  for (const e of chunk.entities) add(`type:${e.type}`, 1);
  add('relationships', chunk.relationships.length);
  add('pages', chunk.pages.length);
  add('evidence', chunk.evidence.length);
  // Relationship ends per entity: the persisted degrees of schema v5+.
  const ends: Record<string, number> = {};
  for (const r of chunk.relationships) for (const end of [r.from, r.to]) ends[end] = (ends[end] ?? 0) + 1;
  // tsx (esbuild, keepNames) wraps named inner functions in `__name(…)`, which the page lacks.
  await page.evaluate('globalThis.__name ??= (f) => f');
  await page.evaluate(
    async ({ name, chunk, added, ends, add }) => {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
      try {
        const counted = db.objectStoreNames.contains('counts');
        const withDegrees = db.objectStoreNames.contains('degrees');
        const stores = [
          'entities',
          'relationships',
          'pages',
          'evidence',
          ...(counted ? ['counts'] : []),
          ...(withDegrees ? ['degrees'] : []),
        ];
        const tx = db.transaction(stores, 'readwrite', { durability: 'relaxed' });
        // `add` refuses a taken key (IndexedDB reads for it first), as a restore's writes do; `put` overwrites.
        const write = (store: string, value: unknown) => (add ? tx.objectStore(store).add(value) : tx.objectStore(store).put(value));
        for (const e of chunk.entities) write('entities', e);
        for (const r of chunk.relationships) write('relationships', r);
        for (const p of chunk.pages) write('pages', p);
        for (const v of chunk.evidence) write('evidence', v);
        // Adds `by` to the `n` of each row (keyed by `field`) of a counter store, in this transaction.
        const raise = (store: string, field: string, by: Record<string, number>): void => {
          const rows = tx.objectStore(store);
          for (const [key, n] of Object.entries(by)) {
            const read = rows.get(key);
            read.onsuccess = () => {
              const row: unknown = read.result;
              const before = typeof row === 'object' && row !== null && 'n' in row && typeof row.n === 'number' ? row.n : 0;
              rows.put({ [field]: key, n: before + n });
            };
          }
        };
        if (counted) raise('counts', 'key', added);
        if (withDegrees) raise('degrees', 'id', ends);
        await new Promise<void>((done, fail) => {
          tx.oncomplete = () => done();
          tx.onerror = () => fail(tx.error);
          tx.onabort = () => fail(tx.error);
        });
      } finally {
        db.close();
      }
    },
    { name, chunk, added, ends, add: options.add === true },
  );
}

/** Whether the database `name` holds a page stored for `url`. */
export async function pageStored(page: Page, name: string, url: string): Promise<boolean> {
  return page.evaluate(
    async ({ name, url }) => {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => done(r.result);
        r.onerror = () => fail(r.error);
      });
      try {
        const r = db.transaction('pages', 'readonly').objectStore('pages').count(url);
        return await new Promise<boolean>((done, fail) => {
          r.onsuccess = () => done(r.result > 0);
          r.onerror = () => fail(r.error);
        });
      } finally {
        db.close();
      }
    },
    { name, url },
  );
}
