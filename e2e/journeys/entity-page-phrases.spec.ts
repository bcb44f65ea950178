// An entity page on the built extension: relationships read as phrases from the page's
// side both ways ("founded by" / "founded"), never as raw labels; the tab it was opened
// from stays selected under it; Escape goes back; axe clean at 320 and 500 px, light and dark.
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, snap } from '../support/panel-journey';

test('entity pages: relation phrases both ways, the tab stays marked, Escape goes back', async ({ capture, sidePanel }, testInfo) => {
  await capture('pages-view/ostra-pay.html');
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  /** The relationship row linking to `name` (its evidence may name others too). */
  const relationTo = (name: string) =>
    panel.getByTestId('relationship').filter({ has: panel.getByTestId('entity-link').filter({ hasText: new RegExp(`^${name}$`) }) });

  await panel.getByTestId('search-input').fill('Ostra Pay');
  await panel.getByTestId('search-input').press('Enter');
  await expect(panel.getByTestId('entity-name')).toHaveText('Ostra Pay');
  const phrases = panel.getByTestId('relation-phrase');
  await expect(phrases.first()).toBeVisible();
  await expect(relationTo('Lina Varga').getByTestId('relation-phrase')).toHaveText('founded by');
  await expect(relationTo('Kestrel Bank').getByTestId('relation-phrase')).toHaveText('acquired by');
  expect((await phrases.allTextContents()).filter((t) => t.includes('_'))).toEqual([]);
  await expect(panel.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
  await snap(panel, testInfo, 'entity-01-phrases');
  await axeCleanAtPanelWidths(panel, 'the entity page');

  // The other way round, from the founder's page.
  await relationTo('Lina Varga').getByTestId('entity-link').click();
  await expect(panel.getByTestId('entity-name')).toHaveText('Lina Varga');
  await expect(relationTo('Ostra Pay').getByTestId('relation-phrase')).toHaveText('founded');

  // Escape goes back to the view underneath, its tab still selected.
  await panel.getByTestId('relation-phrase').first().click();
  await panel.keyboard.press('Escape');
  await expect(panel.getByTestId('entity-page')).toHaveCount(0);
  await expect(panel.getByTestId('search-input')).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');
});
