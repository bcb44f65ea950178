/**
 * The background's side of re-reading stored pages: a `RereadRunner` per workspace graph,
 * analysing with the recognizer captures use (`createPageRecognizer`) and the current
 * `ANALYZER_VERSION`, resolving against the local graph only; and the store-wide bound on
 * kept sentences, applied a little after captures (`withSentenceBudget`).
 *
 * @example
 *   const rereader = createRereader({ graph, store, clock, ids, settings: readSettings });
 *   await createToolRegistry({ graph, store, rereader }); // serves `page_reread`
 */
import type { PageCapture } from '../core/capture';
import type { Clock, IdSource } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import type { IngestResult } from '../core/ingest/ingest';
import type { RereadDeps } from '../core/ingest/reread';
import { RereadRunner } from '../core/ingest/reread-runner';
import { MB, trimSentenceStore } from '../core/ingest/reread-sentence-budget';
import { createResolver } from '../core/resolve/resolver';
import type { Settings } from '../core/settings';
import { analyzeCaptureAsync } from '../extract/analysis/analyze';
import { ANALYZER_VERSION } from '../extract/analysis/analyzer-version';
import type { EntityRecognizer } from '../extract/mentions/recognizer';
import { createPageRecognizer } from './ingest';

export interface RereadSources {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly settings: () => Promise<Settings>;
  /** Records each page re-read in its write turn (team sync). */
  readonly recorder?: RereadDeps['recorder'];
}

export function createRereader(deps: RereadSources): RereadRunner {
  let recognizer: EntityRecognizer | undefined;
  return new RereadRunner({
    service: deps.graph,
    store: deps.store,
    clock: deps.clock,
    ids: deps.ids,
    // Network look-ups stay off, as for captures.
    resolver: createResolver({ store: deps.store, clock: deps.clock, settings: { networkLookups: false } }),
    analyzerVersion: ANALYZER_VERSION,
    ...(deps.recorder === undefined ? {} : { recorder: deps.recorder }),
    analyze: async (capture: PageCapture) => {
      // Decoded on the first re-read, as on the first capture.
      recognizer ??= createPageRecognizer();
      const settings = await deps.settings();
      return analyzeCaptureAsync(capture, { recognizer, maxEntities: settings.capture.maxEntitiesPerPage });
    },
  });
}

/**
 * Waited after a capture before the store-wide sentence bound is checked: a burst of
 * captures (a restored session) is checked once, and the check (reading every page
 * record) never runs in the capture's own turn.
 */
export const SENTENCE_BUDGET_DELAY_MS = 30_000;

/** `ingest`, followed (once per burst) by dropping the oldest pages' sentences past the setting's bound. */
export function withSentenceBudget(
  ingest: (capture: PageCapture) => Promise<IngestResult>,
  deps: { readonly graph: GraphService; readonly settings: () => Promise<Settings> },
): (capture: PageCapture) => Promise<IngestResult> {
  let scheduled = false;
  const trim = async () => {
    scheduled = false;
    const settings = await deps.settings();
    await trimSentenceStore(deps.graph, settings.capture.sentenceStoreMb * MB);
  };
  return async (capture) => {
    const result = await ingest(capture);
    if (!scheduled) {
      scheduled = true;
      setTimeout(
        () => void trim().catch((e: unknown) => console.warn(`Ariadne: the sentence bound was not applied: ${String(e)}`)),
        SENTENCE_BUDGET_DELAY_MS,
      );
    }
    return result;
  };
}
