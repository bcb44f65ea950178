// Load, scaled down for the default run: 20 corpus pages across 3 tabs at
// once. The full run (300 pages, 6 tabs) is `npm run bench:load` (load.spec.ts).
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CORPUS_PAGES, runLoad } from './load-run';

/** Heap growth allowed over the run: the worker keeps a name index that grows with the graph. */
const HEAP_LIMIT_BYTES = 128 * 1024 * 1024;

test('20 pages in 3 tabs at once: none lost, no duplicate from a race, worker heap bounded', async ({}, testInfo) => {
  test.skip(!existsSync(CORPUS_PAGES), `corpus absent: ${CORPUS_PAGES} (see ../shared/corpus/README.md)`);
  test.setTimeout(120_000);
  const figures = await runLoad({ pages: 20, tabs: 3 });
  await testInfo.attach('load-figures', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  console.log(JSON.stringify({ load: 'quick', ...figures }));
  expect(figures.lost).toEqual([]);
  expect(figures.stored).toBe(20);
  expect(figures.inboxLeft).toBe(0);
  expect(figures.raceDuplicates).toEqual([]);
  expect(figures.heapBytes.samples).toBeGreaterThan(0);
  expect(figures.heapBytes.max).toBeLessThan(HEAP_LIMIT_BYTES);
});
