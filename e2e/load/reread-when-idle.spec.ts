// Item 12 of "correctness found from outside": a page whose reading ran out of its time budget is
// read again once the worker is idle, stored whole, and capture health says so. The cut is made
// deterministic with the user's own setting (Settings → Capture → "Time to read a page", at its
// 10 ms minimum), not with CPU throttling, which sometimes left the first reading within budget
// (busy-capture.spec.ts beside it).
//
// Run by `npm run bench:load`, not in the default e2e run: the first reading is now always cut,
// but in 2 of 4 runs on 2026-11-28 the re-read never landed within 60 s (the stored notes stayed
// the first reading's: "article detection skipped: time budget spent", "page scan cut after 1024
// elements (time limit)"); 2 runs passed in about 5 s. Why the re-read is sometimes not asked for
// or not stored is not found yet (issue 34, item 12).
import { existsSync } from 'node:fs';
import { readingCut } from '../../src/extract/page/capture-page';
import { REREAD_NOTE } from '../../src/messaging/capture-reread';
import { CORPUS_PAGES, corpusTest as test } from '../support/corpus-site';
import { expect } from '../support/fixtures';
import { openTab } from '../support/panel-journey';
import { storedNotes } from '../support/stored-page';

/** A normal news page (about 80 kB of HTML): far under the size limits, so only time can cut it. */
const PAGE = 'metascraper/arstechnica/input.html';

test('a page its reading time cut is read again once the worker is idle, stored whole, and shown in capture health', async ({
  page,
  site,
  sidePanel,
}) => {
  test.skip(!existsSync(CORPUS_PAGES), `the corpus is not at ${CORPUS_PAGES}`);
  test.setTimeout(120_000);
  const panel = await sidePanel.open();
  await openTab(panel, 'Settings');
  const budget = panel.getByTestId('reading-budget-ms');
  await expect(budget).toHaveValue('1500');
  await budget.fill('10');
  await expect(budget).toHaveValue('10');
  // Saved where the content script reads it: a reopened panel shows it.
  await expect
    .poll(async () => {
      await panel.reload();
      await openTab(panel, 'Settings');
      return panel.getByTestId('reading-budget-ms').inputValue();
    })
    .toBe('10');

  const url = site.url(PAGE);
  await page.goto(url);
  await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(1, { timeout: 30_000 });
  // The stored page is the re-read (its first note says so), read with the re-read's larger budget.
  await expect.poll(async () => (await storedNotes(panel, url))?.[0], { timeout: 60_000 }).toBe(REREAD_NOTE);
  const notes = (await storedNotes(panel, url)) ?? [];
  expect(readingCut({ notes }), notes.join(' | ')).toBeUndefined();
  await panel.reload(); // capture health is on the view the panel opens with
  await expect(panel.locator('[data-testid="reread-page"][data-state="done"]')).toHaveCount(1, { timeout: 20_000 });
});
