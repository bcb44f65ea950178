/**
 * The JavaScript heap of one extension target (the service worker, the side panel) read
 * over DevTools from outside: a page's CDP session attaches to the target
 * (`Target.attachToTarget`; Playwright 1.65 opens sessions on pages only) and sends
 * `HeapProfiler.collectGarbage` then `Runtime.getHeapUsage`; on request, a heap snapshot
 * summed by constructor (what holds the memory). Resident memory (browser.ts) counts the
 * whole process, where the panel and the worker live together; this tells them apart.
 *
 * @example
 *   const heap = await targetHeap(cdp, 'service_worker', { gc: true }); // { usedMb: 12.7, totalMb: 13.0 }
 */
import type { CDPSession } from '@playwright/test';

export interface HeapUse {
  readonly usedMb: number;
  readonly totalMb: number;
}

/** The targets measured: the extension's worker, or its side panel page. */
export type HeapTarget = 'service_worker' | 'sidepanel';

interface Attached {
  send(method: string, params?: object): Promise<unknown>;
  /** Messages the target sent without an id (events), by method. */
  on(method: string, listener: (params: unknown) => void): void;
  detach(): Promise<void>;
}

const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;

async function attach(cdp: CDPSession, target: HeapTarget): Promise<Attached | undefined> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const info = targetInfos.find((t) =>
    target === 'service_worker'
      ? t.type === 'service_worker' && t.url.startsWith('chrome-extension://')
      : t.url.endsWith('/sidepanel.html'),
  );
  if (info === undefined) return undefined;
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: info.targetId, flatten: false });
  let next = 0;
  const pending = new Map<number, { done: (v: unknown) => void; fail: (e: Error) => void }>();
  const listeners = new Map<string, (params: unknown) => void>();
  const onMessage = (event: { sessionId?: string; message: string }): void => {
    if (event.sessionId !== sessionId) return;
    const m = JSON.parse(event.message) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (m.id === undefined) {
      if (m.method !== undefined) listeners.get(m.method)?.(m.params);
      return;
    }
    const waiting = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) waiting?.fail(new Error(m.error.message));
    else waiting?.done(m.result);
  };
  cdp.on('Target.receivedMessageFromTarget', onMessage);
  return {
    send: (method, params = {}) =>
      new Promise((done, fail) => {
        const id = ++next;
        pending.set(id, { done, fail });
        cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail);
      }),
    on: (method, listener) => void listeners.set(method, listener),
    detach: async () => {
      cdp.off('Target.receivedMessageFromTarget', onMessage);
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    },
  };
}

/**
 * The heap of `target` (undefined when it is not running), after a full garbage collection
 * with `gc` (what is held, not what awaits collection), else as it is (a peak).
 */
export async function targetHeap(cdp: CDPSession, target: HeapTarget, options: { readonly gc: boolean }): Promise<HeapUse | undefined> {
  const session = await attach(cdp, target);
  if (session === undefined) return undefined;
  try {
    if (options.gc) await session.send('HeapProfiler.collectGarbage');
    const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedMb: mb(usage.usedSize), totalMb: mb(usage.totalSize) };
  } finally {
    await session.detach();
  }
}

/** The `top` constructors of `target`'s heap by the bytes their objects hold themselves (a heap snapshot, after a GC). */
export async function heapByConstructor(
  cdp: CDPSession,
  target: HeapTarget,
  top = 15,
): Promise<{ name: string; mb: number; count: number }[]> {
  const session = await attach(cdp, target);
  if (session === undefined) return [];
  const chunks: string[] = [];
  session.on('HeapProfiler.addHeapSnapshotChunk', (p) => chunks.push((p as { chunk: string }).chunk));
  try {
    await session.send('HeapProfiler.enable');
    await session.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    await session.detach();
  }
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const sums = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + (typeAt ?? 0)] ?? 0] ?? '?';
    // Objects and closures by constructor name; strings, arrays, code and the rest by kind.
    const name = type === 'object' || type === 'closure' ? (snapshot.strings[snapshot.nodes[i + (nameAt ?? 1)] ?? 0] ?? '?') : `(${type})`;
    const s = sums.get(name) ?? { bytes: 0, count: 0 };
    s.bytes += snapshot.nodes[i + (sizeAt ?? 3)] ?? 0;
    s.count++;
    sums.set(name, s);
  }
  return [...sums]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, top)
    .map(([name, s]) => ({ name: name.slice(0, 80), mb: mb(s.bytes), count: s.count }));
}

/** The highest heap seen per target while watching: as it was (garbage included), and held (after a full GC). */
export interface HeapPeaks {
  readonly seen: Partial<Record<HeapTarget, HeapUse>>;
  readonly held: Partial<Record<HeapTarget, HeapUse>>;
}

/**
 * Samples the heaps of the worker and the side panel every `everyMs` until stopped (one
 * sample at a time), and every `heldEveryMs` (0: never) after a full GC, which says what
 * is held rather than what awaits collection (a GC costs the target a pause); `stop`
 * returns each target's peaks.
 *
 * @example
 *   const watch = watchHeaps(cdp, { heldEveryMs: 20_000 });
 *   await restore();
 *   const peaks = await watch.stop(); // { seen: { service_worker: {...}, sidepanel: {...} }, held: {...} }
 */
export function watchHeaps(
  cdp: CDPSession,
  options: { readonly everyMs?: number; readonly heldEveryMs?: number } = {},
): { stop(): Promise<HeapPeaks> } {
  const everyMs = options.everyMs ?? 2000;
  const heldEveryMs = options.heldEveryMs ?? 0;
  const seen: { -readonly [K in HeapTarget]?: HeapUse } = {};
  const held: { -readonly [K in HeapTarget]?: HeapUse } = {};
  let running = true;
  let lastHeld = Date.now();
  const loop = (async () => {
    while (running) {
      const gc = heldEveryMs > 0 && Date.now() - lastHeld >= heldEveryMs;
      if (gc) lastHeld = Date.now();
      for (const target of ['service_worker', 'sidepanel'] as const) {
        const heap = await targetHeap(cdp, target, { gc }).catch(() => undefined);
        const peaks = gc ? held : seen;
        if (heap !== undefined && heap.usedMb > (peaks[target]?.usedMb ?? -1)) peaks[target] = heap;
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { seen: { ...seen }, held: { ...held } };
    },
  };
}
