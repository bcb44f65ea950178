// The diagram as a research view: it opens on the entity the user was looking at, readable
// (text ≥ 11 px) in a 320–500 px panel; it pans and zooms by mouse and keyboard; a node
// expands in place; co-mentions are off until switched on; dark mode passes axe. Each step's
// screenshot is saved under the test's output (and attached).
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, snap } from '../support/panel-journey';
import { seedBigGraph } from '../support/big-graph';
import { RESEARCH_FACTS, seedResearchGraph } from '../support/research-graph';

/** The drawing's transform as numbers: translation and scale. */
async function viewOf(panel: Page): Promise<{ x: number; y: number; k: number }> {
  return panel.getByTestId('diagram').evaluate((el) => {
    const m = new DOMMatrix(getComputedStyle(el).transform);
    return { x: m.e, y: m.f, k: m.a };
  });
}

async function openPanel(sidePanel: { open(): Promise<Page>; url: string }, width: number): Promise<Page> {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width, height: 900 });
  await seedResearchGraph(panel);
  await panel.goto(sidePanel.url);
  await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Got it' }).click();
  return panel;
}

async function drawn(panel: Page): Promise<void> {
  await expect(panel.getByTestId('diagram').locator('g.node[data-entity-id]').first()).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('diagram-progress')).toHaveCount(0);
}

/** Edge labels with text. */
const labelled = (panel: Page) =>
  panel
    .getByTestId('diagram')
    .locator('.edgeLabel')
    .evaluateAll((ls) => ls.filter((l) => (l.textContent ?? '').trim() !== '').length);

const shot = (panel: Page, testInfo: TestInfo, name: string) => snap(panel, testInfo, `diagram-${name}`);

test('opens on the entity page it was asked from, readable, facts only', async ({ sidePanel }, testInfo) => {
  const panel = await openPanel(sidePanel, 400);
  await panel.getByTestId('entity-row').filter({ hasText: 'Tern DB' }).getByRole('button').click();
  await expect(panel.getByRole('heading', { level: 2, name: 'Tern DB' })).toBeVisible();
  await panel.getByTestId('show-in-diagram').click();
  await drawn(panel);
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('Around Tern DB, the entity you had open');
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('co-mentions hidden');
  // The centre's node is inside the box, and the text at the opening zoom is at least 11 px.
  const box = await panel.getByTestId('diagram-box').boundingBox();
  const node = await panel.locator('g.node[data-entity-id="e_rgterndb"]').boundingBox();
  expect(box && node).toBeTruthy();
  if (box && node) {
    expect(node.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(node.x + node.width).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  expect(Number(await panel.getByTestId('diagram-box').getAttribute('data-text-px'))).toBeGreaterThanOrEqual(11);
  // Stated facts as phrases, arrows only: no dotted co-mention lines.
  await expect(panel.getByTestId('diagram').locator('.edgeLabel', { hasText: 'develops' })).toHaveCount(1);
  await expect(panel.getByTestId('diagram').locator('path.edge-pattern-dotted')).toHaveCount(0);
  await shot(panel, testInfo, 'from-entity-page');
  // A click on a node opens its entity.
  await panel.locator('g.node[data-entity-id="e_rgrust"]').click();
  await expect(panel.getByRole('heading', { level: 2, name: 'Rust' })).toBeVisible();
});

test('pans and zooms by mouse and keyboard; a drag does not open an entity', async ({ sidePanel }, testInfo) => {
  const panel = await openPanel(sidePanel, 400);
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await drawn(panel);
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('Around Northwind, the best-connected of what you read last');
  // Northwind's part of the graph drawn whole, the view goes on from the next centre, a pair not linked to it.
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('and 1 more centre (Birch Works)');
  await expect(panel.locator('g.node[data-entity-id="e_rgbirchworks"]')).toHaveCount(1);
  await expect(panel.locator('g.node[data-entity-id="e_rglenaberg"]')).toHaveCount(1);
  const box = panel.getByTestId('diagram-box');
  await box.scrollIntoViewIfNeeded();
  const start = await viewOf(panel);

  // Wheel zooms around the pointer: the drawing point under it stays put.
  const r = await box.boundingBox();
  if (!r) throw new Error('no diagram box');
  const at = { x: r.x + r.width * 0.3, y: r.y + r.height * 0.4 };
  const underBefore = { x: (at.x - r.x - start.x) / start.k, y: (at.y - r.y - start.y) / start.k };
  await panel.mouse.move(at.x, at.y);
  await panel.mouse.wheel(0, -300);
  await expect.poll(async () => (await viewOf(panel)).k).toBeGreaterThan(start.k * 1.2);
  const zoomed = await viewOf(panel);
  expect((at.x - r.x - zoomed.x) / zoomed.k).toBeCloseTo(underBefore.x, 0);
  expect((at.y - r.y - zoomed.y) / zoomed.k).toBeCloseTo(underBefore.y, 0);
  await shot(panel, testInfo, 'zoomed-wheel');

  // Drag pans, starting on a node, and the node is not opened.
  const node = panel.locator('g.node[data-entity-id="e_rgnorthwind"]');
  const nb = await node.boundingBox();
  if (!nb) throw new Error('no centre node');
  await panel.mouse.move(nb.x + nb.width / 2, nb.y + nb.height / 2);
  await panel.mouse.down();
  await panel.mouse.move(nb.x + nb.width / 2 - 60, nb.y + nb.height / 2 - 40, { steps: 6 });
  await panel.mouse.up();
  const dragged = await viewOf(panel);
  expect(dragged.x).toBeCloseTo(zoomed.x - 60, 0);
  expect(dragged.y).toBeCloseTo(zoomed.y - 40, 0);
  await expect(panel.getByRole('heading', { level: 2, name: 'Northwind' })).toHaveCount(0);

  // Keys: arrows pan, + and − zoom, 0 resets to the opening view.
  await box.focus();
  await panel.keyboard.press('ArrowRight');
  expect((await viewOf(panel)).x).toBeCloseTo(dragged.x - 48, 0);
  await panel.keyboard.press('ArrowDown');
  expect((await viewOf(panel)).y).toBeCloseTo(dragged.y - 48, 0);
  await panel.keyboard.press('+');
  expect((await viewOf(panel)).k).toBeCloseTo(dragged.k * 1.25, 2);
  await panel.keyboard.press('-');
  await panel.keyboard.press('-');
  expect((await viewOf(panel)).k).toBeCloseTo(dragged.k / 1.25, 2);
  await shot(panel, testInfo, 'panned-keys');
  await panel.keyboard.press('0');
  expect(await viewOf(panel)).toEqual(start);
  // The buttons do the same.
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  expect((await viewOf(panel)).k).toBeCloseTo(start.k * 1.25, 2);
  await panel.getByTestId('diagram-reset').click();
  expect(await viewOf(panel)).toEqual(start);
});

test('a node expands in place, and co-mentions are switched on light and undirected', async ({ sidePanel }, testInfo) => {
  const panel = await openPanel(sidePanel, 400);
  await panel.getByTestId('entity-row').filter({ hasText: 'Rust' }).getByRole('button').click();
  await panel.getByTestId('show-in-diagram').click();
  await drawn(panel);
  const nodes = panel.getByTestId('diagram').locator('g.node[data-entity-id]');
  await expect(nodes).toHaveCount(3); // Rust, Tern DB, Quay Engine
  await panel.getByLabel('Click expands').check();
  await panel.locator('g.node[data-entity-id="e_rgterndb"]').click();
  // Tern DB's neighbour Northwind joins; the view stays on Rust.
  await expect(panel.locator('g.node[data-entity-id="e_rgnorthwind"]')).toHaveCount(1);
  await expect(nodes).toHaveCount(4);
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('1 expanded');
  await shot(panel, testInfo, 'expanded');

  // The opening view: facts only; the switch adds co-mentions as dotted lines without labels.
  await panel.getByText('Filters', { exact: true }).click();
  await panel.getByRole('button', { name: 'Opening view' }).click();
  await drawn(panel);
  // Founded by and CEO of, between Northwind and Ada Quill, are one edge.
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText(`${RESEARCH_FACTS - 1} stated facts; co-mentions hidden`);
  const dotted = panel.getByTestId('diagram').locator('path.edge-pattern-dotted');
  await expect(dotted).toHaveCount(0);
  const labelsBefore = await labelled(panel);
  expect(labelsBefore).toBeGreaterThan(0);
  await panel.getByTestId('diagram-co-mentions').check();
  await expect(dotted.first()).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('co-mentions (dotted)');
  // Co-mention lines have no arrow head; the stated facts keep theirs, with the same labels.
  expect(await dotted.evaluateAll((paths) => paths.filter((p) => p.getAttribute('marker-end')).length)).toBe(0);
  expect(await labelled(panel)).toBe(labelsBefore);
  await shot(panel, testInfo, 'co-mentions-on');
  await panel.getByTestId('diagram-co-mentions').uncheck();
  await expect(dotted).toHaveCount(0, { timeout: 60_000 });
});

test('dark mode: deep node fills, light edges, axe clean at 320 and 500 px', async ({ sidePanel }, testInfo) => {
  const panel = await openPanel(sidePanel, 400);
  await panel.emulateMedia({ colorScheme: 'dark' });
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await drawn(panel);
  const fill = await panel
    .locator('g.node[data-entity-id="e_rgnorthwind"] rect')
    .first()
    .evaluate((r) => getComputedStyle(r).fill);
  expect(fill).toBe('rgb(30, 58, 138)');
  const stroke = await panel
    .getByTestId('diagram')
    .locator('path.flowchart-link')
    .first()
    .evaluate((p) => getComputedStyle(p).stroke);
  expect(stroke).toBe('rgb(170, 180, 192)');
  await shot(panel, testInfo, 'dark');
  await axeCleanAtPanelWidths(panel, 'diagram', { testInfo, name: 'diagram-axe' });
});

test("the drawing follows the panel's own colour choice, not the system's; axe clean dark at 320 and 500 px", async ({
  sidePanel,
}, testInfo) => {
  const panel = await openPanel(sidePanel, 400);
  // The system says light; the panel is set to dark in Settings → Appearance.
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await drawn(panel);
  const centreFill = () =>
    panel
      .locator('g.node[data-entity-id="e_rgnorthwind"] rect')
      .first()
      .evaluate((r) => getComputedStyle(r).fill);
  expect(await centreFill()).toBe('rgb(219, 234, 254)');
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await panel.getByTestId('theme-dark').check();
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await drawn(panel);
  await expect.poll(centreFill, { timeout: 60_000 }).toBe('rgb(30, 58, 138)');
  const link = panel.getByTestId('diagram').locator('path.flowchart-link').first();
  expect(await link.evaluate((p) => getComputedStyle(p).stroke)).toBe('rgb(170, 180, 192)');
  // Mermaid's own theme is dark too (its edge labels' text is light).
  const labelFill = await panel
    .getByTestId('diagram')
    .locator('.edgeLabel text')
    .first()
    .evaluate((t) => getComputedStyle(t).fill);
  const [r = 0, g = 0, b = 0] = (labelFill.match(/\d+/g) ?? []).map(Number);
  expect(r + g + b).toBeGreaterThan(3 * 128);
  for (const width of [320, 500]) {
    await panel.setViewportSize({ width, height: 900 });
    await drawn(panel);
    await shot(panel, testInfo, `panel-dark-${width}`);
    const { violations } = await new AxeBuilder({ page: panel }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  }
  // And the other way: the system dark, the panel set to light.
  await panel.emulateMedia({ colorScheme: 'dark' });
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await panel.getByTestId('theme-light').check();
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await drawn(panel);
  await expect.poll(centreFill, { timeout: 60_000 }).toBe('rgb(219, 234, 254)');
  await shot(panel, testInfo, 'panel-light-system-dark');
});

test('a filter that only takes entities away hides them in place, and one switched back comes from the cache: no new layout', async ({
  sidePanel,
}, testInfo) => {
  const panel = await openPanel(sidePanel, 400);
  await panel.getByTestId('entity-row').filter({ hasText: 'Northwind' }).getByRole('button').click();
  await panel.getByTestId('show-in-diagram').click();
  await drawn(panel);
  const diagram = panel.getByTestId('diagram');
  const draws = async () => Number((await diagram.getAttribute('data-draw')) ?? 0);
  /** Clicks a type chip and waits for the drawing that follows. */
  const chip = async (type: string) => {
    const before = await draws();
    await panel.locator('label.chip', { hasText: type }).click();
    await expect.poll(draws, { timeout: 60_000 }).toBeGreaterThan(before);
    await expect(panel.getByTestId('diagram-progress')).toHaveCount(0);
  };
  const nodes = diagram.locator('g.node[data-entity-id]');
  await panel.getByText('Filters', { exact: true }).click();
  for (const type of ['company', 'person', 'product', 'location']) await chip(type);
  await expect(nodes).toHaveCount(5); // Northwind, Fjord Capital, Ada Quill, Tern DB, Oslo
  // The drawing on screen is marked: a new layout would replace it.
  await diagram
    .locator('svg')
    .first()
    .evaluate((svg) => svg.setAttribute('data-journey-mark', ''));
  const place = () =>
    nodes.evaluateAll((els) => Object.fromEntries(els.map((el) => [el.getAttribute('data-entity-id'), el.getAttribute('transform')])));
  const placed = await place();

  // Person off: never drawn before, but the drawing holds it all: Ada Quill is hidden in place.
  await chip('person');
  await expect(nodes).toHaveCount(4);
  await expect(panel.locator('g.node[data-id]', { hasText: 'Ada Quill' })).toBeHidden();
  await expect(diagram.locator('svg[data-journey-mark]')).toHaveCount(1);
  const { e_rgadaquill: ada, ...others } = placed;
  expect(ada).toBeTruthy();
  expect(await place()).toEqual(others);
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('4 of 4 entities');
  await shot(panel, testInfo, 'filter-in-place');

  // Person on again: the drawing of five, from the layout cache, Ada Quill back where she was.
  await chip('person');
  await expect(nodes).toHaveCount(5);
  expect(await place()).toEqual(placed);
  expect(Number(await diagram.getAttribute('data-render-ms'))).toBeLessThan(500);
});

test('at 320 px the opening view is readable and nothing scrolls sideways', async ({ sidePanel }, testInfo) => {
  const panel = await openPanel(sidePanel, 320);
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  await drawn(panel);
  expect(Number(await panel.getByTestId('diagram-box').getAttribute('data-text-px'))).toBeGreaterThanOrEqual(11);
  expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // The centre is in view.
  const box = await panel.getByTestId('diagram-box').boundingBox();
  const node = await panel.locator('g.node[data-entity-id="e_rgnorthwind"]').boundingBox();
  if (!box || !node) throw new Error('no box or centre node');
  expect(node.y + node.height / 2).toBeGreaterThan(box.y);
  expect(node.y + node.height / 2).toBeLessThan(box.y + box.height);
  await shot(panel, testInfo, '320');
});

test('a large drawing shows progress with Cancel, which keeps the drawing on screen, keeping the drawing on screen', async ({
  sidePanel,
}, testInfo) => {
  test.setTimeout(180_000);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await seedBigGraph(panel, 400);
  await panel.goto(sidePanel.url);
  await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  const nodes = panel.getByTestId('diagram').locator('g.node[data-entity-id]');
  await expect(nodes).toHaveCount(60, { timeout: 60_000 });
  await panel.getByText('Filters', { exact: true }).click();
  const budget = panel.getByLabel('Budget (entities drawn at most)');
  await budget.fill('300');
  const progress = panel.getByTestId('diagram-progress');
  // Cancelled at once: the layout of 300 nodes takes seconds, a screenshot first could outlast it.
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveCount(0);
  await expect(panel.getByText('Drawing cancelled; the diagram on screen is kept.')).toBeVisible();
  await shot(panel, testInfo, 'cancelled');
  await expect(nodes).toHaveCount(60);
  await expect(budget).toHaveValue('60');
  // The next drawing starts a fresh layout frame and succeeds.
  await budget.fill('30');
  await expect(nodes).toHaveCount(30, { timeout: 60_000 });
});
