/**
 * The WorkspaceStore contract suite: one factory of vitest tests that every store
 * runs (the in-memory one and the Dexie one on fake-indexeddb), through the store's
 * own methods and through the `WorkspaceRegistry` rules over it.
 *
 * @example
 *   workspaceStoreContract('InMemoryWorkspaceStore', () => new InMemoryWorkspaceStore());
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../graph/ids';
import {
  DEFAULT_WORKSPACE_ID,
  DEFAULT_WORKSPACE_NAME,
  MAX_WORKSPACE_NAME_LENGTH,
  MAX_WORKSPACES,
  sequentialWorkspaceIds,
} from './workspace';
import type { Workspace, WorkspaceId } from './workspace';
import { WorkspaceRegistry } from './workspace-registry';
import type { WorkspaceStore } from './workspace-store';

/** Builds a fresh, empty store for each test (a new database name for Dexie). */
export type WorkspaceStoreFactory = () => WorkspaceStore | Promise<WorkspaceStore>;

const T0 = Date.UTC(2026, 0, 1);

function row(n: number, name: string, extra: Partial<Workspace> = {}): Workspace {
  return { id: `w_${n}` as WorkspaceId, name, createdAt: T0 + n, archived: false, pinnedSites: [], ...extra };
}

export function workspaceStoreContract(name: string, makeStore: WorkspaceStoreFactory): void {
  describe(`WorkspaceStore contract: ${name}`, () => {
    let store: WorkspaceStore;
    let clock: Clock;
    let registry: WorkspaceRegistry;
    beforeEach(async () => {
      store = await makeStore();
      // Each reading a millisecond later: creation order is the order of the calls.
      let tick = 0;
      clock = { now: () => T0 + tick++ };
      registry = new WorkspaceRegistry({ store, clock, newId: sequentialWorkspaceIds() });
    });

    describe('the store', () => {
      it('puts, gets, replaces and deletes a workspace unchanged', async () => {
        const w = row(1, 'Thesis', { pinnedSites: ['arxiv.org'] });
        await store.put(w);
        expect(await store.get(w.id)).toEqual(w);
        await store.put({ ...w, name: 'PhD' });
        expect((await store.get(w.id))?.name).toBe('PhD');
        await store.delete(w.id);
        expect(await store.get(w.id)).toBeUndefined();
        expect(await store.list()).toEqual([]);
      });

      it('lists by creation time, then id', async () => {
        await store.put(row(3, 'C', { createdAt: T0 }));
        await store.put(row(1, 'A', { createdAt: T0 + 5 }));
        await store.put(row(2, 'B', { createdAt: T0 }));
        expect((await store.list()).map((w) => w.name)).toEqual(['B', 'C', 'A']);
      });

      it('keeps the active id, undefined before the first', async () => {
        expect(await store.getActive()).toBeUndefined();
        await store.setActive(row(2, 'B').id);
        expect(await store.getActive()).toBe('w_2');
      });

      it('keeps what was put when the caller changes its object afterwards', async () => {
        const sites = ['a.example'];
        await store.put(row(1, 'A', { pinnedSites: sites }));
        sites.push('b.example');
        expect((await store.get(row(1, 'A').id))?.pinnedSites).toEqual(['a.example']);
      });
    });

    describe('the registry over it', () => {
      it('registers Default on first use, active, once', async () => {
        const [first] = await Promise.all([registry.list(), registry.list(), registry.active()]);
        expect(first).toEqual([
          { id: DEFAULT_WORKSPACE_ID, name: DEFAULT_WORKSPACE_NAME, createdAt: T0, archived: false, pinnedSites: [] },
        ]);
        expect((await registry.active()).id).toBe(DEFAULT_WORKSPACE_ID);
        const again = new WorkspaceRegistry({ store, clock, newId: sequentialWorkspaceIds() });
        expect(await again.list()).toEqual(first);
      });

      it('creates, finds by id or by name in any case, and refuses a taken name', async () => {
        const market = await registry.create('  Market   scan ');
        expect(market).toMatchObject({ name: 'Market scan', archived: false, pinnedSites: [] });
        expect(await registry.resolve(market.id)).toEqual(market);
        expect(await registry.resolve('MARKET SCAN')).toEqual(market);
        await expect(registry.create('market scan')).rejects.toMatchObject({ code: 'conflict' });
        await expect(registry.create('default')).rejects.toMatchObject({ code: 'conflict' });
        expect((await registry.list()).map((w) => w.name)).toEqual(['Default', 'Market scan']);
      });

      it('two quick creates of one name: one succeeds, the other is a conflict', async () => {
        const results = await Promise.allSettled([registry.create('Hiring'), registry.create('hiring')]);
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect((await registry.list()).filter((w) => w.name.toLowerCase() === 'hiring')).toHaveLength(1);
      });

      it('refuses bad names and unknown workspaces with clear codes', async () => {
        await expect(registry.create(' \u0000 \u202e ')).rejects.toMatchObject({ code: 'invalid_arguments' });
        await expect(registry.create('x'.repeat(MAX_WORKSPACE_NAME_LENGTH + 1))).rejects.toMatchObject({ code: 'invalid_arguments' });
        await expect(registry.resolve('')).rejects.toMatchObject({ code: 'invalid_arguments' });
        await expect(registry.resolve('Nowhere')).rejects.toMatchObject({
          code: 'not_found',
          message: expect.stringContaining('"Default"'),
        });
        await expect(registry.switchTo('w_missing')).rejects.toMatchObject({ code: 'not_found' });
      });

      it('renames, Default included; a rename to its own name in another case is allowed', async () => {
        const thesis = await registry.create('Thesis');
        expect((await registry.rename('thesis', 'THESIS')).name).toBe('THESIS');
        await expect(registry.rename(thesis.id, 'Default')).rejects.toMatchObject({ code: 'conflict' });
        expect((await registry.rename(DEFAULT_WORKSPACE_ID, 'Inbox')).name).toBe('Inbox');
        expect((await registry.active()).name).toBe('Inbox');
      });

      it('switches; an archived workspace can be neither switched to nor the capture target', async () => {
        const a = await registry.create('A');
        expect((await registry.switchTo('a')).id).toBe(a.id);
        expect((await registry.active()).id).toBe(a.id);
        await expect(registry.setArchived('A', true)).rejects.toMatchObject({ code: 'conflict' });
        await registry.switchTo(DEFAULT_WORKSPACE_ID);
        await registry.pinSite('A', 'example.com');
        const archived = await registry.setArchived('A', true);
        expect(archived.archived).toBe(true);
        await expect(registry.switchTo('A')).rejects.toMatchObject({ code: 'conflict' });
        expect((await registry.captureTarget('https://example.com/x')).id).toBe(DEFAULT_WORKSPACE_ID);
        expect((await registry.list()).map((w) => w.name)).toEqual(['Default']);
        expect((await registry.list({ includeArchived: true })).map((w) => w.name)).toEqual(['Default', 'A']);
        expect((await registry.resolve('a')).archived).toBe(true);
        await registry.setArchived('A', false);
        expect((await registry.switchTo('A')).id).toBe(a.id);
      });

      it('Default can be neither archived nor deleted', async () => {
        await registry.switchTo((await registry.create('B')).id);
        await expect(registry.setArchived(DEFAULT_WORKSPACE_ID, true)).rejects.toMatchObject({ code: 'conflict' });
        await expect(registry.remove('default', async () => undefined)).rejects.toMatchObject({ code: 'conflict' });
      });

      it('deletes after its graph is dropped; a failed drop keeps it listed; the active one is refused', async () => {
        const c = await registry.create('C');
        await registry.switchTo('C');
        const dropped: string[] = [];
        await expect(registry.remove('C', async (w) => void dropped.push(w.id))).rejects.toMatchObject({ code: 'conflict' });
        expect(dropped).toEqual([]);
        await registry.switchTo(DEFAULT_WORKSPACE_ID);
        await expect(registry.remove('C', async () => Promise.reject(new Error('blocked')))).rejects.toThrow('blocked');
        expect((await registry.resolve('C')).id).toBe(c.id);
        expect((await registry.remove('C', async (w) => void dropped.push(w.id))).id).toBe(c.id);
        expect(dropped).toEqual([c.id]);
        await expect(registry.resolve('C')).rejects.toMatchObject({ code: 'not_found' });
      });

      it('falls back to Default when the stored active workspace is gone', async () => {
        await store.setActive('w_gone' as WorkspaceId);
        expect((await registry.active()).id).toBe(DEFAULT_WORKSPACE_ID);
      });

      it('sends a capture to the workspace its site is pinned to, the longest pattern winning, else to the active one', async () => {
        const news = await registry.create('News');
        const docs = await registry.create('Docs');
        await registry.pinSite('News', ' *.Example.com ');
        await registry.pinSite('Docs', 'https://docs.example.com/guide/');
        expect((await registry.resolve('News')).pinnedSites).toEqual(['*.example.com']);
        expect((await registry.captureTarget('https://www.example.com/a')).id).toBe(news.id);
        expect((await registry.captureTarget('https://DOCS.example.com./guide/intro')).id).toBe(docs.id);
        expect((await registry.captureTarget('https://docs.example.com/blog')).id).toBe(news.id);
        expect((await registry.captureTarget('https://other.test/')).id).toBe(DEFAULT_WORKSPACE_ID);
        expect((await registry.captureTarget('not a url')).id).toBe(DEFAULT_WORKSPACE_ID);
      });

      it('moves a site pinned elsewhere, and unpins', async () => {
        const a = await registry.create('A');
        await registry.create('B');
        await registry.pinSite('A', 'example.com');
        const moved = await registry.pinSite('B', 'EXAMPLE.com');
        expect(moved.movedFrom?.id).toBe(a.id);
        expect((await registry.resolve('A')).pinnedSites).toEqual([]);
        expect((await registry.unpinSite('B', 'example.com')).pinnedSites).toEqual([]);
        await expect(registry.unpinSite('B', 'example.com')).rejects.toMatchObject({ code: 'not_found' });
        await expect(registry.pinSite('B', '*.')).rejects.toMatchObject({ code: 'invalid_arguments' });
      });

      it(`holds at most ${MAX_WORKSPACES} workspaces, archived ones counted`, async () => {
        for (let i = 1; i < MAX_WORKSPACES; i++) await registry.create(`W${i}`);
        await expect(registry.create('One too many')).rejects.toMatchObject({ code: 'conflict' });
      });
    });
  });
}
