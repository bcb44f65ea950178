// A page the content script gives up on is not lost silently: capture health lists it with
// the reason. The page: a sign-up form whose field names shadow the form's own DOM members,
// which makes reading the page throw in Chromium (named form controls override them there;
// jsdom does not do that, so the unit tests never saw it).
import { expect, test } from '../support/fixtures';

test('a page the content script gives up on is listed in capture health with its reason', async ({ page, site, sidePanel }) => {
  test.setTimeout(90_000);
  await page.goto(site.url('capture/clobbered-form.html'));
  const panel = await sidePanel.open();
  const entry = panel.getByTestId('gave-up-page');
  // Capture health polls every 5 s.
  await expect(entry).toHaveCount(1, { timeout: 30_000 });
  await expect(entry).toContainText('Marrow Capital press release');
  await expect(entry).toContainText(/Reason: (reading the page failed|the background did not take the capture)/);
  await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(0);
});
