// Item 12 of "correctness found from outside": a page whose reading ran out of its time budget is
// read again once the worker is idle, stored whole, and capture health says so. The cut is made
// deterministic with the user's own setting (Settings → Capture → "Time to read a page", at its
// 10 ms minimum), not with CPU throttling, which sometimes left the first reading within budget
// (e2e/load/busy-capture.spec.ts, kept in `npm run bench:load`).
//
// In the default e2e run since 2026-11-28. It used to miss the re-read in about half the runs: when
// the time ran out in the body-text reading, the reading was also noted "main text cut at 200000
// characters", a cut by size, and a page cut by size is never read again. Time and size cuts are
// told apart now (blockText's `timeUp`); 8 of 8 runs passed at load 22–28 (docs/figures.md, 34.12). The second
// journey stops the worker while the re-read waits: the next worker, woken by an alarm, asks for it.
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readingCut } from '../../src/extract/page/capture-page';
import { REREAD_NOTE } from '../../src/messaging/capture-reread';
import { REREAD_KEY } from '../../src/background/reread-when-idle';
import { CORPUS_PAGES, corpusTest as test } from '../support/corpus-site';
import { expect } from '../support/fixtures';
import { openTab } from '../support/panel-journey';
import { storedNotes } from '../support/stored-page';

/** A normal news page (about 80 kB of HTML): far under the size limits, so only time can cut it. */
const PAGE = 'metascraper/arstechnica/input.html';

/**
 * Opens the panel and sets Settings → Capture → "Time to read a page" to its 10 ms minimum, checked
 * saved where the content script reads it (the test is skipped without the corpus).
 */
async function panelAtTenMilliseconds(sidePanel: { open(): Promise<Page> }, timeoutMs: number): Promise<Page> {
  test.skip(!existsSync(CORPUS_PAGES), `the corpus is not at ${CORPUS_PAGES}`);
  test.setTimeout(timeoutMs);
  const panel = await sidePanel.open();
  await openTab(panel, 'Settings');
  await expect(panel.getByTestId('reading-budget-ms')).toHaveValue('1500');
  // Typed again until it sticks: a value typed before the panel's settings have loaded is overwritten by them.
  // Saved where the content script reads it: a reopened panel shows it.
  await expect(async () => {
    await panel.getByTestId('reading-budget-ms').fill('10');
    await expect(panel.getByTestId('reading-budget-ms')).toHaveValue('10', { timeout: 2_000 });
    await panel.reload();
    await openTab(panel, 'Settings');
    await expect(panel.getByTestId('reading-budget-ms')).toHaveValue('10', { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  return panel;
}

test('a page its reading time cut is read again once the worker is idle, stored whole, and shown in capture health', async ({
  page,
  site,
  sidePanel,
}) => {
  const panel = await panelAtTenMilliseconds(sidePanel, 90_000);

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

/** The page's re-read entry as the worker keeps it in `storage.local` (read from an extension page). */
function rereadEntry(extensionPage: Page, url: string): Promise<unknown> {
  return extensionPage.evaluate(
    async ([key, pageUrl]) => {
      const area = (globalThis as unknown as { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } })
        .chrome.storage.local;
      const stored: unknown = (await area.get(key))[key];
      return Array.isArray(stored)
        ? stored.find((e: unknown) => typeof e === 'object' && e !== null && Reflect.get(e, 'url') === pageUrl)
        : undefined;
    },
    [REREAD_KEY, url] as const,
  );
}

test('a re-read pending when the browser stops the worker is asked for by the next worker, woken by its alarm', async ({
  context,
  extensionId,
  page,
  site,
  sidePanel,
}) => {
  const panel = await panelAtTenMilliseconds(sidePanel, 150_000);
  // The panel polls capture health, which would wake the worker: closed, so only the alarm can.
  // A page of the extension's own origin without a script reads the database and storage.
  const probe = await context.newPage();
  await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
  await panel.close();
  const cdp = await context.newCDPSession(probe);
  await cdp.send('ServiceWorker.enable');

  const url = site.url(PAGE);
  await page.goto(url);
  await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(1, { timeout: 30_000 });
  // Stopped as Chromium stops an idle worker, while the re-read waits for the queue to be idle.
  await cdp.send('ServiceWorker.stopAllWorkers');
  expect(await rereadEntry(probe, url)).toMatchObject({ state: 'pending' });
  expect((await storedNotes(probe, url))?.[0]).not.toBe(REREAD_NOTE);
  // The alarm (30 s) starts a worker, which takes the pending re-read up again and asks the tab.
  await expect.poll(async () => (await storedNotes(probe, url))?.[0], { timeout: 100_000, intervals: [2_000] }).toBe(REREAD_NOTE);
  await expect.poll(() => rereadEntry(probe, url)).toMatchObject({ state: 'done' });
});
