// Merging on the built extension, worded plainly: started from an entity's page (search
// rows carry no merge button), the form names its two roles ("Keep" / "Remove and fold
// into the kept one") and shows both names with their types in the preview, the outcome
// and the history, so two same-name entities never read "HackerRank → HackerRank".
// Axe clean at 320 and 500 px, light and dark.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, panelTool, snap } from '../support/panel-journey';

/** Adds an entity through the background, as the panel's own forms do. */
async function addEntity(panel: Page, name: string, type: string): Promise<void> {
  await panelTool(panel, 'entity_add', { name, entity_type: type });
}

test('merge: plain roles, both names and types in the preview, the outcome and the history', async ({ sidePanel }, testInfo) => {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await addEntity(panel, 'HackerRank', 'company');
  await addEntity(panel, 'HackerRank', 'person');

  await panel.getByTestId('search-input').fill('HackerRank');
  const rows = panel.getByTestId('search-result');
  await expect(rows).toHaveCount(2);
  await expect(rows.getByRole('button', { name: /merge/i })).toHaveCount(0);
  await rows.filter({ hasText: 'person' }).getByRole('button').first().click();
  await expect(panel.getByTestId('entity-name')).toHaveText('HackerRank');
  await panel.getByTestId('merge-remove-this').click();

  await expect(panel.getByRole('tab', { name: 'Merge & review' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByTestId('merge-b')).toHaveText(/^Remove and fold into the kept one: HackerRank\s*person$/);
  await panel.getByLabel('Keep', { exact: true }).fill('HackerRank');
  await panel.getByRole('list', { name: 'Keep: suggestions' }).getByRole('button', { name: 'HackerRank', exact: true }).click();
  await expect(panel.getByTestId('merge-a')).toHaveText(/^Keep: HackerRank\s*company$/);
  await expect(panel.getByTestId('merge-preview')).toContainText(
    'Keep “HackerRank” (company); remove “HackerRank” (person) and fold it in.',
  );
  await snap(panel, testInfo, 'merge-01-preview');
  await axeCleanAtPanelWidths(panel, 'the merge form');

  await panel.getByTestId('confirm-merge').click();
  await expect(panel.getByTestId('merge-done')).toContainText(
    'Merged: kept “HackerRank” (company), removed “HackerRank” (person) and folded it in.',
  );
  await expect(panel.getByTestId('merge-record').first()).toContainText('Kept “HackerRank” (company), removed “HackerRank” (person)');
  await snap(panel, testInfo, 'merge-02-history');
  await axeCleanAtPanelWidths(panel, 'the merge history');
});
