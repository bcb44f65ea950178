/**
 * The tools the background serves, as `docs/tools.md` lists them: what the side panel,
 * the query loop's LLM and MCP agents call through the workspace router — the graph
 * tools of `createAppRegistry` (`resolve` and `resolve_reference_target` included),
 * each with its optional `workspace` argument, and the `workspace_*` tools — built over
 * an empty in-memory graph and workspace list, since documenting reads only the tools'
 * declarations.
 *
 * @example
 *   renderToolsDoc(servedTools()) // the text of docs/tools.md
 */
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { ReferenceRegistry } from '../reference/registry';
import { createResolver } from '../resolve/resolver';
import { NameIndex } from '../search/name-index';
import { InMemoryWorkspaceStore } from '../workspace/memory-workspace-store';
import { createWorkspaceToolRegistry } from '../workspace/tools/index';
import { sequentialWorkspaceIds } from '../workspace/workspace';
import { WorkspaceRegistry } from '../workspace/workspace-registry';
import { WorkspaceToolRouter } from '../workspace/workspace-tool-router';
import { createAppRegistry } from './app-registry';
import type { ResolvedTool } from './tool';

const notForDocs = (): Promise<never> => Promise.reject(new Error('documentation only: no workspace graph is opened'));

export function servedTools(): readonly ResolvedTool<unknown, unknown, unknown>[] {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const tools = createAppRegistry({ graph, store, search: new NameIndex(), clock, resolver, references: new ReferenceRegistry({ clock }) });
  const workspaces = new WorkspaceRegistry({ store: new InMemoryWorkspaceStore(), clock, newId: sequentialWorkspaceIds() });
  const management = createWorkspaceToolRegistry({
    workspaces,
    dropGraph: notForDocs,
    searchIn: notForDocs,
    readerOf: notForDocs,
    importInto: notForDocs,
  });
  return new WorkspaceToolRouter<ResolvedTool>({ workspaces, toolsOf: async () => tools, management, catalog: tools }).list();
}
