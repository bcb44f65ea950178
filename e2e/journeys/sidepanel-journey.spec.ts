// The side panel's main journey: import a small seed graph → browse five local
// pages → search with a typo → open an entity → follow a source link → merge two
// duplicates → undo → resolve a review item → ask a question and click a source → open
// the diagram and click a node → export JSON, clear, import, the same graph. Axe checks
// each view for serious or critical violations; screenshots are saved as artifacts.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { openTab, readGraph, SIDEPANEL_PAGES, snap } from '../support/panel-journey';

const SEED = resolve(import.meta.dirname, '../site/sidepanel/seed-graph.json');

async function noSeriousA11yIssues(panel: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page: panel }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${where}`).toEqual([]);
}

const sorted = (graph: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(graph).map(([k, rows]) => [k, [...rows].map((r) => JSON.stringify(r)).sort()]));

test('browse, search, open, merge and undo, review, ask, diagram, export → clear → import', async ({
  capture,
  sidePanel,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 }); // a docked side panel's width
  await expect(panel.getByTestId('entity-list-empty')).toBeVisible();
  await noSeriousA11yIssues(panel, 'the empty panel');
  await snap(panel, testInfo, '01-empty');

  // A seed with two duplicates and a pending review item, imported into the empty graph.
  await openTab(panel, 'Data');
  await panel.getByTestId('import-file').setInputFiles(SEED);
  await expect(panel.getByTestId('import-summary')).toContainText('Restored: 4 new entities');

  for (const path of SIDEPANEL_PAGES) await capture(path);
  await expect.poll(async () => (await readGraph(panel)).pages?.length, { timeout: 20_000 }).toBe(5);

  // Search with a typo, keyboard to the first result, open it.
  await openTab(panel, 'Search');
  await panel.getByTestId('search-input').fill('nortwind lab');
  await expect(panel.getByTestId('search-result').first()).toContainText('Northwind Labs');
  await expect(panel.getByTestId('search-result').first()).toContainText('company');
  await noSeriousA11yIssues(panel, 'search results');
  await snap(panel, testInfo, '02-search');
  await panel.getByTestId('search-input').press('Enter');
  await expect(panel.getByTestId('entity-name')).toHaveText('Northwind Labs');
  await expect(panel.getByTestId('relationship').first()).toBeVisible();
  await noSeriousA11yIssues(panel, 'the entity page');
  await snap(panel, testInfo, '03-entity');

  // A source link, followed, opens its page in another tab.
  const source = panel
    .getByRole('region', { name: /^Pages/ })
    .getByTestId('page-link')
    .first();
  await expect(source).toBeVisible();
  const opened = context.waitForEvent('page');
  await source.click();
  expect((await opened).url()).toContain('/sidepanel/');

  // Merge two duplicates from the entity page ("Merge: remove this, keep another…"), then undo.
  await panel.getByRole('button', { name: '← Back' }).click();
  await panel.getByTestId('search-input').fill('Kestrel Robotics Lisbon');
  await panel.getByTestId('search-result').filter({ hasText: 'Kestrel Robotics Lisbon' }).getByRole('button').first().click();
  await panel.getByTestId('merge-remove-this').click();
  await expect(panel.getByTestId('merge-b')).toContainText('Kestrel Robotics Lisbon');
  await panel.getByLabel('Keep', { exact: true }).fill('Kestrel Robotics');
  await panel.getByRole('list', { name: 'Keep: suggestions' }).getByRole('button', { name: 'Kestrel Robotics', exact: true }).click();
  await expect(panel.getByTestId('merge-preview')).toContainText('Attributes gained: office');
  await snap(panel, testInfo, '04-merge-preview');
  await panel.getByTestId('confirm-merge').click();
  await expect(panel.getByTestId('merge-done')).toContainText('kept “Kestrel Robotics” (company), removed “Kestrel Robotics Lisbon”');
  await expect
    .poll(async () => (await readGraph(panel)).entities?.some((e) => Reflect.get(e as object, 'name') === 'Kestrel Robotics Lisbon'))
    .toBe(false);
  await panel.getByTestId('undo-last-merge').click();
  await expect(panel.getByTestId('merge-done')).toContainText('Undone');
  await expect
    .poll(async () => (await readGraph(panel)).entities?.some((e) => Reflect.get(e as object, 'name') === 'Kestrel Robotics Lisbon'))
    .toBe(true);
  await expect(panel.getByTestId('merge-record').first()).toContainText('undone');

  // Resolve the review item: "Gull" is "Gull Sensors".
  // (Browsing may queue doubtful mentions of its own; this one is the seed's.)
  const gull = panel.getByTestId('review-item').filter({ hasText: 'Gull shipped a new buoy sensor' });
  await expect(gull).toHaveCount(1);
  await noSeriousA11yIssues(panel, 'merge and review');
  await snap(panel, testInfo, '05-review');
  await gull.getByTestId('review-accept').click();
  await expect(gull).toHaveCount(0);
  await expect
    .poll(async () => (await readGraph(panel)).entities?.some((e) => Reflect.get(e as object, 'id') === 'e_seed_gull2'))
    .toBe(false);

  // Ask a question; the answer cites sources; a source chip opens the entity.
  await openTab(panel, 'Ask');
  await panel.getByTestId('chat-input').fill('What do we know about Northwind Labs?');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  const answer = panel.getByTestId('chat-answer').last();
  await expect(answer).toContainText('Northwind Labs');
  await expect(answer.getByTestId('confidence')).toBeVisible();
  await noSeriousA11yIssues(panel, 'the chat');
  await snap(panel, testInfo, '06-chat');
  await answer.getByTestId('source-entity').first().getByRole('button').click();
  await expect(panel.getByTestId('entity-page')).toBeVisible();
  await panel.getByRole('button', { name: '← Back' }).click();

  // The diagram: an SVG whose nodes open their entity.
  await openTab(panel, 'Diagram');
  const node = panel.getByTestId('diagram').locator('g.node[data-entity-id]').first();
  await expect(node).toBeVisible();
  await noSeriousA11yIssues(panel, 'the diagram');
  await snap(panel, testInfo, '07-diagram');
  await node.click();
  await expect(panel.getByTestId('entity-page')).toBeVisible();
  await panel.getByRole('button', { name: '← Back' }).click();

  // Export JSON → clear → import: the same graph.
  const before = sorted(await readGraph(panel));
  await openTab(panel, 'Data');
  const download = panel.waitForEvent('download');
  await panel.getByTestId('export-json').click();
  const file = testInfo.outputPath('export.json');
  await (await download).saveAs(file);
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format: 'ariadne-graph' });
  await panel.getByTestId('clear-graph').click();
  await panel.getByTestId('confirm-clear').click();
  await expect.poll(async () => (await readGraph(panel)).entities?.length).toBe(0);
  await panel.getByTestId('import-file').setInputFiles(file);
  await expect(panel.getByTestId('import-summary')).toContainText('Restored');
  expect(sorted(await readGraph(panel))).toEqual(before);
  await noSeriousA11yIssues(panel, 'data');
  await snap(panel, testInfo, '08-data');
});
