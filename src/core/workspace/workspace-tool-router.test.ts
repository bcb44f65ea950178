import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools';
import { inputJsonSchema } from '../tools/registry';
import type { ResolvedTool } from '../tools/tool';
import { InMemoryWorkspaceStore } from './memory-workspace-store';
import { createWorkspaceToolRegistry } from './tools';
import { sequentialWorkspaceIds } from './workspace';
import { WorkspaceRegistry } from './workspace-registry';
import { takeWorkspaceArgument, WorkspaceToolRouter } from './workspace-tool-router';

/** A dependency these tests never reach. */
const unused = (): Promise<never> => Promise.reject(new Error('not used in this test'));
async function router() {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const tools = createRegistry({ graph, store, search: await NameIndex.load(store) });
  const workspaces = new WorkspaceRegistry({ store: new InMemoryWorkspaceStore(), clock: fixedClock(), newId: sequentialWorkspaceIds() });
  const management = createWorkspaceToolRegistry({
    workspaces,
    dropGraph: async () => undefined,
    searchIn: async () => [],
    readerOf: unused,
    importInto: unused,
  });
  return new WorkspaceToolRouter<ResolvedTool>({ workspaces, toolsOf: async () => tools, management, catalog: tools });
}

describe('WorkspaceToolRouter listing', () => {
  it('lists the workspace tools and the graph tools, sorted, every graph tool taking an optional workspace', async () => {
    const r = await router();
    const names = r.list().map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining([
        'entity_search',
        'entity_query',
        'workspace_list',
        'workspace_create',
        'workspace_delete',
        'workspace_search',
      ]),
    );
    for (const tool of r.list().filter((t) => !t.name.startsWith('workspace_'))) {
      const schema = inputJsonSchema(tool) as { properties?: Record<string, { type?: string }>; required?: string[] };
      expect(schema.properties?.['workspace']?.type, tool.name).toBe('string');
      expect(schema.required ?? [], tool.name).not.toContain('workspace');
    }
    const named = (name: string): ResolvedTool => {
      const tool = r.get(name);
      if (tool === undefined) throw new Error(`${name} is not listed`);
      return tool;
    };
    expect(JSON.stringify(inputJsonSchema(named('entity_query')))).toContain("query's world");
    // A workspace tool's own `workspace` is its target, required where it acts on one.
    expect((inputJsonSchema(named('workspace_switch')) as { required?: string[] }).required).toContain('workspace');
  });
});

describe('takeWorkspaceArgument', () => {
  it('takes workspace out and keeps every other key, __proto__ included', () => {
    const raw = JSON.parse('{"query":"x","__proto__":"p","workspace":"Thesis"}');
    const { ref, args } = takeWorkspaceArgument('entity_search', raw);
    expect(ref).toBe('Thesis');
    expect(Object.keys(args as object)).toEqual(['query', '__proto__']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
  });

  it('leaves arguments without workspace as they are, and refuses a bad one', () => {
    const raw = { query: 'x' };
    expect(takeWorkspaceArgument('entity_search', raw)).toEqual({ args: raw });
    expect(takeWorkspaceArgument('entity_search', undefined)).toEqual({ args: undefined });
    expect(takeWorkspaceArgument('entity_search', { query: 'x', workspace: undefined })).toEqual({ args: { query: 'x' } });
    expect(() => takeWorkspaceArgument('entity_search', { workspace: ['a'] })).toThrow(
      expect.objectContaining({ code: 'invalid_arguments' }),
    );
    expect(() => takeWorkspaceArgument('entity_search', { workspace: 'x'.repeat(201) })).toThrow(
      expect.objectContaining({ code: 'invalid_arguments' }),
    );
  });
});
