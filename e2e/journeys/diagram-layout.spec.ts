// The diagram's layout runs off the panel's thread: a connected graph of 200 entities is
// laid out in the sandboxed layout frame while the panel stays responsive (no main-thread
// task near the 2 s Mermaid takes for it), and the SVG that comes back still opens entities.
import { expect, test } from '../support/fixtures';
import { seedBigGraph } from '../support/big-graph';

declare const window: Window & { __longTasks?: number[] };

/** Entities seeded (a tree-like graph, ~1.5 relationships each) and drawn. */
const SEEDED = 400;
const DRAWN = 200;
/**
 * Longest panel task allowed while the 200-node diagram is drawn. Laid out on the panel's
 * thread it was one task of 1.6–2.1 s; what is left there (checking and inserting the SVG)
 * measures 50–90 ms on a quiet machine and up to about 210 ms with five other jobs on its
 * two cores. The bound catches the layout coming back to the panel with room for that
 * noise; the bench (`e2e/bench/diagram.bench.spec.ts`) prints the real figure.
 */
const LONGEST_TASK_MS = 600;

test('a 200-node connected diagram is laid out off the panel thread and opens its entities', async ({ sidePanel }, testInfo) => {
  test.setTimeout(120_000);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await panel.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks?.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await seedBigGraph(panel, SEEDED);
  await panel.goto(sidePanel.url);
  await expect(sidePanel.entityRows().first()).toBeVisible({ timeout: 30_000 });

  await sidePanel.openTab('Diagram');
  const diagram = panel.getByTestId('diagram');
  await expect(diagram.locator('g.node')).toHaveCount(60, { timeout: 60_000 });
  // The layout frame: one sandboxed extension page, hidden from assistive technology.
  const frame = panel.locator('iframe[sandbox="allow-scripts"][aria-hidden="true"]');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', '/diagram.html');

  await panel.getByText('Filters').click();
  await panel.evaluate(() => {
    window.__longTasks = [];
  });
  await panel.getByLabel('Budget (entities drawn at most)').fill(String(DRAWN));
  await expect(diagram.locator('g.node[data-entity-id]')).toHaveCount(DRAWN, { timeout: 60_000 });
  // Long-task entries arrive after their task ends.
  await panel.waitForTimeout(300);
  const longest = await panel.evaluate(() => Math.max(0, ...(window.__longTasks ?? [])));
  await testInfo.attach('longest-task-ms', { body: String(Math.round(longest)), contentType: 'text/plain' });
  expect(longest).toBeLessThan(LONGEST_TASK_MS);

  await expect(diagram.locator('foreignObject')).toHaveCount(0);
  await expect(frame).toHaveCount(1);
  const node = diagram.locator('g.node[data-entity-id]').first();
  const name = (await node.textContent())?.replace(/\(\w+\)$/, '').trim() ?? '';
  await node.click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
});
