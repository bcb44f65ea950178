// Capture on a busy machine: the in-page budget is wall-clock, so under load a normal page ran
// out of it and was stored with part of its text unread ("capture took 1536 ms (budget 1500 ms)"),
// and nothing else happened. Now, once the worker's capture queue is idle, the background asks
// the tab to read the page again with a larger budget; the stored page is the whole reading and
// capture health says "read again". The load is Chromium's own CPU throttling (DevTools
// Emulation.setCPUThrottlingRate) during the first reading, lifted after it, as a busy moment passes.
//
// Run by `npm run bench:load`, not in the default e2e run: it passed alone (36 s) but timed out
// twice late in a full CI run. Likely cause (docs/figures.md, 34.12): the old journey read the
// first capture id from the page after the mark appeared and then waited for the mark to change;
// the in-page re-read ran at the page's next idle period, still under 40x throttling, and on a
// loaded machine could finish before that first read, so the id it waited to change was already
// the re-read's; also its inner waits (90 + 90 + 60 + 60 s) exceeded the test's 180 s. It now
// waits on the stored page's notes and capture health, within the test's budget.
import { existsSync } from 'node:fs';
import { readingCut } from '../../src/extract/page/capture-page';
import { REREAD_NOTE } from '../../src/messaging/capture-reread';
import { CORPUS_PAGES, corpusTest as test } from '../support/corpus-site';
import { expect } from '../support/fixtures';
import { storedNotes } from '../support/stored-page';

/** A normal news page (about 80 kB of HTML): far under the size limits, so only time can cut it. */
const PAGE = 'metascraper/arstechnica/input.html';
/**
 * Slow enough that the first reading runs out of its 1.5 s budget on a quiet machine too. At 40x
 * the journey failed at load ~5 with no re-read stored (perhaps the reading fit the budget; not
 * proven: it also failed once at 200x with the same symptom).
 */
const THROTTLE = 200;

test('a page the time budget cut on a busy machine is read again once the worker is idle and stored whole', async ({
  context,
  page,
  site,
  sidePanel,
}) => {
  test.skip(!existsSync(CORPUS_PAGES), `the corpus is not at ${CORPUS_PAGES}`);
  test.setTimeout(240_000);
  const url = site.url(PAGE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.goto(url, { timeout: 60_000 });
  await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(1, { timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const panel = await sidePanel.open();
  // The stored page is the re-read (its first note says so), whatever ids the page carried meanwhile.
  await expect.poll(async () => (await storedNotes(panel, url))?.[0], { timeout: 90_000 }).toBe(REREAD_NOTE);
  const notes = (await storedNotes(panel, url)) ?? [];
  expect(readingCut({ notes }), notes.join(' | ')).toBeUndefined();
  // Capture health shows the page as read again (it polls every 5 s).
  await expect(panel.locator('[data-testid="reread-page"][data-state="done"]')).toHaveCount(1, { timeout: 20_000 });
});
