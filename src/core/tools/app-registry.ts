/**
 * Every tool Ariadne serves: the graph tools of `createRegistry` plus the resolver
 * (`resolve`: which entity a name refers to) and reference resolution
 * (`resolve_reference_target`: which object of the conversation "this" or "that
 * answer" means), over one set of dependencies. The background builds it once; the
 * side panel, the MCP bridge and the query loop's LLM all call through it, and
 * `docs/tools.md` is generated from it.
 *
 * @example
 *   const registry = createAppRegistry({ graph, store, search, resolver, references });
 *   await registry.call('resolve', { subject: 'Stripe, Inc.' }, { caller: { kind: 'extension' } });
 */
import type { ReferenceToolDeps } from './definitions/resolve-reference-target';
import { resolveReferenceTargetTool } from './definitions/resolve-reference-target';
import type { ResolveToolDeps } from './definitions/resolve';
import { resolveTool } from './definitions/resolve';
import type { TeamToolDeps } from './definitions/team-reads';
import { teamFindRelated, teamSearch } from './definitions/team-reads';
import type { GraphToolDeps } from './deps';
import type { CreateRegistryOptions } from './index';
import { createRegistry, graphTools } from './index';
import type { ToolRegistry } from './registry';

export type AppToolDeps = GraphToolDeps & ResolveToolDeps & ReferenceToolDeps & TeamToolDeps;

/** Every tool the background serves, each with its precise type (read by `catalog.ts`). */
export const appTools = [...graphTools, resolveTool, resolveReferenceTargetTool, teamSearch, teamFindRelated] as const;

export function createAppRegistry(deps: AppToolDeps, options: CreateRegistryOptions = {}): ToolRegistry<AppToolDeps> {
  const registry = createRegistry(deps, options);
  registry.register(resolveTool);
  registry.register(resolveReferenceTargetTool);
  registry.register(teamSearch);
  registry.register(teamFindRelated);
  return registry;
}
