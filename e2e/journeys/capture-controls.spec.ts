// Capture under the user's control: automatic capture and the badge count,
// the blocklist, pause, manual mode with the shortcut's command, the context-menu clip, and
// two tabs capturing the same new entity at once. The shortcut and the menu
// cannot be pressed from Playwright: the tests call the same functions the browser's events
// call (`ariadneControls` in the service worker, see e2e/support/capture.ts).
import type { Page } from '@playwright/test';
import { CaptureRig } from '../support/capture';
import { expect, test } from '../support/fixtures';

interface SearchResult {
  readonly name: string;
  readonly entity_type: string;
}
interface EntityDetails {
  readonly entity: { readonly name: string; readonly entity_type: string };
  readonly evidence: readonly { readonly kind: string; readonly page_url: string; readonly snippet: string }[];
}

/** Resolves with the content script's debug line when it declines to capture `page`. */
function skipped(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.on('console', (message) => {
      if (message.text().startsWith('Ariadne: not captured')) resolve(message.text());
    });
  });
}

/**
 * What lantern.html gives: Lantern Robotics, Porto, Marta Ilves, and "Ariadne" (its footer names the project once;
 * a rare proper name mentioned once is kept since round 7).
 */
const LANTERN_ENTITIES = '4';
const captured = (page: Page) => page.locator('html[data-ariadne-captured]');

test('a visited page is captured automatically and the badge shows its entity count', async ({ context, extensionId, capture, page }) => {
  const rig = new CaptureRig(context, extensionId);
  await capture('capture/lantern.html');
  const tab = await rig.tabOf(page);
  // Organization, founder and place: three entities from this page.
  await expect.poll(() => rig.badge(tab.id), { timeout: 20_000 }).toBe(LANTERN_ENTITIES);
  const found = await rig.tool<{ results: SearchResult[] }>('entity_search', { query: 'Lantern Robotics' });
  expect(found.results[0]).toMatchObject({ name: 'Lantern Robotics', entity_type: 'company' });

  // Navigating away clears the count.
  await page.goto('about:blank');
  await expect.poll(() => rig.badge(tab.id)).toBe('');
});

test('a blocked site is not captured, not even by the shortcut', async ({ context, extensionId, page, site }) => {
  const rig = new CaptureRig(context, extensionId);
  await rig.setCapture({ blocklist: [site.url('capture/blocked')] });
  const declined = skipped(page);
  await page.goto(site.url('capture/blocked.html'));
  expect(await declined).toContain('blocklist');
  const outcome = await rig.shortcut(page);
  expect(outcome).toMatchObject({ status: 'refused' });
  expect(outcome.reason).toContain('blocklist');
  expect(await rig.badge((await rig.tabOf(page)).id)).toBe('×');
  await expect(captured(page)).toHaveCount(0);
  const found = await rig.tool<{ results: SearchResult[] }>('entity_search', { query: 'Keel Savings' });
  expect(found.results.filter((r) => r.name === 'Keel Savings')).toEqual([]);
});

test('pause stops automatic capture and shows on the badge; the shortcut still captures', async ({ context, extensionId, page, site }) => {
  const rig = new CaptureRig(context, extensionId);
  await rig.setCapture({ paused: true });
  await expect.poll(() => rig.badge()).toBe('II');
  const declined = skipped(page);
  await page.goto(site.url('capture/lantern.html'));
  expect(await declined).toContain('paused');
  await expect(captured(page)).toHaveCount(0);

  const outcome = await rig.shortcut(page);
  expect(outcome.status).toBe('captured');
  await expect(captured(page)).toHaveAttribute('data-ariadne-captured', outcome.captureId ?? '');
  const tab = await rig.tabOf(page);
  await expect.poll(() => rig.badge(tab.id), { timeout: 20_000 }).toBe(LANTERN_ENTITIES);

  await rig.setCapture({ paused: false });
  await expect.poll(() => rig.badge()).toBe('');
});

test('manual mode: no automatic capture; the shortcut command and "Capture this page" capture', async ({
  context,
  extensionId,
  page,
  site,
}) => {
  const rig = new CaptureRig(context, extensionId);
  await rig.setCapture({ mode: 'manual' });
  const declined = skipped(page);
  await page.goto(site.url('capture/manual.html'));
  expect(await declined).toContain('manual');
  await expect(captured(page)).toHaveCount(0);

  const byShortcut = await rig.shortcut(page);
  expect(byShortcut.status).toBe('captured');
  await expect(captured(page)).toHaveCount(1);
  const tab = await rig.tabOf(page);
  await expect.poll(() => rig.badge(tab.id), { timeout: 20_000 }).toBe(LANTERN_ENTITIES);
  const found = await rig.tool<{ results: SearchResult[] }>('entity_search', { query: 'Copperleaf Maps' });
  expect(found.results[0]?.name).toBe('Copperleaf Maps');

  // The context menu's "Capture this page" takes the same path.
  const byMenu = await rig.menu(page, { menuItemId: 'ariadne-capture-page' });
  expect(byMenu.status).toBe('captured');
  expect(byMenu.captureId).not.toBe(byShortcut.captureId);
});

test('"Add selection to Ariadne" creates an entity with the page as clip evidence', async ({ context, extensionId, page, site }) => {
  const rig = new CaptureRig(context, extensionId);
  await rig.setCapture({ mode: 'manual' }); // the clip is the only write on this page
  await page.goto(site.url('capture/clip.html'));
  const selection = await page.locator('#name').textContent();
  const outcome = await rig.menu(page, { menuItemId: 'ariadne-add-selection', selectionText: selection ?? '' });
  expect(outcome).toMatchObject({ status: 'clipped', clip: { name: 'Saltmarsh KV', created: true, pageEntities: 1 } });
  const details = await rig.tool<EntityDetails>('entity_get', { name: 'Saltmarsh KV' });
  expect(details.evidence).toEqual([
    expect.objectContaining({ kind: 'clip', page_url: site.url('capture/clip.html'), snippet: 'Saltmarsh KV' }),
  ]);
  expect(await rig.badge((await rig.tabOf(page)).id)).toBe('1');

  // Clipping the same name again adds evidence to the same entity.
  const again = await rig.menu(page, { menuItemId: 'ariadne-add-selection', selectionText: ' Saltmarsh  KV ' });
  expect(again.clip).toMatchObject({ entityId: outcome.clip?.entityId, created: false });
});

test('two tabs capturing the same new entity at the same moment create one entity', async ({ context, extensionId, site }) => {
  const rig = new CaptureRig(context, extensionId);
  const [a, b] = await Promise.all([context.newPage(), context.newPage()]);
  if (a === undefined || b === undefined) throw new Error('no pages');
  await Promise.all([a.goto(site.url('capture/twin-a.html')), b.goto(site.url('capture/twin-b.html'))]);
  await expect(captured(a)).toHaveCount(1);
  await expect(captured(b)).toHaveCount(1);
  await expect.poll(() => rig.pending(), { timeout: 20_000 }).toBe(0);
  const found = await rig.tool<{ results: SearchResult[] }>('entity_search', { query: 'Quillfeather Labs' });
  expect(found.results.filter((r) => r.name === 'Quillfeather Labs')).toHaveLength(1);
  const people = await rig.tool<{ results: SearchResult[] }>('entity_search', { query: 'Tomas Reyne' });
  expect(people.results.filter((r) => r.name === 'Tomas Reyne')).toHaveLength(1);
});
