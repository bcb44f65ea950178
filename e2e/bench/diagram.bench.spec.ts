// Diagram figures: tab click → SVG at 60 nodes (Mermaid loaded on first
// use) and budget change → SVG at 200 nodes, with the panel page's longest main-thread task
// (PerformanceObserver 'longtask') in each window and the drawing's size, on a tree-like
// graph (~1.5 relationships per entity) and on a sparse one (few relationships). In Chromium
// Mermaid runs in the sandboxed layout frame (its own process), so the longest task is the
// panel's share only: checking and inserting the SVG.
//
//   ARIADNE_OUT_DIR=/tmp/k-out npx wxt build && ARIADNE_OUT_DIR=/tmp/k-out \
//     npx playwright test -c e2e/playwright.config.ts --project=bench diagram.bench.spec.ts
// Prints one JSON line per graph.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { bigGraph } from '../support/big-graph';

/** The extension API inside the panel's page (only what is called here). */
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
declare const window: Window & { __longTasks?: number[] };

/** Entities in the seeded graphs (more than the largest budget drawn). */
const N = 400;
/** Relationships kept in the sparse graph. */
const SPARSE_EDGES = 12;
/** The panel's real width. */
const WIDTH = 400;

async function seed(panel: Page, sparse: boolean): Promise<void> {
  const { entities, relationships } = bigGraph(N);
  const records = { entities, relationships: sparse ? relationships.slice(0, SPARSE_EDGES) : relationships };
  const reply = await panel.evaluate((args) => chrome.runtime.sendMessage({ type: 'tool.call', tool: 'graph_import', arguments: args }), {
    mode: 'restore',
    records,
  });
  expect(reply).toMatchObject({ ok: true });
}

/** Starts collecting long tasks afresh. */
const resetLongTasks = (panel: Page) =>
  panel.evaluate(() => {
    window.__longTasks = [];
  });
/** The longest task since the last reset (0 when none went over 50 ms). */
async function longestTask(panel: Page): Promise<number> {
  // Long-task entries are delivered after the task ends: give the observer a frame or two.
  await panel.waitForTimeout(300);
  return panel.evaluate(() => Math.round(Math.max(0, ...(window.__longTasks ?? []))));
}

async function svgBox(panel: Page): Promise<{ width: number; height: number }> {
  return panel
    .getByTestId('diagram')
    .locator('svg')
    .evaluate((svg) => {
      const box = (svg as SVGSVGElement).viewBox.baseVal;
      return { width: Math.round(box.width), height: Math.round(box.height) };
    });
}

for (const sparse of [false, true]) {
  const graph = sparse ? `sparse (${SPARSE_EDGES} relationships)` : 'tree-like (~1.5 relationships per entity)';
  test(`diagram figures, ${N} entities, ${graph}`, async ({ sidePanel }) => {
    const panel = await sidePanel.open();
    await panel.setViewportSize({ width: WIDTH, height: 900 });
    await panel.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await seed(panel, sparse);
    await panel.goto(sidePanel.url);
    await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
    await panel.waitForTimeout(500);

    const diagram = panel.getByTestId('diagram');
    await resetLongTasks(panel);
    await panel.getByRole('tab', { name: 'Diagram' }).click();
    const t0 = Date.now();
    await expect(diagram.locator('g.node')).toHaveCount(60, { timeout: 60_000 });
    const at60 = {
      tab_click_to_svg_ms: Date.now() - t0,
      longest_task_ms: await longestTask(panel),
      render_ms: Number(await diagram.getAttribute('data-render-ms')),
      svg: await svgBox(panel),
    };

    await panel.getByText('Filters').click();
    await resetLongTasks(panel);
    const t1 = Date.now();
    await panel.getByLabel('Budget (entities drawn at most)').fill('200');
    await expect(diagram.locator('g.node')).toHaveCount(200, { timeout: 60_000 });
    const ms200 = Date.now() - t1;
    // Drawn in parts, stacked in one SVG whose nodes still open their entity.
    await expect(diagram.locator('g.node[data-entity-id]')).toHaveCount(200);
    await expect(diagram.locator(':scope > svg')).toHaveCount(1);
    const at200 = {
      budget_to_svg_ms: ms200,
      longest_task_ms: await longestTask(panel),
      render_ms: Number(await diagram.getAttribute('data-render-ms')),
      svg: await svgBox(panel),
    };

    console.log(JSON.stringify({ graph, width: WIDTH, nodes60: at60, nodes200: at200 }));
  });
}
