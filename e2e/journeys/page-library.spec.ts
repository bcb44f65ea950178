// The Pages view as a library of what was read, and the Obsidian export of it, on the
// built extension: two captured pages found again by a word of their title and by their
// site; a row opened to what the page gave (its entities typed, each with the sentence it
// was read from, and its relationships), an entity opened from there; the row's actions
// behind one button; axe clean at 320 and 500 px, light and dark, with a row and its
// actions open. Then the Markdown ZIP from the Data tab, unzipped here file by file: the
// page note carries Web Clipper's properties (title, source, author, published, created,
// tags) and the sentences that stated facts as quotes with links to their entities; the
// entity note gives each fact with the page note it came from.
import { readFile } from 'node:fs/promises';
import { readStoredZip } from '../../src/core/export/testing/read-zip';
import { expect, test } from '../support/fixtures';
import { axeCleanAtPanelWidths, PAGES_VIEW_PAGES, pagesViewWithTwoPages, snap } from '../support/panel-journey';

const { OSTRA, KESTREL } = PAGES_VIEW_PAGES;

test('page library: found by title and site, opened to its entities, exported as an Obsidian page note with quotes', async ({
  capture,
  sidePanel,
  site,
}, testInfo) => {
  const { panel, rows } = await pagesViewWithTwoPages(capture, sidePanel);

  // Found again by a word of its title (case ignored), by its site, and not by a word neither has.
  const find = panel.getByLabel('Find a page by its title, site or author');
  await find.fill('PROFILE');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-url', site.url(KESTREL));
  await find.fill('mira holt');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-url', site.url(OSTRA));
  await find.fill(new URL(site.origin).hostname);
  await expect(rows).toHaveCount(2);
  await find.fill('zebra');
  await expect(rows).toHaveCount(0);
  await expect(panel.getByTestId('pages-empty')).toContainText('No captured page has "zebra"');
  await find.fill('ostra');
  await expect(rows).toHaveCount(1);

  // The row opens to what the page gave: entities typed, each with its sentence; the relation it stated.
  const ostra = rows.first();
  await expect(ostra.getByTestId('page-details')).toHaveCount(0);
  await ostra.getByRole('button', { name: 'What it gave' }).click();
  await expect(ostra.getByTestId('page-open')).toHaveAttribute('aria-expanded', 'true');
  const details = ostra.getByTestId('page-details');
  /** The entity's item (by its link's exact name: each sentence names others too). */
  const entity = (name: string) =>
    details.getByTestId('page-detail-entity').filter({ has: panel.getByRole('button', { name, exact: true }) });
  await expect(entity('Ostra Pay')).toHaveAttribute('data-entity-type', 'company');
  await expect(entity('Lina Varga')).toHaveAttribute('data-entity-type', 'person');
  await expect(entity('Tallinn')).toHaveAttribute('data-entity-type', 'location');
  await expect(entity('Kestrel Bank').getByTestId('page-detail-sentence')).toContainText('Kestrel Bank');
  await expect(details.getByTestId('page-detail-relationship').first()).toBeVisible();
  await expect(details.getByTestId('page-detail-relationship').filter({ hasText: /^Kestrel Bank\s+acquired\s+Ostra Pay/ })).toHaveCount(1);

  // Its entities can be ticked for the bulk bar: two retyped at once, then undone whole.
  await entity('Tallinn').getByTestId('select-entity').check();
  await entity('Lina Varga').getByTestId('select-entity').check();
  await expect(panel.getByTestId('bulk-count')).toHaveText('2 selected');
  await panel.getByTestId('bulk-type').selectOption('other');
  await panel.getByTestId('bulk-retype').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText('2 entities now typed other.');
  await expect(entity('Tallinn')).toHaveAttribute('data-entity-type', 'other');
  await panel.getByTestId('bulk-undo').click();
  await expect(panel.getByTestId('bulk-notice')).toContainText('Undone: 2 entities back as before.');
  await expect(entity('Tallinn')).toHaveAttribute('data-entity-type', 'location');
  await expect(entity('Lina Varga')).toHaveAttribute('data-entity-type', 'person');

  // Its actions sit behind one button.
  await expect(ostra.getByTestId('page-delete')).toHaveCount(0);
  await ostra.getByTestId('page-actions').click();
  await expect(ostra.getByTestId('page-delete')).toBeVisible();
  await expect(ostra.getByTestId('page-recapture')).toBeVisible();
  await snap(panel, testInfo, 'library-01-open-row');
  await axeCleanAtPanelWidths(panel, 'a page row opened with its actions', { testInfo, name: 'library-row' });

  // An entity opens from the row.
  await entity('Lina Varga').getByTestId('entity-link').click();
  await expect(panel.getByTestId('entity-name')).toHaveText('Lina Varga');

  // The Obsidian export, unzipped: the page note as a clipper writes it.
  await panel.getByRole('tab', { name: 'Data' }).click();
  const download = panel.waitForEvent('download');
  await panel.getByTestId('export-md.zip').click();
  const zipPath = testInfo.outputPath('notes.zip');
  await (await download).saveAs(zipPath);
  const files = new Map(readStoredZip(new Uint8Array(await readFile(zipPath))).map((f) => [f.name, f.text]));
  const note = files.get('Pages/Kestrel Bank buys Ostra Pay.md') ?? '';
  await testInfo.attach('page-note.md', { body: note, contentType: 'text/markdown' });
  const [front = '', body = ''] = note.replace(/^---\n/, '').split('\n---\n');
  expect(front).toContain('title: "Kestrel Bank buys Ostra Pay"');
  expect(front).toContain(`source: "${site.url(OSTRA)}"`);
  expect(front).toMatch(/author:\n {2}- "Mira Holt"/);
  expect(front).toContain('published: 2026-03-04');
  expect(front).toMatch(/created: \d{4}-\d{2}-\d{2}/);
  expect(front).toMatch(/description: "Kestrel Bank acquired Ostra Pay/);
  expect(front).toMatch(/tags:\n {2}- "clippings"\n {2}- "ariadne"/);
  expect(body).toMatch(
    /## Quotes\n\n> Kestrel Bank acquired Ostra Pay, the payments company that Lina Varga founded in Tallinn in 2019\.\n> — .*\[\[Kestrel Bank\]\]/,
  );
  expect(body).toMatch(/- \[\[Lina Varga\]\] \(person\)/);
  expect(body).not.toContain('structured data'); // quotes are the page's sentences, not Ariadne's notes on its JSON-LD
  // Every link resolves to a note of the vault; the entity note names the page its facts came from.
  const names = new Set([...files.keys()].map((n) => n.replace(/^(?:Entities|Pages)\//, '').replace(/\.md$/, '')));
  for (const text of files.values())
    for (const link of text.split('[[').slice(1)) expect(names.has(link.slice(0, link.indexOf(']]'))), link.slice(0, 40)).toBe(true);
  expect(files.get('Entities/Kestrel Bank.md') ?? '').toMatch(/acquired \[\[Ostra Pay\]\] · \[\[Kestrel Bank buys Ostra Pay\]\]/);
});
