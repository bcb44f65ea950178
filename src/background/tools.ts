/**
 * Builds the background's tool registry: every graph operation as a named tool
 * (`createRegistry`: the seven tools of seed 003 and those the side panel needs),
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
import type { GraphToolDeps, ToolRegistry } from '../core/tools';
import { createRegistry } from '../core/tools';
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
  return createRegistry({ graph, store, search }, { warn: (message) => console.warn(`Ariadne tools: ${message}`) });
}
