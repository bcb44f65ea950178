// The background's workspaces on Dexie (fake-indexeddb) with the real graph service,
// tool registry and capture ingestion: captures land in the active or pinned
// workspace's own database, tool calls in the one they name, and deleting a
// workspace deletes its database and nothing else.
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageCapture } from '../core/capture';
import { pageCaptureSchema } from '../core/capture';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { ReferenceRegistry } from '../core/reference/registry';
import { createResolver } from '../core/resolve/resolver';
import { NameIndex } from '../core/search/name-index';
import { defaultSettings } from '../core/settings';
import { createAppRegistry } from '../core/tools/app-registry';
import { DEFAULT_WORKSPACE_ID, sequentialWorkspaceIds } from '../core/workspace/workspace';
import { WorkspaceDatabase, workspaceDatabaseName } from '../adapters/dexie/workspace-database';
import { AriadneDatabase } from '../adapters/dexie/database';
import { CaptureQueue } from './capture-queue';
import { createIngest } from './ingest';
import { captureTargets, createWorkspaces } from './workspaces';
import type { GraphSources, Workspaces } from './workspaces';

let run = 0;
let created: Workspaces[] = [];
let prefix = '';

afterEach(async () => {
  for (const w of created) for (const id of w.open.openIds()) await w.open.close(id);
  for (const name of await Dexie.getDatabaseNames()) if (name.startsWith(prefix)) await Dexie.delete(name);
  created = [];
});

function capture(path: string, name: string): PageCapture {
  return pageCaptureSchema.parse({
    url: `https://example.test${path}`,
    title: name,
    text: `A page about ${name}.`,
    capturedAt: 1000 + path.length,
    entities: [{ ref: 'a', name, type: 'company', origin: 'json-ld' }],
    relations: [],
  });
}

function setup(): Workspaces {
  prefix = `ws-bg-${++run}-`;
  const clock = fixedClock();
  const ids = sequentialIds();
  const buildTools = async ({ graph, store }: GraphSources) => {
    const search = await NameIndex.load(store);
    search.attach(graph);
    return createAppRegistry({
      graph,
      store,
      search,
      clock,
      resolver: createResolver({ store, clock, settings: { networkLookups: false } }),
      references: new ReferenceRegistry({ clock }),
    });
  };
  const workspaces = createWorkspaces({
    clock,
    ids,
    buildTools,
    buildIngest: ({ graph, store }) => createIngest({ graph, store, clock, ids, settings: async () => defaultSettings() }),
    registryDatabase: new WorkspaceDatabase(`${prefix}ariadne-workspaces`),
    databaseName: (w) => `${prefix}${workspaceDatabaseName(w.id)}`,
    newId: sequentialWorkspaceIds(),
  });
  created.push(workspaces);
  return workspaces;
}

const caller = { caller: { kind: 'test' as const } };
const names = async (w: Workspaces, workspace: string) =>
  ((await (await w.router()).call('entity_list', { workspace }, caller)) as { entities: { name: string }[] }).entities
    .map((e) => e.name)
    .sort();

describe('background workspaces', () => {
  it('captures go to the active workspace at the time, each into its own database', async () => {
    const w = setup();
    await (await w.captureTarget('https://example.test/a')).ingest(capture('/a', 'Stripe'));
    await w.registry.switchTo((await w.registry.create('Thesis')).id);
    const target = await w.captureTarget('https://example.test/b');
    expect(target.workspace.name).toBe('Thesis');
    await target.ingest(capture('/b', 'Paystack'));
    expect(await names(w, 'Default')).toEqual(['Stripe']);
    expect(await names(w, 'Thesis')).toEqual(['Paystack']);
    expect((await Dexie.getDatabaseNames()).filter((n) => n.startsWith(prefix)).sort()).toEqual(
      [`${prefix}ariadne`, `${prefix}ariadne-workspaces`, `${prefix}ariadne-ws-w_000001`].sort(),
    );
  });

  it('the capture queue keeps the workspace a capture arrived for: a switch before its ingestion does not move it', async () => {
    const w = setup();
    const thesis = await w.registry.create('Thesis');
    const inbox = new AriadneDatabase(`${prefix}ariadne`);
    const ingested: string[] = [];
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const queue = new CaptureQueue({
      db: inbox,
      targets: captureTargets(w),
      clock: fixedClock(),
      ingest: async (c, target) => {
        await gate; // held until the switch below
        const graph = await w.graphOfTarget(target);
        ingested.push(graph.workspace.name);
        await graph.ingest(c);
      },
    });
    // Enqueued while Default is active, ingested after the switch.
    await queue.enqueue(capture('/a', 'Stripe'));
    await w.registry.switchTo(thesis.id);
    await queue.enqueue(capture('/b', 'Paystack'));
    open();
    await queue.drain();
    expect(ingested).toEqual(['Default', 'Thesis']);
    expect(await names(w, 'Default')).toEqual(['Stripe']);
    expect(await names(w, 'Thesis')).toEqual(['Paystack']);
    inbox.close();
  });

  it('a pinned site goes to its workspace whatever is active', async () => {
    const w = setup();
    await w.registry.create('News');
    await w.registry.pinSite('News', '*.example.test');
    expect((await w.captureTarget('https://www.example.test/x')).workspace.name).toBe('News');
    expect((await w.captureTarget('https://elsewhere.test/x')).workspace.id).toBe(DEFAULT_WORKSPACE_ID);
  });

  it('opens one graph per workspace, and deleting a workspace deletes its database only', async () => {
    const w = setup();
    const router = await w.router();
    await router.call('workspace_create', { name: 'Scratch' }, caller);
    await router.call('entity_add', { name: 'Rust', entity_type: 'technology', workspace: 'scratch' }, caller);
    await router.call('entity_add', { name: 'Go', entity_type: 'technology' }, caller);
    expect(await w.captureTarget('https://example.test/')).toBe(await w.active());
    await router.call('workspace_delete', { workspace: 'Scratch', confirm: true }, caller);
    expect(await Dexie.exists(`${prefix}ariadne-ws-w_000001`)).toBe(false);
    expect(await names(w, 'Default')).toEqual(['Go']);
    expect(((await router.call('workspace_list', {}, caller)) as { workspaces: { name: string }[] }).workspaces.map((x) => x.name)).toEqual(
      ['Default'],
    );
  });
});
