// Diagram figures: the time from a budget change to the new SVG in the panel, at 30, 60 and
// 150 nodes (each budget drawn REPEATS times, cycling 30 → 60 → 150 so every drawing is a
// fresh layout), as median and p95 of the wall time and of the panel's own `data-render-ms`
// (layout in the sandboxed frame plus the transfer and check); the redraw after a type filter
// at 60 nodes; the panel page's longest main-thread task; the drawing's size. Graph: 400
// entities, tree-like (~1.5 relationships per entity, `bigGraph`).
//
//   ARIADNE_OUT_DIR=/tmp/k-out npx wxt build && ARIADNE_OUT_DIR=/tmp/k-out \
//     npx playwright test -c e2e/playwright.config.ts --project=bench diagram.bench.spec.ts
// Prints one JSON line. Note the machine's load (`uptime`) beside it: the layout is CPU-bound.
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

/** Marks the SVG on screen, so the next one can be told from it. */
const markOld = (diagram: Locator) =>
  diagram
    .locator('svg')
    .first()
    .evaluate((svg) => svg.setAttribute('data-bench-old', ''));
const newSvg = (diagram: Locator) => diagram.locator(':scope svg:not([data-bench-old])').first();

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
  const firstViewNodes = await diagram.locator('g.node').count();

  await panel.getByText('Filters', { exact: true }).click();
  const budget = panel.getByLabel('Budget (entities drawn at most)');
  const wall = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const render = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const longest = new Map<number, number[]>(BUDGETS.map((b) => [b, []]));
  const size = new Map<number, { width: number; height: number }>();
  for (let r = 0; r < REPEATS; r++) {
    for (const b of BUDGETS) {
      await markOld(diagram);
      await resetLongTasks(panel);
      const t = Date.now();
      await budget.fill(String(b));
      await expect(newSvg(diagram)).toBeAttached({ timeout: 60_000 });
      wall.get(b)?.push(Date.now() - t);
      await expect(diagram.locator('g.node')).toHaveCount(b);
      render.get(b)?.push(Number(await diagram.getAttribute('data-render-ms')));
      longest.get(b)?.push(await longestTask(panel));
      size.set(
        b,
        await newSvg(diagram).evaluate((svg) => {
          const box = (svg as SVGSVGElement).viewBox.baseVal;
          return { width: Math.round(box.width), height: Math.round(box.height) };
        }),
      );
    }
  }

  // A filter at 60 nodes: one entity type off and on again.
  await budget.fill('60');
  await expect(diagram.locator('g.node')).toHaveCount(60, { timeout: 60_000 });
  const filterMs: number[] = [];
  const chip = panel.locator('label.chip', { hasText: 'company' });
  for (let r = 0; r < REPEATS; r++) {
    await markOld(diagram);
    const t = Date.now();
    await chip.click();
    await expect(newSvg(diagram)).toBeAttached({ timeout: 60_000 });
    filterMs.push(Date.now() - t);
  }

  const figures = Object.fromEntries(
    BUDGETS.map((b) => [
      `nodes${b}`,
      {
        wall_ms: stats(wall.get(b) ?? []),
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
    }),
  );
});
