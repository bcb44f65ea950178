// Cleaning up many entities at once on the built extension: tick rows in a type-filtered
// list or in search results, then delete (confirmed), retype or merge them into one, and
// undo each whole action with one click. A hit whose entity was deleted meanwhile leaves
// the results. Axe clean at 320 and 500 px, light and dark, with the bulk bar open.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, panelTool, snap } from '../support/panel-journey';

const JUNK = ['Sign up now', 'Cookie settings', 'Read more', 'Share this', 'Skip to content', 'Accept all'];
const DUPLICATES = [
  ['Quillon Labs Network', 'company'],
  ['QLN', 'company'],
  ['Quillon Labs', 'company'],
] as const;

async function seed(panel: Page): Promise<void> {
  for (const name of JUNK) await panelTool(panel, 'entity_add', { name, entity_type: 'other' });
  for (const [name, type] of DUPLICATES) await panelTool(panel, 'entity_add', { name, entity_type: type });
  await panelTool(panel, 'entity_add', { name: 'Brightwater Tern', entity_type: 'product' });
}

async function countOf(panel: Page, type?: string): Promise<number> {
  const stats = (await panelTool(panel, 'entity_list', { limit: 100, ...(type === undefined ? {} : { entity_type: type }) })) as {
    entities: unknown[];
  };
  return stats.entities.length;
}

test('bulk delete from a type filter, with one undo for the whole action', async ({ sidePanel }, testInfo) => {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await seed(panel);
  await panel.reload();

  await panel.getByTestId('type-filter-other').check();
  const rows = panel.getByTestId('entity-row');
  await expect(rows).toHaveCount(JUNK.length);
  await panel.getByTestId('select-all-shown').click();
  await expect(panel.getByTestId('bulk-count')).toHaveText(`${JUNK.length} selected`);
  await panel.getByTestId('bulk-delete').click();
  await expect(panel.getByRole('group', { name: 'Confirm deletion' })).toContainText(`Delete ${JUNK.length} entities`);
  await snap(panel, testInfo, 'bulk-01-confirm-delete');
  await axeCleanAtPanelWidths(panel, 'the bulk bar confirming a deletion', { testInfo, name: 'bulk-01' });
  await panel.getByTestId('bulk-delete-confirm').click();

  await expect(panel.getByTestId('bulk-notice')).toContainText(`Deleted ${JUNK.length} entities.`);
  await expect(panel.getByTestId('entity-list-empty')).toBeVisible();
  expect(await countOf(panel, 'other')).toBe(0);
  await snap(panel, testInfo, 'bulk-02-deleted');
  await axeCleanAtPanelWidths(panel, 'the bulk notice with its undo');

  await panel.getByTestId('bulk-undo').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText(`Undone: ${JUNK.length} entities back as before.`);
  await expect(rows).toHaveCount(JUNK.length);
  expect(await countOf(panel, 'other')).toBe(JUNK.length);
  await expect(panel.getByTestId('bulk-undo')).toHaveCount(0);
});

test('bulk retype and bulk merge from search results, each undone whole', async ({ sidePanel }, testInfo) => {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await seed(panel);
  await panel.reload();

  await panel.getByTestId('search-input').fill('Quillon');
  const results = panel.getByTestId('search-result');
  await expect(results.filter({ hasText: 'Quillon Labs Network' })).toHaveCount(1);
  const row = (name: string) => results.filter({ has: panel.locator('.name').getByText(name, { exact: true }) });

  // Retype two at once, then undo.
  await row('Quillon Labs Network').getByTestId('select-entity').check();
  await row('Quillon Labs').getByTestId('select-entity').check();
  await expect(panel.getByTestId('bulk-count')).toHaveText('2 selected');
  await panel.getByTestId('bulk-type').selectOption('product');
  await panel.getByTestId('bulk-retype').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText('2 entities now typed product.');
  expect(await countOf(panel, 'product')).toBe(3);
  await panel.getByTestId('bulk-undo').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText('Undone: 2 entities back as before.');
  expect(await countOf(panel, 'company')).toBe(3);

  // Merge three into the one kept, then undo.
  await panel.getByTestId('search-input').fill('Quillon');
  await row('Quillon Labs Network').getByTestId('select-entity').check();
  await row('Quillon Labs').getByTestId('select-entity').check();
  await panel.getByTestId('search-input').fill('QLN');
  await row('QLN').getByTestId('select-entity').check();
  await expect(panel.getByTestId('bulk-count')).toHaveText('3 selected');
  await expect(panel.getByTestId('bulk-into')).toHaveValue(/^e_/);
  await expect(panel.getByTestId('bulk-into').locator('option:checked')).toHaveText('Quillon Labs Network (company)');
  await snap(panel, testInfo, 'bulk-03-merge-selection');
  await axeCleanAtPanelWidths(panel, 'the bulk bar with a merge', { testInfo, name: 'bulk-03' });
  await panel.getByTestId('bulk-merge').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText('Merged 2 entities into “Quillon Labs Network”.');
  expect(await countOf(panel, 'company')).toBe(1);
  await panel.getByTestId('bulk-undo').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText('Undone: 2 entities back as before.');
  expect(await countOf(panel, 'company')).toBe(3);
});

test('a hit whose entity was deleted elsewhere leaves the results at once', async ({ sidePanel }) => {
  const panel = await sidePanel.open();
  await seed(panel);
  await panel.reload();
  await panel.getByTestId('search-input').fill('Brightwater');
  const results = panel.getByTestId('search-result');
  await expect(results).toHaveCount(1);
  await panelTool(panel, 'entity_delete', { name: 'Brightwater Tern' });
  await expect(results).toHaveCount(0);
});
