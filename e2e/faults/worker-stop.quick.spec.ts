// Faults: the service worker stopped (DevTools `ServiceWorker.stopAllWorkers`)
// again and again while tabs capture and it ingests. Every acknowledged capture is in the
// persisted inbox, so each one ends up as a Page record once the worker is back.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { CORPUS_PAGES, corpusPageFiles, inboxRows, serveCorpus, snapshot } from '../load/load-run';

/** Pages captured during the run; enough that ingestion lags behind the acknowledgements. */
const PAGES = Number(process.env.ARIADNE_FAULT_PAGES ?? 24);
const TABS = 3;
/** The worker is stopped this often while captures go on. */
const STOP_EVERY_MS = 400;

test(`worker stopped every ${STOP_EVERY_MS} ms during ${PAGES} captures: every acknowledged capture is stored`, async ({}, testInfo) => {
  test.skip(!existsSync(CORPUS_PAGES), `corpus absent: ${CORPUS_PAGES} (see ../shared/corpus/README.md)`);
  test.setTimeout(180_000);
  // Entity-rich pages first (metascraper, readability): ingestion takes long enough to be cut.
  const files = (await corpusPageFiles()).filter((f) => !f.includes('/extruct/'));
  const site = await serveCorpus(files, PAGES);
  const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-fault-'));
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, allowOrigins: [site.origin] });
  try {
    const probe = await context.newPage();
    await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
    const cdp = await context.newCDPSession(probe);
    await cdp.send('ServiceWorker.enable');

    const acked = new Set<string>();
    const unacked: string[] = [];
    // Warm up first: the worker's very first start (install, database creation) can take
    // longer than the stop interval on a loaded machine, and a worker stopped before it ever
    // answers tests nothing. Stops begin once one capture has been acknowledged.
    const first = await context.newPage();
    await first.goto(site.urls[0] ?? '', { waitUntil: 'domcontentloaded' });
    await first.locator('html[data-ariadne-captured]').waitFor({ state: 'attached', timeout: 60_000 });
    acked.add(site.urls[0] ?? '');
    let next = 1;
    const visit = async (tab: Page): Promise<void> => {
      for (let i = next++; i < site.urls.length; i = next++) {
        const url = site.urls[i] ?? '';
        await tab.goto(url, { waitUntil: 'domcontentloaded' });
        // A capture sent while the worker is down may be refused; only acknowledged ones count.
        const ok = await tab
          .locator('html[data-ariadne-captured]')
          .waitFor({ state: 'attached', timeout: 20_000 })
          .then(
            () => true,
            () => false,
          );
        if (ok) acked.add(url);
        else unacked.push(url);
      }
    };
    let visiting = true;
    const stops: { inbox: number; stored: number }[] = [];
    const stopper = async (): Promise<void> => {
      while (visiting) {
        await new Promise((r) => setTimeout(r, STOP_EVERY_MS));
        const before = await snapshot(probe);
        stops.push({ inbox: before.inbox, stored: before.pageUrls.length });
        await cdp.send('ServiceWorker.stopAllWorkers');
      }
    };
    const stopping = stopper();
    await Promise.all(Array.from({ length: TABS }, async () => visit(await context.newPage())));
    visiting = false;
    await stopping;
    // One more stop with captures surely waiting, then wake the worker with a page visit.
    const waitingAtLastStop = (await snapshot(probe)).inbox;
    await cdp.send('ServiceWorker.stopAllWorkers');
    const waker = await context.newPage();
    await waker.goto(site.urls[0] ?? '');

    await expect
      .poll(
        async () => {
          const now = await snapshot(probe);
          return { missing: [...acked].filter((u) => !now.pageUrls.includes(u)), inbox: now.inbox };
        },
        { timeout: 90_000 },
      )
      .toEqual({ missing: [], inbox: 0 })
      .catch(async (error: unknown) => {
        // What the worker left in the inbox says why: attempts, quick stops, the last error.
        console.log(JSON.stringify({ fault: 'worker-stop', stops: stops.length, inbox: await inboxRows(probe) }));
        throw error;
      });
    const stoppedMidIngest = stops.filter((s) => s.inbox > 0).length;
    const figures = {
      pages: PAGES,
      acknowledged: acked.size,
      unacknowledged: unacked.length,
      stops: stops.length,
      stoppedMidIngest,
      waitingAtLastStop,
    };
    console.log(JSON.stringify({ fault: 'worker-stop', ...figures }));
    await testInfo.attach('worker-stop', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
    // The run did exercise the fault: the worker was stopped with captures still waiting.
    expect(stoppedMidIngest + waitingAtLastStop).toBeGreaterThan(0);
    expect(acked.size).toBeGreaterThan(PAGES / 2);
  } finally {
    await context.close();
    await site.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});
