/**
 * The bound on the sentence text of all pages together (the capture setting
 * `sentenceStoreMb`, default `DEFAULT_SENTENCE_STORE_MB`): past it, the sentences of the
 * oldest pages are dropped first (the pages, their entities and evidence stay; they can no
 * longer be answered from or re-read until captured again). Run after captures.
 *
 * @example
 *   await trimSentenceStore(graph, 50 * MB) // { pagesTrimmed: 3, bytesKept: 49_998_120 }
 */
import type { GraphService } from '../graph/service';
import { sentenceBytes } from '../graph/page-sentences';
import type { Page } from '../graph/types';

/** One megabyte, as the setting counts it. */
export const MB = 1_000_000;
/** Pages looked at: more than any profile keeps sentences for within the largest setting. */
const MAX_PAGES_SCANNED = 100_000;

export interface SentenceTrim {
  readonly pagesTrimmed: number;
  readonly bytesKept: number;
}

/** Drops the sentences of the oldest pages until the rest fit in `maxBytes`; one atomic write turn. */
export async function trimSentenceStore(graph: GraphService, maxBytes: number): Promise<SentenceTrim> {
  return graph.exclusive(
    async (g) => {
      // Newest first: the newest pages keep their sentences.
      const pages = await g.store.listPages({ limit: MAX_PAGES_SCANNED });
      let kept = 0;
      let trimmed = 0;
      let full = false;
      for (const page of pages) {
        const bytes = sentenceBytes(page.sentences);
        if (bytes === 0) continue;
        // Once one page does not fit, every older one goes too (a small old page does not outlive a large newer one).
        if (!full && kept + bytes <= maxBytes) {
          kept += bytes;
          continue;
        }
        full = true;
        await g.store.putPage(withoutSentences(page));
        trimmed++;
      }
      return { pagesTrimmed: trimmed, bytesKept: kept };
    },
    { atomic: true },
  );
}

function withoutSentences(page: Page): Page {
  const { sentences: _dropped, ...rest } = page;
  return rest;
}
