// Diagram figures: the time from a budget change to the new SVG in the panel, at 30, 60 and
// 150 nodes (each budget drawn REPEATS times, cycling 30 → 60 → 150 with one more entity each
// round, 30…36, so every drawing is a fresh layout, not one from the layout cache or the
// drawing on screen), as median and p95 of the wall time and of the panel's own `data-render-ms`
// (layout in the sandboxed frame plus the transfer and check); the redraw after a type filter
// at 60 nodes; the panel page's longest main-thread task; the drawing's size; the CPU time
// of the whole browser (every Chromium process this test started, from /proc) per drawing,
// since wall time on a loaded machine mostly measures the wait for a core; the load average
// before and after. Graph: 400 entities, tree-like (~1.5 relationships per entity, `bigGraph`).
//
//   ARIADNE_OUT_DIR=/tmp/k-out npx wxt build && ARIADNE_OUT_DIR=/tmp/k-out \
//     npx playwright test -c e2e/playwright.config.ts --project=bench diagram.bench.spec.ts
// Prints one JSON line. Note the machine's load (`uptime`) beside it: the layout is CPU-bound.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { percentile, seedBigGraph } from '../support/big-graph';

declare const window: Window & { __longTasks?: number[] };

/** Entities in the seeded graph (more than the largest budget drawn). */
const N = 400;
/** The budgets measured. */
const BUDGETS = [30, 60, 150] as const;
/** Drawings per budget. */
const REPEATS = 7;
/** The panel's real width. */
const WIDTH = 400;

const resetLongTasks = (panel: Page) =>
  panel.evaluate(() => {
    window.__longTasks = [];
  });
async function longestTask(panel: Page): Promise<number> {
  // Long-task entries are delivered after the task ends: give the observer a frame or two.
  await panel.waitForTimeout(300);
  return panel.evaluate(() => Math.round(Math.max(0, ...(window.__longTasks ?? []))));
}

/** Drawings completed so far: a drawing shown again without a layout counts too. */
const drawCount = async (diagram: Locator) => Number((await diagram.getAttribute('data-draw')) ?? 0);
const nextDraw = async (diagram: Locator, before: number) =>
  expect.poll(() => drawCount(diagram), { timeout: 60_000, intervals: [20] }).toBeGreaterThan(before);
/** Entities drawn (hidden ones, when a filter reused the drawing on screen, are not bound). */
const drawnNodes = (diagram: Locator) => diagram.locator('g.node[data-entity-id]');

/** CPU ms (user + system) of every process descending from this test's process: the browser it started. */
function browserCpuMs(): number {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // ppid is field 4; utime, stime, cutime, cstime fields 14–17 (of `rest`: 1 and 11–14).
        return [
          { pid: Number(d), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]) },
        ];
      } catch {
        return []; // ended meanwhile
      }
    });
  const tree = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  // Clock ticks are 10 ms on Linux (USER_HZ 100).
  return procs.filter((p) => p.pid !== process.pid && tree.has(p.pid)).reduce((sum, p) => sum + p.ticks * 10, 0);
}

const stats = (values: readonly number[]) => ({ median: percentile(values, 50), p95: percentile(values, 95), n: values.length });

test(`diagram figures, ${N} entities, tree-like, budgets ${BUDGETS.join('/')}`, async ({ sidePanel }) => {
  test.setTimeout(10 * 60_000);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: WIDTH, height: 900 });
  await panel.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await seedBigGraph(panel, N);
  await panel.goto(sidePanel.url);
  await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
  await panel.waitForTimeout(500);

  const diagram = panel.getByTestId('diagram');
  const t0 = Date.now();
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await expect(diagram.locator('svg').first()).toBeVisible({ timeout: 60_000 });
  const firstViewMs = Date.now() - t0;
  const firstViewNodes = await drawnNodes(diagram).count();

  await panel.getByText('Filters', { exact: true }).click();
  const budget = panel.getByLabel('Budget (entities drawn at most)');
  const loadBefore = loadavg().map((l) => +l.toFixed(1));
  const wall = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const cpu = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const render = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const longest = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const size = new Map<number, { width: number; height: number }>();
  for (let r = 0; r < REPEATS; r++) {
    for (const b of BUDGETS) {
      const before = await drawCount(diagram);
      await resetLongTasks(panel);
      const t = Date.now();
      const c = browserCpuMs();
      // One more entity each round: a budget drawn before would come from the layout cache.
      await budget.fill(String(b + r));
      await nextDraw(diagram, before);
      wall.get(b)?.push(Date.now() - t);
      cpu.get(b)?.push(browserCpuMs() - c);
      await expect(drawnNodes(diagram)).toHaveCount(b + r);
      render.get(b)?.push(Number(await diagram.getAttribute('data-render-ms')));
      longest.get(b)?.push(await longestTask(panel));
      size.set(
        b,
        await diagram
          .locator('svg')
          .first()
          .evaluate((svg) => {
            const box = (svg as SVGSVGElement).viewBox.baseVal;
            return { width: Math.round(box.width), height: Math.round(box.height) };
          }),
      );
    }
  }

  // A filter at 60 nodes: one entity type off (shown by hiding it in the drawing on screen)
  // and on again (the drawing before, from the layout cache): no layout either way.
  await budget.fill('60');
  await expect(drawnNodes(diagram)).toHaveCount(60, { timeout: 60_000 });
  const filterMs: number[] = [];
  const filterCpu: number[] = [];
  const chip = panel.locator('label.chip', { hasText: 'company' });
  for (let r = 0; r < REPEATS; r++) {
    const before = await drawCount(diagram);
    const t = Date.now();
    const c = browserCpuMs();
    await chip.click();
    await nextDraw(diagram, before);
    filterMs.push(Date.now() - t);
    filterCpu.push(browserCpuMs() - c);
  }

  const figures = Object.fromEntries(
    BUDGETS.map((b) => [
      `nodes${b}`,
      {
        wall_ms: stats(wall.get(b) ?? []),
        cpu_ms: stats(cpu.get(b) ?? []),
        render_ms: stats(render.get(b) ?? []),
        longest_task_ms: Math.max(...(longest.get(b) ?? [])),
        svg: size.get(b),
      },
    ]),
  );
  console.log(
    JSON.stringify({
      graph: `${N} entities, tree-like`,
      width: WIDTH,
      first_view: { ms: firstViewMs, nodes: firstViewNodes },
      ...figures,
      filter60_ms: stats(filterMs),
      filter60_cpu_ms: stats(filterCpu),
      load: { before: loadBefore, after: loadavg().map((l) => +l.toFixed(1)) },
    }),
  );
});
