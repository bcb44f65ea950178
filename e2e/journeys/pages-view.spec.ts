// The Pages view on the built extension: two captured pages listed newest first with
// their site, author, publication date and contributions; filters by site and date;
// "Open at evidence" opening the page at a quoted sentence (a URL text fragment, as
// evidence links on entity pages do); "Capture again" in a tab; deleting one page with
// what only it contributed while what the other page supports stays; axe clean at 320
// and 500 px, light and dark.
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, pageAction, PAGES_VIEW_PAGES, pagesViewWithTwoPages, snap } from '../support/panel-journey';

const { OSTRA, KESTREL } = PAGES_VIEW_PAGES;

test('pages: listed with their facts, filtered, opened at evidence, deleted with what only they contributed', async ({
  capture,
  context,
  sidePanel,
  site,
}, testInfo) => {
  const { panel, rows } = await pagesViewWithTwoPages(capture, sidePanel);

  // Newest first, with the page's metadata and what it contributed.
  await expect(panel.getByTestId('page-count')).toHaveText('2');
  await expect(rows.nth(0)).toHaveAttribute('data-url', site.url(OSTRA));
  await expect(rows.nth(1)).toHaveAttribute('data-url', site.url(KESTREL));
  /** A page's row by its URL (a capture again reorders the list). */
  const rowOf = (path: string) => panel.locator(`[data-testid="page-row"][data-url="${site.url(path)}"]`);
  const ostra = rowOf(OSTRA);
  await expect(ostra.getByTestId('page-link')).toHaveText('Kestrel Bank buys Ostra Pay');
  await expect(ostra.getByTestId('page-byline')).toHaveText('Mira Holt');
  await expect(ostra.getByTestId('page-published')).toContainText('2026');
  await expect(ostra.getByTestId('page-site')).toHaveText(new URL(site.origin).hostname);
  await expect(ostra.getByTestId('page-contribution')).toContainText(/[1-9]\d* entit/);
  await expect(rows.nth(1).getByTestId('page-byline')).toHaveCount(0);
  await snap(panel, testInfo, 'pages-01-list');
  await axeCleanAtPanelWidths(panel, 'the pages list');

  // Filters: the only site keeps both; "today" keeps both; the select offers the site.
  await panel.getByTestId('page-site-filter').selectOption(new URL(site.origin).hostname);
  await expect(rows).toHaveCount(2);
  await panel.getByTestId('page-period-filter').selectOption('today');
  await expect(rows).toHaveCount(2);
  await panel.getByTestId('page-site-filter').selectOption('');

  // Open at evidence: a new tab at the page, with a text fragment quoting it.
  const opened = context.waitForEvent('page');
  await pageAction(ostra, 'open-at-evidence');
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  const at = new URL(tab.url());
  expect(`${at.origin}${at.pathname}`).toBe(site.url(OSTRA));
  expect(tab.url()).toContain('#:~:text=');
  await tab.close();

  // Capture again: the page opens in a tab and goes through the context menu's capture path.
  const reopened = context.waitForEvent('page');
  await pageAction(rowOf(KESTREL), 'page-recapture');
  expect((await reopened).url()).toBe(site.url(KESTREL));
  await expect(panel.getByTestId('pages-status')).toContainText('"Kestrel Bank: a profile" was captured again');
  await expect(rows.nth(0)).toHaveAttribute('data-url', site.url(KESTREL)); // newest first again

  // Delete the Ostra Pay page: what only it named goes, Kestrel Bank (on the other page) stays.
  await pageAction(ostra, 'page-delete');
  await expect(panel.getByRole('group', { name: /Confirm deleting/ })).toBeVisible();
  await snap(panel, testInfo, 'pages-02-confirm');
  await panel.getByTestId('confirm-page-delete').click();
  await expect(panel.getByTestId('pages-status')).toContainText('Deleted "Kestrel Bank buys Ostra Pay"');
  await expect(panel.getByTestId('pages-status')).toContainText('Ostra Pay');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toHaveAttribute('data-url', site.url(KESTREL));
  await snap(panel, testInfo, 'pages-03-deleted');
  await axeCleanAtPanelWidths(panel, 'the pages list after a deletion');

  await panel.getByRole('tab', { name: 'Search' }).click();
  await panel.getByTestId('search-input').fill('Ostra Pay');
  await expect(panel.getByTestId('search-result').filter({ hasText: 'Ostra Pay' })).toHaveCount(0);
  await panel.getByTestId('search-input').fill('Kestrel Bank');
  await expect(panel.getByTestId('search-result').first()).toContainText('Kestrel Bank');

  // Evidence links on an entity page open at the quoted sentence too.
  await panel.getByTestId('search-input').press('Enter');
  await expect(panel.getByTestId('entity-name')).toHaveText('Kestrel Bank');
  const evidenceLink = panel.getByTestId('evidence').getByTestId('page-link').first();
  await expect(evidenceLink).toHaveAttribute('href', /^http:\/\/[^#]+kestrel-bank\.html#:~:text=/);
});
