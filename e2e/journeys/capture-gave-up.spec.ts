// Nothing is silent (issue 34.11). A sign-up form whose field names shadow the form's own DOM
// members (`name="hasAttribute"`; named form controls override them in Chromium, not in jsdom)
// once made reading throw: the page is now captured. A page the content script cannot read at
// all (it removed its own <html>) is listed in capture health with the reason.
import { expect, test } from '../support/fixtures';

test('a page with a clobbering form is captured; one the content script gives up on is listed in capture health with its reason', async ({
  page,
  site,
  sidePanel,
}) => {
  test.setTimeout(90_000);
  await page.goto(site.url('capture/clobbered-form.html'));
  await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(1, { timeout: 30_000 });

  await page.goto(site.url('capture/no-root.html'));
  const panel = await sidePanel.open();
  const entry = panel.getByTestId('gave-up-page');
  // Capture health polls every 5 s.
  await expect(entry).toHaveCount(1, { timeout: 30_000 });
  await expect(entry).toContainText('capture/no-root.html');
  await expect(entry).toContainText('Reason: nothing to read: the page removed its root element');
});
