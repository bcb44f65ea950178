// Settings persist across a restart of the browser (the same profile launched twice),
// and the panel is usable at side-panel widths (320 px) with no serious axe violations.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { openTab, snap } from '../support/panel-journey';

/** The extension API inside the panel's page (only what is called here). */
declare const chrome: { storage: { local: { get(key: string | null): Promise<Record<string, unknown>> } } };

/** Typed into the API key field; it must never reach storage.local, which content scripts can read. */
const API_KEY = 'sk-e2e-not-for-pages';

test('settings persist across a restart of the browser context', async ({}, testInfo) => {
  const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-settings-'));
  try {
    const first = await launchWithExtension({ profileDir, headless: true, allowOrigins: [] });
    const panel = await first.context.newPage();
    await panel.setViewportSize({ width: 320, height: 800 });
    await panel.goto(`chrome-extension://${first.extensionId}/sidepanel.html`);
    await openTab(panel, 'Settings');
    await panel.getByTestId('pause').check();
    await panel.getByTestId('capture-mode').selectOption('manual');
    await expect(panel.getByTestId('keep-sentences')).toBeChecked(); // on by default
    await panel.getByTestId('keep-sentences').uncheck();
    await panel.getByTestId('blocklist').fill('news.example.com\n*.private.example');
    await panel.getByTestId('blocklist').blur();
    await panel.getByTestId('llm-provider').selectOption('openai-compatible');
    await panel.getByTestId('llm-model').fill('llama3.2');
    await panel.getByLabel(/API key/).fill(API_KEY);
    // Saved on purpose: no server answers here, so the test fails and the form offers to save anyway.
    await panel.getByTestId('llm-save').click();
    await expect(panel.getByTestId('llm-test-result')).toContainText('Not saved');
    await panel.getByTestId('llm-save-anyway').click();
    await expect(panel.getByTestId('llm-saved')).toBeVisible();
    await panel.getByTestId('auto-accept').fill('92');
    await expect(panel.getByTestId('storage-used')).toHaveText(
      /^Used: [\d.,]+ (?:B|KB|MB) of the [\d.,]+ (?:MB|GB|TB) the browser allows Ariadne\.$/,
    );
    const { violations } = await new AxeBuilder({ page: panel }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    // Nothing overflows sideways at 320 px.
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await snap(panel, testInfo, 'settings-320px');
    // Every view fits 320 px, in light and dark, without serious axe findings (contrast included).
    for (const scheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme: scheme });
      for (const tab of ['Search', 'Merge & review', 'Ask', 'Diagram', 'Data', 'Settings'] as const) {
        await openTab(panel, tab);
        expect(await panel.evaluate(() => document.documentElement.scrollWidth), `${tab} at 320 px (${scheme})`).toBeLessThanOrEqual(320);
        const found = await new AxeBuilder({ page: panel }).analyze();
        expect(
          found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${tab} (${scheme}): ${v.id}`),
        ).toEqual([]);
      }
    }
    await snap(panel, testInfo, 'settings-320px-dark');
    // Capture settings in storage.local (the content script reads them); the LLM settings, key included, elsewhere.
    await expect
      .poll(() => panel.evaluate(() => chrome.storage.local.get('ariadne.capture').then((s) => JSON.stringify(s))))
      .toContain('news.example.com');
    const everythingPagesCanRead = await panel.evaluate(() => chrome.storage.local.get(null).then((s) => JSON.stringify(s)));
    expect(everythingPagesCanRead).not.toContain(API_KEY);
    expect(everythingPagesCanRead).not.toContain('llama3.2');
    await first.context.close();

    const second = await launchWithExtension({ profileDir, headless: true, allowOrigins: [] });
    const again = await second.context.newPage();
    await again.goto(`chrome-extension://${second.extensionId}/sidepanel.html`);
    await openTab(again, 'Settings');
    await expect(again.getByTestId('pause')).toBeChecked();
    await expect(again.getByTestId('capture-mode')).toHaveValue('manual');
    await expect(again.getByTestId('keep-sentences')).not.toBeChecked();
    await expect(again.getByTestId('blocklist')).toHaveValue('news.example.com\n*.private.example');
    await expect(again.getByTestId('llm-model')).toHaveValue('llama3.2');
    await expect(again.getByLabel(/API key/)).toHaveValue(API_KEY);
    await expect(again.getByTestId('auto-accept')).toHaveValue('92');
    await expect(again.getByTestId('wikidata')).not.toBeChecked(); // network look-ups stay off by default
    await second.context.close();
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
});
