// Settings you can find your way in, on the built extension: a table of contents over the
// sections; the Ask view's link opens Settings at the LLM block; the LLM form is a draft
// until saved on purpose (choosing a server saves nothing, the help line follows the choice,
// an empty model or a bad base URL is refused with its code on the field, a failed
// connection test saves only when asked); storage sizes for people; the chosen colour scheme
// applied and remembered; the header and tabs stay on screen down a long page; the welcome
// card shrinks to one line once pages were captured. Axe clean at 320 and 500 px, light and dark.
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, openTab, snap } from '../support/panel-journey';

test('settings: contents and deep links, the LLM form saved on purpose, sizes for people, theme, sticky tabs', async ({
  capture,
  sidePanel,
}, testInfo) => {
  test.setTimeout(180_000); // two axe rounds at four sizes on a long page
  await capture('stripe.html');
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 360, height: 700 });

  // The welcome card is one line once pages were captured.
  const card = panel.getByTestId('first-run-card');
  await expect(card).toHaveAttribute('data-compact', 'true');
  expect((await card.boundingBox())?.height ?? 999).toBeLessThan(90);

  // From the Ask view to the LLM block: Settings opens scrolled to it, focused.
  await openTab(panel, 'Ask');
  await expect(panel.getByTestId('view-ask')).toContainText('Answered offline');
  await panel.getByTestId('ask-llm-settings').click();
  await expect(panel.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  const llm = panel.getByTestId('settings-llm');
  await expect(llm).toBeFocused();
  await expect(llm).toBeInViewport();
  await expect(panel.getByTestId('settings-capture')).not.toBeInViewport();
  // The tabs stay on screen with the page scrolled down.
  expect((await panel.getByRole('tablist').boundingBox())?.y ?? 999).toBeLessThan(80);
  await snap(panel, testInfo, 'settings-01-deep-link-llm');

  // The LLM form: choosing a server saves nothing; the help line says what the choice does.
  await expect(panel.getByTestId('llm-provider-help')).toContainText('Offline');
  await panel.getByTestId('llm-provider').selectOption('openai-compatible');
  await expect(panel.getByTestId('llm-provider-help')).toContainText('Ollama');
  await expect(panel.getByTestId('llm-provider-help')).not.toContainText('Offline');
  await expect(panel.getByTestId('llm-unsaved')).toContainText('Not saved yet: Ariadne still uses offline answers');
  // An empty model and a base URL that is not http(s) are refused, each on its field, with its code.
  await panel.getByTestId('llm-base-url').fill('localhost:11434');
  await panel.getByTestId('llm-save').click();
  await expect(panel.getByTestId('llm-form-error')).toContainText('(invalid_base_url)');
  await expect(panel.getByTestId('llm-form-error')).toContainText('(missing_model)');
  await expect(panel.getByTestId('llm-model')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByTestId('llm-model-problem')).toHaveAttribute('data-code', 'missing_model');
  await expect(panel.getByTestId('llm-baseUrl-problem')).toHaveAttribute('data-code', 'invalid_base_url');
  await snap(panel, testInfo, 'settings-02-llm-refused');
  await axeCleanAtPanelWidths(panel, 'settings with the LLM form refused', { testInfo, name: 'settings-llm-refused' });
  // Fixed, but no server answers (outside requests are blocked): not saved until asked.
  await panel.getByTestId('llm-base-url').fill('http://127.0.0.1:9/v1');
  await panel.getByTestId('llm-model').fill('llama3.2');
  await expect(panel.getByTestId('llm-form-error')).toHaveCount(0);
  await panel.getByTestId('llm-save').click();
  await expect(panel.getByTestId('llm-test-result')).toContainText('Not saved: ');
  await panel.reload();
  await openTab(panel, 'Settings');
  await expect(panel.getByTestId('llm-provider')).toHaveValue('none'); // nothing was stored
  await panel.getByTestId('llm-provider').selectOption('openai-compatible');
  await panel.getByTestId('llm-base-url').fill('http://127.0.0.1:9/v1');
  await panel.getByTestId('llm-model').fill('llama3.2');
  await panel.getByTestId('llm-save').click();
  await panel.getByTestId('llm-save-anyway').click();
  await expect(panel.getByTestId('llm-saved')).toContainText('Saved without a working connection');
  await panel.reload();
  await openTab(panel, 'Settings');
  await expect(panel.getByTestId('llm-provider')).toHaveValue('openai-compatible');
  await expect(panel.getByTestId('llm-model')).toHaveValue('llama3.2');

  // The table of contents reaches every section; storage reads in units people use.
  const toc = panel.getByTestId('settings-toc');
  await expect(toc.getByRole('link')).toHaveCount(9);
  await toc.getByRole('link', { name: 'Storage' }).click();
  await expect(panel.getByTestId('settings-storage')).toBeInViewport();
  await expect(panel.getByTestId('storage-used')).toHaveText(
    /^Used: [\d.,]+ (?:B|KB|MB) of the [\d.,]+ (?:MB|GB|TB) the browser allows Ariadne\.$/,
  );
  await expect(panel.getByTestId('storage-used')).not.toContainText(/\d{4,}\.\d/);
  await toc.getByRole('link', { name: 'Team' }).click();
  await expect(panel.getByTestId('team-settings')).toBeInViewport();
  // The Team block is a fieldset like the others.
  expect(await panel.getByTestId('team-settings').evaluate((el) => el.tagName)).toBe('FIELDSET');

  // Appearance: dark chosen in the panel whatever the system says, and remembered.
  await panel.emulateMedia({ colorScheme: 'light' });
  await toc.getByRole('link', { name: 'Appearance' }).click();
  await panel.getByTestId('theme-dark').check();
  await expect(panel.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = () => panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(22, 24, 28)');
  await panel.reload();
  await expect(panel.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).toBe('rgb(22, 24, 28)');
  await openTab(panel, 'Settings');
  await snap(panel, testInfo, 'settings-03-dark-chosen');
  await panel.getByTestId('theme-system').check();
  await expect(panel.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await background()).toBe('rgb(255, 255, 255)');
  await axeCleanAtPanelWidths(panel, 'the settings page');
});
