// The matching thresholds on the built extension: each explained in one sentence; the
// join-without-asking threshold cannot go below the ask-me one (the reason shows under
// the slider moved, and nothing is saved); a valid change says "Saved." in its own
// fieldset; no select is cut off at 320 px; axe clean at 320 and 500 px, light and dark.
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, snap } from '../support/panel-journey';

test('settings: thresholds validated and explained in place, saved where changed, selects fit 320 px', async ({ sidePanel }, testInfo) => {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 320, height: 900 });
  await panel.getByRole('tab', { name: 'Settings' }).click();
  const matching = panel.getByRole('group', { name: 'Matching names' });
  await expect(matching.getByTestId('auto-accept')).toHaveAccessibleDescription(/added to that entity without asking/);
  await expect(matching.getByTestId('review-threshold')).toHaveAccessibleDescription(/waits in Merge & review/);

  // Ask-me above join-without-asking: refused, explained under that slider, not stored.
  await matching.getByTestId('review-threshold').fill('90');
  await expect(matching.getByTestId('threshold-error')).toContainText('must be at or above the ask-me threshold (90%)');
  await expect(matching.getByTestId('review-threshold')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByTestId('saved-matching')).toHaveCount(0);
  await snap(panel, testInfo, 'settings-01-threshold-error');
  await panel.reload();
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await expect(matching.getByTestId('review-threshold')).toHaveValue('55');

  // Ask-me at 90 and join-without-asking raised to 95: valid, saved, and said so in this fieldset.
  await matching.getByTestId('auto-accept').fill('95');
  await matching.getByTestId('review-threshold').fill('90');
  await expect(matching.getByTestId('threshold-error')).toHaveCount(0);
  await expect(panel.getByTestId('saved-matching')).toHaveText('Saved.');
  await expect(panel.getByText('Saved.', { exact: true })).toHaveCount(1);
  // Another section's change says it there instead.
  await panel.getByTestId('wikidata').check();
  await expect(panel.getByTestId('saved-network')).toHaveText('Saved.');
  await expect(panel.getByTestId('saved-matching')).toHaveCount(0);
  await panel.getByTestId('wikidata').uncheck();
  await snap(panel, testInfo, 'settings-02-saved');
  await panel.reload();
  await panel.getByRole('tab', { name: 'Settings' }).click();
  await expect(panel.getByTestId('auto-accept')).toHaveValue('95');
  await expect(panel.getByTestId('review-threshold')).toHaveValue('90');

  // No select reaches past the panel's edge at 320 px.
  const overflowing = await panel
    .locator('select')
    .evaluateAll((selects) =>
      selects
        .filter((s) => s.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((s) => s.getAttribute('data-testid') ?? s.id),
    );
  expect(overflowing).toEqual([]);
  // Nor is the chosen option's text cut inside its box (measured in the select's own font; 32 px for padding and arrow).
  const cut = await panel.locator('select').evaluateAll((selects) => {
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) return ['no canvas'];
    return selects.flatMap((s) => {
      if (!(s instanceof HTMLSelectElement)) return [];
      context.font = getComputedStyle(s).font;
      const text = s.selectedOptions[0]?.text ?? '';
      return context.measureText(text).width > s.clientWidth - 32 ? [text] : [];
    });
  });
  expect(cut).toEqual([]);
  await axeCleanAtPanelWidths(panel, 'the settings');
});
