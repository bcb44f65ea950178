/**
 * Builds the background's tool registry: every graph operation, as a named tool,
 * served to the side panel through `tool.call`.
 */
import type { Clock } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import { ToolRegistry } from '../core/tools/registry';

export interface ToolDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly clock: Clock;
}

export function createToolRegistry(deps: ToolDeps): ToolRegistry<ToolDeps> {
  const registry = new ToolRegistry<ToolDeps>({ deps, warn: (message) => console.warn(`Ariadne tools: ${message}`) });
  return registry;
}
