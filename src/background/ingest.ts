/**
 * One capture → graph writes, as the background's capture queue runs it:
 * text analysis (recognizer + structured data + salience, `analyzeCaptureAsync`: in slices,
 * within a time budget), then
 * ingestion through the resolver (`ingestCapture`: match, create, or queue for review).
 *
 * @example
 *   const ingest = createIngest({ graph, store, clock, ids, settings: readSettings });
 *   const { entityIds } = await ingest(capture); // the page's entities (for the badge)
 */
import type { PageCapture } from '../core/capture';
import type { Clock, IdSource } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import type { Settings } from '../core/settings';
import type { IngestResult } from '../core/ingest/ingest';
import { ingestCapture } from '../core/ingest/ingest';
import { createResolver } from '../core/resolve/resolver';
import { ANALYSIS_BUDGET_MS, analysisStopped, analyzeCaptureAsync } from '../extract/analysis/analyze';
import { ANALYZER_VERSION } from '../extract/analysis/analyzer-version';
import { citePdfPages } from '../extract/pdf/cite-pages';
import { createTrainedRecognizer } from '../extract/ner';
import type { EntityRecognizer } from '../extract/mentions/recognizer';
import { createRuleRecognizer } from '../extract/rules/rule-recognizer';
import { withWebNames } from '../extract/mentions/web-names';
import { NO_RULES_OFF, RULE_FAMILIES, type RuleId, type RulesOff } from '../extract/rules/registry';
import { isReread } from '../messaging/capture-reread';

export interface IngestDeps {
  /** The user's current settings: entities kept per page, auto-accept threshold. */
  readonly settings: () => Promise<Settings>;
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  /** Rule families switched off (`extract/rules/registry.ts`): for `npm run eval:ablate`, never set in the extension. */
  readonly rulesOff?: RulesOff;
}

/**
 * The rule families the page recognizer reads when it is built: the registry's
 * `recognition` stage (the others are the analysis'), so a new one is read where it is declared.
 */
export const RECOGNIZER_RULES: readonly RuleId[] = RULE_FAMILIES.filter((f) => f.stage === 'recognition').map((f) => f.id);

/**
 * The recognizer captures are analysed with (the trained model, else the rules), as
 * the adversarial tests and `bench:hostile` also use it.
 */
export function createPageRecognizer(rulesOff: RulesOff = NO_RULES_OFF): EntityRecognizer {
  const trained = createTrainedRecognizer() ?? createRuleRecognizer();
  return rulesOff.has('web-names')
    ? trained
    : withWebNames(trained, createRuleRecognizer(), { shapedFallback: !rulesOff.has('shaped-fallback') });
}

export function createIngest(deps: IngestDeps): (capture: PageCapture) => Promise<IngestResult> {
  // Network look-ups stay off: captures are resolved against the local graph only.
  const resolver = createResolver({ store: deps.store, clock: deps.clock, settings: { networkLookups: false } });
  let recognizer: EntityRecognizer | undefined;
  return async (capture) => {
    // The model is decoded on the first capture, not when the worker wakes for a message.
    recognizer ??= createPageRecognizer(deps.rulesOff);
    const settings = await deps.settings();
    // Sliced and time-boxed (ANALYSIS_BUDGET_MS): the worker answers the side panel between
    // slices, and a page built to be slow is stored with what was found in the budget.
    // A re-read of a page the budget cut (reread-when-idle.ts) runs when the worker is idle: it may take longer.
    const read = await analyzeCaptureAsync(capture, {
      recognizer,
      ...(isReread(capture) ? { budgetMs: ANALYSIS_BUDGET_MS * REREAD_BUDGET_FACTOR } : {}),
      maxEntities: settings.capture.maxEntitiesPerPage,
      ...(deps.rulesOff === undefined ? {} : { rulesOff: deps.rulesOff }),
    });
    // A PDF's evidence cites the page each sentence is on.
    const analysis = capture.pdf === undefined ? read : citePdfPages(read, capture.text, capture.pdf.pageStarts);
    const result = await ingestCapture(
      analysis,
      {
        service: deps.graph,
        resolver,
        store: deps.store,
        clock: deps.clock,
        ids: deps.ids,
        settings: { autoAcceptThreshold: settings.resolver.autoAcceptThreshold, keepSentences: settings.capture.keepSentences },
      },
      { capturedAt: capture.capturedAt, analyzerVersion: ANALYZER_VERSION },
    );
    return analysisStopped(read.notes) ? { ...result, analysisCut: true } : result;
  };
}

/** A re-read's analysis budget, in multiples of a capture's (`ANALYSIS_BUDGET_MS`). */
export const REREAD_BUDGET_FACTOR = 3;
