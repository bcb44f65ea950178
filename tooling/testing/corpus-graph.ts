/**
 * Test support: a graph built from real pages of the shared corpus through the
 * extension's path (jsdom `capturePage` → the background's `createIngest`: analysis with
 * the page recognizer, then the resolver and the graph service) into any GraphStore.
 * Page text is read from `../shared/corpus` at run time; none is copied here.
 *
 * @example
 *   const { graph } = await buildCorpusGraph(store, ['metascraper/qz/input.html'], { now });
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSDOM, VirtualConsole } from 'jsdom';
import { createIngest } from '../../src/background/ingest';
import { fixedClock, sequentialIds } from '../../src/core/graph/ids';
import type { Clock } from '../../src/core/graph/ids';
import { GraphService } from '../../src/core/graph/service';
import type { GraphStore } from '../../src/core/graph/store';
import { defaultSettings } from '../../src/core/settings';
import { capturePage } from '../../src/extract/page/capture-page';

/** The shared corpus pages folder, next to the repository. */
export const CORPUS_PAGES = fileURLToPath(new URL('../../../shared/corpus/pages/', import.meta.url));
export const corpusPresent = existsSync(CORPUS_PAGES);

/** The URL a corpus page is captured at: `metascraper/qz/input.html` → `https://qz.example/article`. */
export function corpusPageUrl(file: string): string {
  return `https://${file.split('/')[1] ?? 'page'}.example/article`;
}

export interface CorpusGraph {
  readonly graph: GraphService;
  readonly clock: Clock;
}

/** Captures and ingests each page in turn, a minute apart, the last one a minute before `now`. */
export async function buildCorpusGraph(
  store: GraphStore,
  files: readonly string[],
  options: { readonly now: number },
): Promise<CorpusGraph> {
  const clock = fixedClock(options.now);
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const settings = defaultSettings();
  const ingest = createIngest({ graph, store, clock, ids, settings: async () => settings });
  for (const [i, file] of files.entries()) {
    const url = corpusPageUrl(file);
    const dom = new JSDOM(readFileSync(`${CORPUS_PAGES}${file}`, 'utf8'), { url, virtualConsole: new VirtualConsole() });
    // A generous budget: the tests are about what is read, not this machine's load.
    const capture = capturePage(dom.window.document, url, { now: options.now - 60_000 * (files.length - i), timeBudgetMs: 60_000 });
    dom.window.close();
    await ingest(capture);
  }
  return { graph, clock };
}
