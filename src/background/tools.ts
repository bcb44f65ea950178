/**
 * Builds the background's tool registry: every graph operation as a named tool,
 * served to extension pages through `tool.call`. The name index behind
 * `entity_search` is loaded from the store once, inside the single writer (so no
 * write slips between loading and following the graph's changes).
 *
 * @example
 *   const registry = await createToolRegistry({ graph, store }, writer);
 *   await registry.call('entity_search', { query: 'stri' }, { caller: { kind: 'extension' } });
 */
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import { NameIndex } from '../core/search/name-index';
import type { GraphToolDeps } from '../core/tools/deps';
import { entityAdd } from '../core/tools/definitions/entity-add';
import { entityFindRelated } from '../core/tools/definitions/entity-find-related';
import { entityMerge } from '../core/tools/definitions/entity-merge';
import { entityQuery } from '../core/tools/definitions/entity-query';
import { entityRelate } from '../core/tools/definitions/entity-relate';
import { entitySearch } from '../core/tools/definitions/entity-search';
import { entityUnmerge } from '../core/tools/definitions/entity-unmerge';
import { entityVisualize } from '../core/tools/definitions/entity-visualize';
import { ToolRegistry } from '../core/tools/registry';
import type { SerialWriter } from './serial-writer';

export interface ToolSources {
  readonly graph: GraphService;
  readonly store: GraphStore;
}

export async function createToolRegistry({ graph, store }: ToolSources, writer: SerialWriter): Promise<ToolRegistry<GraphToolDeps>> {
  const search = await writer.run(async () => {
    const index = await NameIndex.load(store);
    index.attach(graph);
    return index;
  });
  const registry = new ToolRegistry<GraphToolDeps>({
    deps: { graph, store, search },
    warn: (message) => console.warn(`Ariadne tools: ${message}`),
  });
  registry.register(entityAdd);
  registry.register(entityRelate);
  registry.register(entityQuery);
  registry.register(entityMerge);
  registry.register(entityUnmerge);
  registry.register(entitySearch);
  registry.register(entityFindRelated);
  registry.register(entityVisualize);
  return registry;
}
