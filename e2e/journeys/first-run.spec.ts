// The first-run card on the built extension: it says what is captured, where it is kept,
// how to pause and how to ask, explains the ×counts; "Got it" dismisses it for good (a
// reload does not bring it back). The empty chat offers questions that work on any graph.
// Axe clean at 320 and 500 px, light and dark.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/panel-journey';

test('first run: a card that explains, dismissed once and remembered; examples that fit an empty graph', async ({
  sidePanel,
}, testInfo) => {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 320, height: 900 });
  const card = panel.getByTestId('first-run-card');
  await expect(card).toBeVisible();
  for (const said of ['What it captures', 'Where it is kept', 'How to pause', 'How to ask', '×3 beside a name'])
    await expect(card).toContainText(said);
  await snap(panel, testInfo, 'first-run-320px');
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    for (const width of [320, 500]) {
      await panel.setViewportSize({ width, height: 900 });
      const { violations } = await new AxeBuilder({ page: panel }).include('[data-testid="first-run-card"]').analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme} ${width}px: ${v.id}`),
      ).toEqual([]);
      expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });

  // The empty chat's examples name nothing a new graph lacks.
  await panel.getByRole('tab', { name: 'Ask' }).click();
  const examples = panel.getByTestId('view-ask').getByRole('button', { name: /\?$|^List the companies$/ });
  await expect(examples.first()).toBeVisible();
  const texts = await examples.allTextContents();
  expect(texts).toEqual(expect.arrayContaining(['What did I read today?', 'List the companies']));
  expect(texts.join(' ')).not.toMatch(/Stripe|Rust/);

  await card.getByTestId('first-run-dismiss').click();
  await expect(card).toHaveCount(0);
  await panel.reload();
  await expect(panel.getByRole('tab', { name: 'Search' })).toBeVisible();
  await expect(panel.getByTestId('first-run-card')).toHaveCount(0);
});
