/**
 * The workspace isolation contract: one factory of vitest tests run on both store
 * kinds (in memory, and Dexie on fake-indexeddb). Two workspaces of one registry, each
 * with its own graph service, search index and tool registry behind one
 * `WorkspaceToolRouter`, never see each other: a capture ingested into one, or a tool
 * call aimed at one, leaves the other exactly as it was; search, the resolver and the
 * query loop answer from their own workspace only; deleting one keeps the other whole.
 *
 * @example
 *   workspaceIsolationContract('in memory', () => memoryEnvironment());
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { CaptureAnalysis } from '../capture';
import { fixedClock, sequentialIds } from '../graph/ids';
import { GraphService } from '../graph/service';
import type { GraphStore } from '../graph/store';
import { ingestCapture } from '../ingest/ingest';
import { ReferenceRegistry } from '../reference/registry';
import { createResolver } from '../resolve/resolver';
import { NameIndex } from '../search/name-index';
import { createAppRegistry } from '../tools/app-registry';
import { graphImport } from '../tools/definitions/graph-import';
import type { ResolvedTool } from '../tools/tool';
import { OpenWorkspaces } from './open-workspaces';
import { createWorkspaceToolRegistry } from './tools';
import { sequentialWorkspaceIds } from './workspace';
import type { Workspace } from './workspace';
import { WorkspaceRegistry } from './workspace-registry';
import type { WorkspaceStore } from './workspace-store';
import { WorkspaceToolRouter } from './workspace-tool-router';

/** Where one test's workspaces keep their graphs. */
export interface IsolationEnvironment {
  readonly workspaceStore: WorkspaceStore;
  /** The stored graph of `workspace` (the same one each time until dropped). */
  openGraphStore(workspace: Workspace): GraphStore | Promise<GraphStore>;
  closeGraphStore(store: GraphStore): void;
  dropGraphStore(workspace: Workspace): Promise<void>;
}

const caller = { caller: { kind: 'test' as const } };

function stripePage(url: string): CaptureAnalysis {
  const mention = (name: string, type: 'company' | 'person') => ({
    name,
    type,
    aliases: [],
    attributes: {},
    salience: 0.8,
    mentions: 2,
    snippet: `${name} is on this page.`,
    origin: 'text' as const,
  });
  return {
    url,
    title: 'Stripe',
    entities: [mention('Stripe', 'company'), mention('Patrick Collison', 'person')],
    relations: [
      { from: 'Stripe', to: 'Patrick Collison', label: 'founded_by', snippet: 'Stripe was founded by Patrick Collison.', origin: 'text' },
    ],
    notes: [],
    analyzeMs: 1,
  };
}

export function workspaceIsolationContract(
  name: string,
  makeEnvironment: () => IsolationEnvironment | Promise<IsolationEnvironment>,
): void {
  describe(`Workspace isolation: ${name}`, () => {
    const clock = fixedClock();
    let registry: WorkspaceRegistry;
    let open: OpenWorkspaces<Awaited<ReturnType<typeof openGraph>>>;
    let router: WorkspaceToolRouter<ResolvedTool>;
    let a: Workspace;
    let b: Workspace;
    let workspaceStore: WorkspaceStore;

    async function openGraph(env: IsolationEnvironment, workspace: Workspace) {
      const store = await env.openGraphStore(workspace);
      const ids = sequentialIds();
      const graph = new GraphService({ store, ids, clock });
      const search = await NameIndex.load(store);
      search.attach(graph);
      const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
      const tools = createAppRegistry({ graph, store, search, clock, resolver, references: new ReferenceRegistry({ clock }) });
      return { store, graph, resolver, ids, tools };
    }
    const graphOf = async (w: Workspace) => open.get(w);
    const countsOf = async (w: Workspace) => (await graphOf(w)).store.counts();

    beforeEach(async () => {
      const env = await makeEnvironment();
      workspaceStore = env.workspaceStore;
      registry = new WorkspaceRegistry({ store: env.workspaceStore, clock, newId: sequentialWorkspaceIds() });
      open = new OpenWorkspaces({
        open: (w) => openGraph(env, w),
        close: (g) => env.closeGraphStore(g.store),
        drop: (w) => env.dropGraphStore(w),
      });
      const management = createWorkspaceToolRegistry({
        workspaces: registry,
        dropGraph: (w) => open.drop(w),
        searchIn: async (w, input) => {
          const out = await (await graphOf(w)).tools.call('entity_search', input, caller);
          return (out as { results: { name: string; entity_type: 'company'; score: number; id: string }[] }).results;
        },
        readerOf: async (w) => (await graphOf(w)).store,
        importInto: async (w, records) =>
          graphImport.outputSchema.parse(await (await graphOf(w)).tools.call('graph_import', { mode: 'merge', records }, caller)),
      });
      const catalog = (await graphOf(await registry.active())).tools;
      router = new WorkspaceToolRouter<ResolvedTool>({
        workspaces: registry,
        toolsOf: async (w) => (await graphOf(w)).tools,
        management,
        catalog,
      });
      a = await registry.create('Market scan');
      b = await registry.create('Thesis');
    });

    it('a capture ingested into one workspace leaves the other unchanged', async () => {
      const ga = await graphOf(a);
      const bBefore = await countsOf(b);
      const out = await ingestCapture(
        stripePage('https://example.test/stripe'),
        { service: ga.graph, resolver: ga.resolver, store: ga.store, clock, ids: ga.ids },
        { capturedAt: clock.now() },
      );
      expect(out.created).toBe(2);
      expect(await countsOf(a)).toMatchObject({ entities: 2, relationships: 1, pages: 1 });
      expect(await countsOf(b)).toEqual(bBefore);
      expect(await (await graphOf(b)).store.getPage('https://example.test/stripe')).toBeUndefined();
    });

    it('tool calls go to the workspace named (by name or id), else the active one, and see only it', async () => {
      await router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: 'market SCAN' }, caller);
      await router.call('entity_add', { name: 'Rust', entity_type: 'technology', workspace: b.id }, caller);
      const search = async (query: string, workspace?: string) =>
        (
          (await router.call('entity_search', { query, ...(workspace === undefined ? {} : { workspace }) }, caller)) as {
            results: { name: string }[];
          }
        ).results.map((r) => r.name);
      expect(await search('Stripe', 'Market scan')).toEqual(['Stripe']);
      expect(await search('Stripe', 'Thesis')).toEqual([]);
      expect(await search('Rust', 'Thesis')).toEqual(['Rust']);
      expect(await search('Stripe')).toEqual([]); // Default is active
      await router.call('workspace_switch', { workspace: 'Market scan' }, caller);
      expect(await search('Stripe')).toEqual(['Stripe']);
      expect(await countsOf(b)).toMatchObject({ entities: 1 });
    });

    it('the resolver and the query loop never reach into another workspace', async () => {
      await router.call(
        'entity_add',
        { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010' }, workspace: 'Market scan' },
        caller,
      );
      const resolved = (await router.call('resolve', { subject: 'Stripe', workspace: 'Thesis' }, caller)) as { status: string };
      expect(resolved.status).toBe('not_found');
      expect(((await router.call('resolve', { subject: 'Stripe', workspace: 'Market scan' }, caller)) as { status: string }).status).toBe(
        'resolved',
      );
      const answer = async (workspace: string) =>
        (
          (await router.call('entity_query', { question: 'what do we know about Stripe?', workspace }, caller)) as {
            entities: { name: string }[];
          }
        ).entities.map((e) => e.name);
      expect(await answer('Market scan')).toContain('Stripe');
      expect(await answer('Thesis')).not.toContain('Stripe');
    });

    it('search across workspaces shows each hit with its workspace, joined nowhere', async () => {
      await router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: 'Market scan' }, caller);
      await router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: 'Thesis' }, caller);
      const out = (await router.call('workspace_search', { query: 'stripe' }, caller)) as {
        results: { name: string; workspace: { name: string } }[];
      };
      expect(out.results.map((r) => `${r.name} @ ${r.workspace.name}`)).toEqual(['Stripe @ Market scan', 'Stripe @ Thesis']);
      expect(await countsOf(a)).toMatchObject({ entities: 1 });
      expect(await countsOf(b)).toMatchObject({ entities: 1 });
    });

    it('deleting one workspace drops its graph and keeps the other whole', async () => {
      await router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: 'Market scan' }, caller);
      await router.call('entity_add', { name: 'Rust', entity_type: 'technology', workspace: 'Thesis' }, caller);
      await expect(router.call('workspace_delete', { workspace: 'Market scan' }, caller)).rejects.toMatchObject({
        code: 'invalid_arguments',
      });
      expect(await router.call('workspace_delete', { workspace: 'Market scan', confirm: true }, caller)).toEqual({
        deleted: { id: a.id, name: 'Market scan' },
      });
      await expect(router.call('entity_search', { query: 'Stripe', workspace: 'Market scan' }, caller)).rejects.toMatchObject({
        code: 'not_found',
      });
      expect(await countsOf(b)).toMatchObject({ entities: 1 });
      // Its storage is gone: opened again under the same id, it is empty.
      expect(await countsOf(a)).toMatchObject({ entities: 0, relationships: 0, pages: 0 });
    });

    it("copying a page into another workspace brings its entities, relationships and evidence, joined to the target's own, and leaves the source as it was", async () => {
      const ga = await graphOf(a);
      await ingestCapture(
        stripePage('https://example.test/stripe'),
        { service: ga.graph, resolver: ga.resolver, store: ga.store, clock, ids: ga.ids },
        { capturedAt: clock.now() },
      );
      await router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: 'Thesis' }, caller);
      const aBefore = await countsOf(a);
      const out = await router.call(
        'workspace_copy_page',
        { url: 'https://example.test/stripe', from: 'Market scan', to: 'thesis' },
        caller,
      );
      expect(out).toMatchObject({ from: 'Market scan', to: 'Thesis', relationships: { created: 1 } });
      expect(await countsOf(a)).toEqual(aBefore);
      // Stripe joined Thesis's own Stripe; Patrick Collison is new there.
      expect(await countsOf(b)).toMatchObject({ entities: 2, relationships: 1, pages: 1 });
      await expect(
        router.call('workspace_copy_page', { url: 'https://example.test/none', from: 'Market scan', to: 'Thesis' }, caller),
      ).rejects.toMatchObject({ code: 'not_found' });
      await expect(
        router.call('workspace_copy_page', { url: 'https://example.test/stripe', from: 'Thesis', to: 'Thesis' }, caller),
      ).rejects.toMatchObject({ code: 'invalid_arguments' });
    });

    it('an archived workspace is read, not written', async () => {
      await router.call('entity_add', { name: 'Rust', entity_type: 'technology', workspace: 'Thesis' }, caller);
      await router.call('workspace_archive', { workspace: 'Thesis' }, caller);
      await expect(router.call('entity_add', { name: 'Go', entity_type: 'technology', workspace: 'Thesis' }, caller)).rejects.toMatchObject(
        { code: 'conflict' },
      );
      const hits = (await router.call('entity_search', { query: 'Rust', workspace: 'thesis' }, caller)) as { results: unknown[] };
      expect(hits.results).toHaveLength(1);
    });

    it('a workspace name may not take the id form, in any case or compatibility form', async () => {
      for (const name of ['w_default', 'W_Default', ' w_000001 ', '\uff57_default', 'w_not-yet-an-id'])
        await expect(router.call('workspace_create', { name }, caller), name).rejects.toMatchObject({ code: 'invalid_arguments' });
      await expect(router.call('workspace_rename', { workspace: 'Thesis', name: a.id }, caller)).rejects.toMatchObject({
        code: 'invalid_arguments',
      });
      // Names that only start like an id are names.
      await router.call('workspace_create', { name: 'w_ draft' }, caller);
      await router.call('workspace_create', { name: 'w_x!' }, caller);
    });

    it("a reference that is one workspace's id and another's name is ambiguous, and writes nowhere", async () => {
      // A name in the id form, stored before such names were refused.
      const legacy = { ...b, name: 'W_Default' };
      await workspaceStore.put(legacy);
      const defaultBefore = await countsOf(await registry.active());
      const thesisBefore = await countsOf(b);
      for (const ref of ['w_default', 'W_DEFAULT', ' w_default ']) {
        await expect(
          router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: ref }, caller),
          ref,
        ).rejects.toMatchObject({ code: 'ambiguous' });
        await expect(router.call('workspace_switch', { workspace: ref }, caller), ref).rejects.toMatchObject({ code: 'ambiguous' });
      }
      expect(await countsOf(await registry.active())).toEqual(defaultBefore);
      expect(await countsOf(b)).toEqual(thesisBefore);
      // Its own id still reaches it, and it can be renamed out of the clash.
      await router.call('workspace_rename', { workspace: b.id, name: 'Thesis' }, caller);
      await router.call('entity_add', { name: 'Stripe', entity_type: 'company', workspace: 'w_default' }, caller);
      expect((await countsOf(await registry.active())).entities).toBe(defaultBefore.entities + 1);
      expect(await countsOf(b)).toEqual(thesisBefore);
    });

    it('a bad workspace argument is a clear error', async () => {
      await expect(router.call('entity_search', { query: 'x', workspace: 7 }, caller)).rejects.toMatchObject({ code: 'invalid_arguments' });
      await expect(router.call('entity_search', { query: 'x', workspace: '' }, caller)).rejects.toMatchObject({
        code: 'invalid_arguments',
      });
      await expect(router.call('entity_search', { query: 'x', workspace: 'Nowhere' }, caller)).rejects.toMatchObject({ code: 'not_found' });
      await expect(router.call('no_such_tool', {}, caller)).rejects.toMatchObject({ code: 'not_found' });
    });
  });
}
