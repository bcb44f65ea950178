/**
 * What the graph tools run against: the graph service (the only writer), its
 * store for reads, the name index for search, and the question answerer behind
 * `entity_query` (replaceable: the query loop plugs in its own).
 */
import type { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import type { NameIndex } from '../search/name-index';
import type { QueryAnswer } from './query-answer';

export interface GraphToolDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly search: NameIndex;
  /** Answers `entity_query`; defaults to the built-in symbolic matcher. */
  readonly answerQuestion?: (question: string, deps: GraphToolDeps) => Promise<QueryAnswer>;
}
