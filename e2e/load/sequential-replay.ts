/**
 * The load run's reference: the same served pages captured (jsdom) and ingested one
 * after another in Node, with no concurrency at all. A name the resolver splits on
 * purpose (a homonym whose co-mentions disagree, e.g. "Chicago" the city and the team) is
 * split here too; only groups the browser run has more of are duplicates from a race.
 *
 * @example
 *   const reference = await sequentialNameGroups(files, 300); // { 'location|n:chicago': 2, … }
 */
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { createIngest } from '../../src/background/ingest';
import { fixedClock, sequentialIds } from '../../src/core/graph/ids';
import { InMemoryGraphStore } from '../../src/core/graph/memory-store';
import { GraphService } from '../../src/core/graph/service';
import { defaultSettings } from '../../src/core/settings';
import { capturePage } from '../../src/extract/capture-page';

/** Entities read per page of the in-memory store's listing. */
const LIST_PAGE = 500;

/** `type|n:<name key>` → how many entities share it, for groups of two or more. */
export async function sequentialNameGroups(files: readonly string[], count: number): Promise<Map<string, number>> {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const ingest = createIngest({ graph, store, clock, ids, settings: async () => defaultSettings() });
  const virtualConsole = new VirtualConsole();
  for (let i = 0; i < count; i++) {
    const file = files[i % files.length];
    if (file === undefined) continue;
    // The served URL's shape, so page-derived context (site, path) matches the browser run's.
    const url = `http://127.0.0.1/p/${i}.html`;
    const dom = new JSDOM(readFileSync(file, 'utf8'), { url, virtualConsole });
    const capture = capturePage(dom.window.document, url, { now: 1_000 + i, timeBudgetMs: 60_000 });
    dom.window.close();
    await ingest(capture);
  }
  return nameGroups(store);
}

async function nameGroups(store: InMemoryGraphStore): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let after: string | undefined;
  for (;;) {
    const batch = await store.listEntities(after === undefined ? { limit: LIST_PAGE } : { limit: LIST_PAGE, after });
    for (const e of batch) {
      const nameKey = e.keys.find((k) => k.startsWith('n:'));
      if (nameKey !== undefined) sizes.set(`${e.type}|${nameKey}`, (sizes.get(`${e.type}|${nameKey}`) ?? 0) + 1);
    }
    after = batch.at(-1)?.id;
    if (batch.length < LIST_PAGE || after === undefined) break;
  }
  return new Map([...sizes].filter(([, n]) => n > 1));
}
