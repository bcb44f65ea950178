/**
 * Every tool Ariadne serves: the graph tools of `createRegistry` plus the resolver
 * (`resolve`, seed 000) and reference resolution (`resolve_reference_target`, seed
 * 002), over one set of dependencies. The background builds it once; the side
 * panel, the MCP bridge and the query loop's LLM all call through it.
 *
 * @example
 *   const registry = createAppRegistry({ graph, store, search, resolver, references });
 *   await registry.call('resolve', { subject: 'Stripe, Inc.' }, { caller: { kind: 'extension' } });
 */
import type { ReferenceToolDeps } from '../reference/reference-tool';
import { resolveReferenceTargetTool } from '../reference/reference-tool';
import type { ResolveToolDeps } from '../resolve/resolve-tool';
import { resolveTool } from '../resolve/resolve-tool';
import type { GraphToolDeps } from './deps';
import type { CreateRegistryOptions } from './index';
import { createRegistry } from './index';
import type { ToolRegistry } from './registry';

export type AppToolDeps = GraphToolDeps & ResolveToolDeps & ReferenceToolDeps;

export function createAppRegistry(deps: AppToolDeps, options: CreateRegistryOptions = {}): ToolRegistry<AppToolDeps> {
  const registry = createRegistry(deps, options);
  registry.register(resolveTool);
  registry.register(resolveReferenceTargetTool);
  return registry;
}
