/**
 * What the graph tools run against: the graph service (the only writer), its
 * store for reads, the name index for search, and the query loop behind
 * `entity_query` (the background injects one with the user's LLM settings; the
 * default is the offline symbolic answerer).
 */
import type { ImportJournal } from '../export/import-journal';
import type { Clock } from '../graph/ids';
import type { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { PageRereader } from '../ingest/reread-runner';
import type { QueryEngine } from '../query/query-engine';
import type { NameIndex } from '../search/name-index';

export interface GraphToolDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly search: NameIndex;
  /** Answers `entity_query`; built on demand (symbolic, offline) when absent. */
  readonly queryEngine?: QueryEngine;
  /** Time for query history and "today"; the system clock when absent. */
  readonly clock?: Clock;
  /** Re-reads stored pages with the current analyzer (`page_reread`); the background injects one, absent elsewhere. */
  readonly rereader?: PageRereader;
  /** Where an import in parts journals its parts (`graph_import_session`); in memory beside the store when absent. */
  readonly importJournal?: ImportJournal;
}
