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
import { capturePage } from '../../src/extract/page/capture-page';
import type { Entity } from '../../src/core/graph/types';

/** Entities read per page of the in-memory store's listing. */
const LIST_PAGE = 500;

/** `type|n:<name key>` → how many entities share it, for groups of two or more. */
export async function sequentialNameGroups(files: readonly string[], count: number): Promise<Map<string, number>> {
  return (await sequentialReplay(files, count)).groups;
}

/** The replay's same-name groups and every entity it made (for `bench/resolve-pages.ts`). */
export async function sequentialReplay(
  files: readonly string[],
  count: number,
): Promise<{ groups: Map<string, number>; entities: Entity[] }> {
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
  const entities = await allEntities(store);
  return { groups: nameGroups(entities), entities };
}

async function allEntities(store: InMemoryGraphStore): Promise<Entity[]> {
  const out: Entity[] = [];
  let after: string | undefined;
  for (;;) {
    const batch = await store.listEntities(after === undefined ? { limit: LIST_PAGE } : { limit: LIST_PAGE, after });
    out.push(...batch);
    after = batch.at(-1)?.id;
    if (batch.length < LIST_PAGE || after === undefined) break;
  }
  return out;
}

function nameGroups(entities: readonly Entity[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const e of entities) {
    const nameKey = e.keys.find((k) => k.startsWith('n:'));
    if (nameKey !== undefined) sizes.set(`${e.type}|${nameKey}`, (sizes.get(`${e.type}|${nameKey}`) ?? 0) + 1);
  }
  return new Map([...sizes].filter(([, n]) => n > 1));
}
