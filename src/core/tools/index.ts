/**
 * The graph tools, registered: `createRegistry(deps)` is what the background,
 * the query loop and the MCP bridge call tools through.
 *
 * @example
 *   const registry = createRegistry({ graph, store, search });
 *   await registry.call('entity_search', { query: 'stri' }, { caller: { kind: 'extension' } });
 */
import type { GraphToolDeps } from './deps';
import { entityAdd } from './definitions/entity-add';
import { bulkUndo, entityBulk } from './definitions/entity-bulk';
import { entityDelete } from './definitions/entity-delete';
import { entityFindRelated } from './definitions/entity-find-related';
import { entityGet } from './definitions/entity-get';
import { entityList } from './definitions/entity-list';
import { entityMerge } from './definitions/entity-merge';
import { entityQuery } from './definitions/entity-query';
import { entityRelate } from './definitions/entity-relate';
import { entitySearch } from './definitions/entity-search';
import { entityUnmerge } from './definitions/entity-unmerge';
import { entityUpdate } from './definitions/entity-update';
import { entityVisualize } from './definitions/entity-visualize';
import { graphStats } from './definitions/graph-stats';
import { mergeHistory } from './definitions/merge-history';
import { entityUnrelate } from './definitions/entity-unrelate';
import { graphClear } from './definitions/graph-clear';
import { graphImport } from './definitions/graph-import';
import { graphImportSession } from './definitions/graph-import-session';
import { pageDelete } from './definitions/page-delete';
import { pageReread } from './definitions/page-reread';
import { reviewDecide } from './definitions/review-decide';
import { reviewList } from './definitions/review-list';
import type { ApprovalHook } from './registry';
import { ToolRegistry } from './registry';
import type { Tool } from './tool';

export type { GraphToolDeps } from './deps';
export { ToolRegistry, defineTool } from './registry';
export type { ApprovalHook, CallOptions, CallResult, FunctionTool } from './registry';

/**
 * Every graph tool, each with its precise type (its literal name, its schemas' types):
 * `catalog.ts` types calls by name from this list. First the seven core graph
 * operations (add, relate, query, merge, search, related, visualize), then what the
 * side panel needs beside them.
 */
export const graphTools = [
  entityAdd,
  entityRelate,
  entityQuery,
  entityMerge,
  entitySearch,
  entityFindRelated,
  entityVisualize,
  entityUnmerge,
  entityGet,
  entityUpdate,
  entityDelete,
  entityList,
  graphStats,
  mergeHistory,
  entityUnrelate,
  reviewList,
  reviewDecide,
  graphClear,
  graphImport,
  graphImportSession,
  pageDelete,
  pageReread,
  entityBulk,
  bulkUndo,
] as const;
const registered: readonly Tool<unknown, unknown, GraphToolDeps>[] = graphTools;

export interface CreateRegistryOptions {
  readonly approve?: ApprovalHook;
  readonly warn?: (message: string) => void;
}

/**
 * A registry with every graph tool registered. Writing tools run under the graph
 * service's single writer (`GraphService.exclusive`) and write through the graph it
 * hands them, so a tool's find-or-create cannot race another write.
 */
export function createRegistry<D extends GraphToolDeps>(deps: D, options: CreateRegistryOptions = {}): ToolRegistry<D> {
  const registry = new ToolRegistry<D>({
    deps,
    exclusive: (run, atomic) => deps.graph.exclusive((graph) => run({ ...deps, graph }), atomic),
    ...options,
  });
  for (const tool of registered) registry.register(tool);
  return registry;
}
