// Workspaces in the real extension: two workspaces, a page captured into each, a switch
// from the keyboard, search across both, one exported, one deleted, the other intact.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { panelTool as tool } from '../support/panel-journey';

/** The extension API inside the panel's page (only what is called here). */
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

/** Entity names of a workspace, through the `workspace` argument every graph tool takes. */
async function namesIn(panel: Page, workspace: string): Promise<string[]> {
  const out = (await tool(panel, 'entity_list', { workspace, limit: 100 })) as { entities: { name: string }[] };
  return out.entities.map((e) => e.name).sort();
}

test('two workspaces: capture into each, switch, search across, export one, delete one, the other intact', async ({
  sidePanel,
  capture,
}) => {
  test.setTimeout(120_000);
  const panel = await sidePanel.open();
  const select = panel.getByTestId('workspace-select');
  await expect(select.locator('option:checked')).toHaveText('Default');

  // A second workspace, created in Settings.
  await sidePanel.openTab('Settings');
  await panel.getByTestId('workspace-new-name').fill('Systems');
  await panel.getByTestId('workspace-create').click();
  await expect(panel.getByTestId('workspace-message')).toHaveText('Created Systems.');

  // A page captured while Default is active goes to Default.
  await capture('stripe.html');
  await expect.poll(() => namesIn(panel, 'Default'), { timeout: 30_000 }).toContain('Stripe');

  // Two keystrokes: Alt+W focuses the switcher, ↓ picks the next workspace.
  await panel.bringToFront();
  await panel.keyboard.press('Alt+KeyW');
  await expect(select).toBeFocused();
  await panel.keyboard.press('ArrowDown');
  await expect(select.locator('option:checked')).toHaveText('Systems');
  await expect(panel.getByTestId('view-settings')).toHaveAttribute('data-workspace', 'Systems');

  // The next capture goes to Systems; neither graph sees the other's page.
  await capture('rust.html');
  await expect.poll(() => namesIn(panel, 'Systems'), { timeout: 30_000 }).toContain('Rust');
  expect(await namesIn(panel, 'Systems')).not.toContain('Stripe');
  // (stripe.html names Rust too: Default has its own Rust, from its own page.)
  expect(await namesIn(panel, 'Default')).not.toContain('Tokio');
  expect(await namesIn(panel, 'Default')).not.toContain('Mozilla');
  await panel.bringToFront();
  await sidePanel.openTab('Search');
  await expect(sidePanel.entityNames().filter({ hasText: 'Rust' })).toHaveCount(1);
  await expect(sidePanel.entityNames().filter({ hasText: 'Stripe' })).toHaveCount(0);

  // Search across workspaces: each hit names its workspace; opening one switches there.
  await panel.getByTestId('search-everywhere').check();
  await sidePanel.search('Stripe');
  const hit = panel.getByTestId('search-result').filter({ has: panel.locator('.name', { hasText: /^Stripe$/ }) });
  await expect(hit.getByTestId('hit-workspace')).toHaveText('in Default');
  await hit.locator('.row-main').click();
  await expect(select.locator('option:checked')).toHaveText('Default');
  await expect(panel.getByRole('heading', { name: 'Stripe' })).toBeVisible();

  // Export Systems (not the active one) from Settings: its graph, and only its.
  await sidePanel.openTab('Settings');
  const systems = panel.locator('[data-testid="workspace-row"][data-workspace="Systems"]');
  const [download] = await Promise.all([panel.waitForEvent('download'), systems.getByTestId('workspace-export').click()]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { entities: { name: string }[] };
  expect(exported.entities.map((e) => e.name)).toContain('Rust');
  expect(exported.entities.map((e) => e.name)).not.toContain('Stripe');

  // Delete it: asked first, with the export offered again.
  await systems.getByTestId('workspace-delete').click();
  await expect(systems.getByTestId('workspace-export-first')).toBeVisible();
  await systems.getByTestId('workspace-confirm-delete').click();
  await expect(panel.getByTestId('workspace-message')).toHaveText('Deleted Systems.');
  await expect(panel.getByTestId('workspace-row')).toHaveCount(1);
  await expect(select.locator('option')).toHaveText(['Default']);

  // Default is intact; Systems is gone for tools too.
  expect(await namesIn(panel, 'Default')).toEqual(expect.arrayContaining(['Stripe', 'Patrick Collison']));
  const gone = (await panel.evaluate((m) => chrome.runtime.sendMessage(m), {
    type: 'tool.call',
    tool: 'entity_list',
    arguments: { workspace: 'Systems' },
  })) as { ok: boolean; error?: { code: string } };
  expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });
});

test('a site pinned to a workspace is captured there whatever workspace is active', async ({ sidePanel, capture, site }) => {
  const panel = await sidePanel.open();
  await tool(panel, 'workspace_create', { name: 'Pinned' });
  await sidePanel.openTab('Settings');
  const row = panel.locator('[data-testid="workspace-row"][data-workspace="Pinned"]');
  await row.getByTestId('workspace-pin-site').fill(new URL(site.origin).hostname);
  await row.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(panel.getByTestId('workspace-message')).toContainText('go to Pinned');
  await expect(panel.getByTestId('workspace-select').locator('option:checked')).toHaveText('Default');
  await capture('stripe.html');
  await expect.poll(() => namesIn(panel, 'Pinned'), { timeout: 30_000 }).toContain('Stripe');
  expect(await namesIn(panel, 'Default')).toEqual([]);
});

test('the header names the active workspace without widening the panel, even a long name', async ({ sidePanel }) => {
  const panel = await sidePanel.open();
  const name = `Competitive landscape of European payment processors ${'x'.repeat(26)}`;
  await tool(panel, 'workspace_create', { name, switch: true });
  await panel.setViewportSize({ width: 320, height: 700 });
  await expect(panel.getByTestId('workspace-select').locator('option:checked')).toHaveText(name);
  expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test("a captured page's entities are copied to another workspace from the Pages view; the source keeps them", async ({
  sidePanel,
  capture,
}) => {
  const panel = await sidePanel.open();
  await tool(panel, 'workspace_create', { name: 'Shortlist' });
  await capture('stripe.html');
  await expect.poll(() => namesIn(panel, 'Default'), { timeout: 30_000 }).toContain('Stripe');
  const before = await namesIn(panel, 'Default');
  await panel.bringToFront();
  await panel.getByRole('tab', { name: 'Pages' }).click();
  const row = panel.getByTestId('page-row').first();
  await row.getByTestId('page-actions').click();
  await row.getByTestId('copy-page-target').selectOption({ label: 'Shortlist' });
  await row.getByTestId('copy-page').click();
  await expect(panel.getByTestId('pages-status')).toContainText('Copied into Shortlist');
  expect(await namesIn(panel, 'Shortlist')).toEqual(before);
  expect(await namesIn(panel, 'Default')).toEqual(before);
});
