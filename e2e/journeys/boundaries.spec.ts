// Boundaries (issue 9 item 4) as the real browser enforces them: a web page cannot reach
// the background, and the manifest asks for no more than it needs.
import { expect, test } from '../support/fixtures';

interface MaybeChrome {
  chrome?: { runtime?: { sendMessage?: unknown; getManifest?: () => Record<string, unknown> } };
}

test('a web page has no channel to the background (no externally_connectable)', async ({ page, capture }) => {
  await capture('stripe.html');
  const exposed = await page.evaluate(() => typeof (globalThis as unknown as MaybeChrome).chrome?.runtime?.sendMessage);
  expect(exposed).toBe('undefined');
});

test('the manifest declares only the permissions the README explains', async ({ sidePanel }) => {
  const panel = await sidePanel.open();
  const manifest = await panel.evaluate(() => (globalThis as unknown as MaybeChrome).chrome?.runtime?.getManifest?.() ?? {});
  expect(manifest.name).toBe('Ariadne');
  expect(manifest.externally_connectable).toBeUndefined();
  expect(manifest.host_permissions).toBeUndefined();
  expect([...((manifest.permissions as string[] | undefined) ?? [])].sort()).toEqual(['sidePanel', 'storage', 'unlimitedStorage']);
});
