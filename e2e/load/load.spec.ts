// Load, the full run behind `npm run bench:load`: 300 corpus pages across
// 6 tabs at once. Prints the figures and, as its last line, a JSON summary.
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CORPUS_PAGES, corpusPageFiles, runLoad } from './load-run';
import { sequentialNameGroups } from './sequential-replay';

/** Overridable for exploration: ARIADNE_LOAD_PAGES / ARIADNE_LOAD_TABS. */
const PAGES = Number(process.env.ARIADNE_LOAD_PAGES ?? 300);
const TABS = Number(process.env.ARIADNE_LOAD_TABS ?? 6);
/** The worker's heap must stay under this whatever the run's size (it holds a name index, not pages). */
const HEAP_LIMIT_BYTES = 256 * 1024 * 1024;

test(`${PAGES} pages in ${TABS} tabs at once: none lost, no race duplicate, heap bounded`, async ({}, testInfo) => {
  test.skip(!existsSync(CORPUS_PAGES), `corpus absent: ${CORPUS_PAGES} (see ../shared/corpus/README.md)`);
  const figures = await runLoad({ pages: PAGES, tabs: TABS });
  // Same-name groups the resolver also makes with no concurrency at all are its decisions, not races.
  const reference = await sequentialNameGroups(await corpusPageFiles(), PAGES);
  const resolverSplits = Object.entries(figures.sameNameGroups)
    .filter(([key, size]) => size <= (reference.get(key) ?? 1))
    .map(([key, size]) => `${key} ×${size}`);
  const raceDuplicates = figures.raceDuplicates.filter((line) => !resolverSplits.some((split) => line.startsWith(`${split} `)));
  await testInfo.attach('load-figures', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  console.log(
    `pages ${figures.stored}/${figures.pages} stored in ${(figures.durationMs / 1000).toFixed(1)} s with ${figures.tabs} tabs: ${figures.pagesPerMinute} pages/min`,
  );
  console.log(
    `ingest latency (ack → Page record): p50 ${figures.ingestLatencyMs.p50} ms, p95 ${figures.ingestLatencyMs.p95} ms, max ${figures.ingestLatencyMs.max} ms`,
  );
  console.log(
    `stored: ${figures.entities} entities, ${figures.relationships} relations, ${figures.evidence} evidence, ${figures.pendingReviews} pending reviews`,
  );
  console.log(
    `worker heap: first ${(figures.heapBytes.first / 2 ** 20).toFixed(1)} MB, max ${(figures.heapBytes.max / 2 ** 20).toFixed(1)} MB, last ${(figures.heapBytes.last / 2 ** 20).toFixed(1)} MB (${figures.heapBytes.samples} samples)`,
  );
  console.log(
    `same-name groups: ${resolverSplits.length} also made by a sequential replay (resolver splits: ${resolverSplits.join('; ') || 'none'}), ${raceDuplicates.length} only under concurrency`,
  );
  console.log(JSON.stringify({ bench: 'load', ...figures, raceDuplicates, resolverSplits }));
  expect(figures.lost).toEqual([]);
  expect(figures.stored).toBe(PAGES);
  expect(figures.inboxLeft).toBe(0);
  expect(raceDuplicates).toEqual([]);
  expect(figures.heapBytes.max).toBeLessThan(HEAP_LIMIT_BYTES);
});
