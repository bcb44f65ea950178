// Where a diagram's time goes: a CPU profile (DevTools' sampling profiler) of the sandboxed
// layout frame and of the panel page while three fresh drawings of 61–63 nodes are made,
// its self time summed by bundle chunk (Mermaid's flowchart parser and renderer, dagre,
// DOMPurify, our code…) and by the browser's own functions called from script (text and
// shape measuring: getBBox, getComputedTextLength…), plus garbage collection. Sampled time is
// CPU time of that thread, not wall time. Graph: 400 entities, tree-like (`bigGraph`).
//
//   ARIADNE_OUT_DIR=/tmp/k-out npx wxt build && ARIADNE_OUT_DIR=/tmp/k-out \
//     npx playwright test -c e2e/playwright.config.ts --project=bench diagram-profile.bench.spec.ts
// Prints one JSON line.
import type { CDPSession, Frame, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { seedBigGraph } from '../support/big-graph';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Budgets drawn while profiling (each a fresh layout). */
const BUDGETS = [61, 62, 63];
/** Rows of each table printed. */
const TOP = 12;

/** A chunk's file name: `chrome-extension://…/chunks/dagre-3AP2YEHR-DCERTXHT.js` → `dagre-3AP2YEHR-DCERTXHT`. */
const chunkOf = (url: string): string => (url.split('/').pop() ?? url).replace(/\.js.*$/, '');

/**
 * Self time (ms) by bucket (the chunk of a script frame, or the native function's name with
 * its caller's chunk) and by function (`name @ chunk`).
 */
function summarize(profile: Profile): { total: number; byBucket: Record<string, number>; byFunction: Record<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const bucketOf = (id: number): string => {
    const node = byId.get(id);
    if (!node) return '?';
    const { functionName, url } = node.callFrame;
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (program), (idle)
    if (url === '') return `native ${functionName || '?'}`;
    return chunkOf(url);
  };
  const byBucket: Record<string, number> = {};
  const byFunction: Record<string, number> = {};
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const bucket = bucketOf(id);
    if (bucket === '(idle)') return;
    total += ms;
    // A native function is named with the chunk that called it.
    const caller = bucket.startsWith('native ') && parent.has(id) ? ` ← ${bucketOf(parent.get(id) ?? 0)}` : '';
    byBucket[bucket + caller] = (byBucket[bucket + caller] ?? 0) + ms;
    const frame = byId.get(id)?.callFrame;
    const fn = `${frame?.functionName || '(anonymous)'} @ ${bucket.startsWith('native ') || bucket.startsWith('(') ? bucket : chunkOf(frame?.url ?? '')}`;
    byFunction[fn] = (byFunction[fn] ?? 0) + ms;
  });
  const top = (table: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(table)
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([k, v]) => [k, Math.round(v)] as const),
    );
  return { total: Math.round(total), byBucket: top(byBucket), byFunction: top(byFunction) };
}

async function startProfiling(session: CDPSession): Promise<void> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 250 });
  await session.send('Profiler.start');
}

/** A DevTools session on the sandboxed frame if it runs in a process of its own, else on the panel's. */
async function frameSession(panel: Page, frame: Frame): Promise<{ session: CDPSession; own: boolean }> {
  try {
    return { session: await panel.context().newCDPSession(frame), own: true };
  } catch {
    return { session: await panel.context().newCDPSession(panel), own: false };
  }
}

const drawCount = async (diagram: Locator) => Number((await diagram.getAttribute('data-draw')) ?? 0);

test('diagram profile: where a 60-node drawing spends its CPU', async ({ sidePanel }) => {
  test.setTimeout(10 * 60_000);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await seedBigGraph(panel, 400);
  await panel.goto(sidePanel.url);
  await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
  const diagram = panel.getByTestId('diagram');
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await expect(diagram.locator('g.node[data-entity-id]').first()).toBeVisible({ timeout: 60_000 });
  const frame = panel.frames().find((f) => f.url().endsWith('/diagram.html'));
  if (!frame) throw new Error('no layout frame');
  const layout = await frameSession(panel, frame);
  const panelSession = layout.own ? await panel.context().newCDPSession(panel) : undefined;
  await panel.getByText('Filters', { exact: true }).click();
  const budget = panel.getByLabel('Budget (entities drawn at most)');

  await startProfiling(layout.session);
  if (panelSession) await startProfiling(panelSession);
  for (const b of BUDGETS) {
    const before = await drawCount(diagram);
    await budget.fill(String(b));
    await expect.poll(() => drawCount(diagram), { timeout: 60_000, intervals: [20] }).toBeGreaterThan(before);
    await expect(diagram.locator('g.node[data-entity-id]')).toHaveCount(b);
  }
  const { profile: frameProfile } = (await layout.session.send('Profiler.stop')) as { profile: Profile };
  const panelProfile = panelSession ? ((await panelSession.send('Profiler.stop')) as { profile: Profile }).profile : undefined;
  console.log(
    JSON.stringify({
      drawings: BUDGETS.length,
      nodes: BUDGETS,
      frame_in_own_process: layout.own,
      layout_frame_ms: summarize(frameProfile),
      ...(panelProfile ? { panel_ms: summarize(panelProfile) } : {}),
    }),
  );
});
