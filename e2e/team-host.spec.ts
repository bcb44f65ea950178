/**
 * Team sync below the panel, end to end: the extension's background ⇄ the native host's
 * team role started by Chromium (installed for the profile as `npm run --silent mcp --
 * install` does) ⇄ a real PostgreSQL started here. The `team.*` messages are sent as the
 * panel sends them; the panel itself is e2e/journeys/team.spec.ts.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { addMember, createWorkspace } from '../src/adapters/postgres/admin';
import { migrate } from '../src/adapters/postgres/migrate';
import { PostgresTeamRemote } from '../src/adapters/postgres/postgres-team-remote';
import { pgSkipReason, startPgServer, type PgServer } from '../src/adapters/postgres/testing/pg-server';
import { changeIds, entityUpsert, evidenceAdd } from '../src/core/team/changes';
import { batchOf } from '../src/core/team/team-sync';
import { fixedClock, randomIds } from '../src/core/graph/ids';
import { GraphService } from '../src/core/graph/service';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { createRig, launchBrowser, type BridgeRig } from './mcp/rig';

const PASSWORD = 'a long secret: for alice';

interface Envelope {
  readonly ok: boolean;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: string; readonly message: string };
}

async function send(page: Page, message: unknown): Promise<Envelope> {
  // `chrome` exists in the extension page; Node has no types for it.
  return page.evaluate(
    (m) => (globalThis as unknown as { chrome: { runtime: { sendMessage(x: unknown): Promise<Envelope> } } }).chrome.runtime.sendMessage(m),
    message,
  );
}

/** Evidence rows of the Default workspace's graph, read straight from IndexedDB in the extension page. */
async function evidenceRows(page: Page): Promise<{ snippet: string; contributor?: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('ariadne');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('evidence').objectStore('evidence').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test.describe.configure({ mode: 'serial' });

test('link, push and pull through the native host to PostgreSQL; the password stays with the host', async () => {
  test.skip(pgSkipReason() !== undefined, pgSkipReason() ?? '');
  test.setTimeout(180_000);
  const server: PgServer = await startPgServer({ passwordRoles: ['alice'] });
  const rig: BridgeRig = await createRig();
  const launched = await launchBrowser(rig);
  try {
    const database = await server.createDatabase();
    const owner = new pg.Client(server.config(database));
    await owner.connect();
    await migrate(owner);
    await createWorkspace(owner, 'acme', 'Acme');
    await addMember(owner, 'acme', 'alice', PASSWORD);
    await addMember(owner, 'acme', 'bob');

    const page = await launched.context.newPage();
    await page.goto(`chrome-extension://${launched.extensionId}/sidepanel.html`);
    const form = { host: server.host, port: server.port, database, user: 'alice', teamWorkspace: 'acme' };

    expect(await send(page, { type: 'team.status' })).toMatchObject({ ok: true, result: { linked: false, host: 'unknown', queued: 0 } });
    expect(await send(page, { type: 'team.link', ...form, password: 'wrong' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await send(page, { type: 'team.status' })).toMatchObject({ ok: true, result: { linked: false, host: 'ready' } });
    const linked = await send(page, { type: 'team.link', ...form, password: PASSWORD });
    expect(linked).toMatchObject({ ok: true, result: { linked: true, connection: form, host: 'ready', lastError: null } });

    // The extension keeps the address, never the password; the host keeps it, 0600.
    const stored = await page.evaluate(() =>
      (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<unknown> } } } }).chrome.storage.local.get(null),
    );
    expect(JSON.stringify(stored)).toContain('"teamWorkspace":"acme"');
    expect(JSON.stringify(stored)).not.toContain('secret');
    expect((await stat(path.join(rig.dir, 'home', 'team.pgpass'))).mode & 0o777).toBe(0o600);

    // A local edit is queued, and pushed by team.sync.
    expect(
      await send(page, { type: 'tool.call', tool: 'entity_add', arguments: { name: 'Stripe', entity_type: 'company' } }),
    ).toMatchObject({
      ok: true,
    });
    await expect.poll(async () => (await send(page, { type: 'team.status' })).result?.queued).toBe(1);
    const pushed = await send(page, { type: 'team.sync' });
    expect(pushed).toMatchObject({ ok: true, result: { pushed: { batches: 1, applied: 1, duplicates: 0 }, status: { queued: 0 } } });
    const rows = await owner.query<{ name: string; contributor: string }>('SELECT name, contributor FROM ariadne.entities');
    expect(rows.rows).toEqual([{ name: 'Stripe', contributor: 'alice' }]);

    // Bob's change, pushed from elsewhere, is pulled: his "Stripe, Inc." joins alice's Stripe, his evidence names him.
    const clock = fixedClock();
    const bobGraph = new GraphService({ store: new InMemoryGraphStore(), ids: randomIds(clock), clock });
    const bobStripe = await bobGraph.createEntity({ name: 'Stripe, Inc.', type: 'company' });
    const evidence = await bobGraph.recordEvidence({
      kind: 'mention',
      entityId: bobStripe.id,
      pageUrl: 'https://stripe.com/about',
      pageTitle: 'About Stripe',
      snippet: 'Stripe, Inc. builds payment infrastructure.',
    });
    const bobPool = new pg.Pool(server.config(database, 'bob'));
    const ids = changeIds(clock);
    await new PostgresTeamRemote(bobPool, { workspaceId: 'acme', origin: 'bob-laptop' }).push(
      batchOf([entityUpsert(ids.next(), bobStripe), evidenceAdd(ids.next(), evidence)]),
    );
    await bobPool.end();
    const pulled = await send(page, { type: 'team.sync' });
    expect(pulled).toMatchObject({ ok: true, result: { pulled: { changes: 2 }, status: { queued: 0, lastError: null } } });
    expect(await evidenceRows(page)).toMatchObject([{ snippet: 'Stripe, Inc. builds payment infrastructure.', contributor: 'bob' }]);
    const stripe = await send(page, { type: 'tool.call', tool: 'entity_get', arguments: { name: 'Stripe' } });
    expect(stripe).toMatchObject({ ok: true, result: { entity: { name: 'Stripe', aliases: ['Stripe, Inc.'] } } });
    // Nothing of bob's goes back.
    expect(await send(page, { type: 'team.sync' })).toMatchObject({ ok: true, result: { pushed: { batches: 0 } } });

    // Unlinked: the graph stays, nothing more is recorded.
    expect(await send(page, { type: 'team.unlink' })).toMatchObject({ ok: true, result: { linked: false, connection: null } });
    await send(page, { type: 'tool.call', tool: 'entity_add', arguments: { name: 'Adyen', entity_type: 'company' } });
    expect(await send(page, { type: 'team.status' })).toMatchObject({ ok: true, result: { queued: 0 } });
    expect(await send(page, { type: 'team.sync' })).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    await owner.end();
  } finally {
    await launched.context.close().catch(() => undefined);
    await rig.cleanup();
    await server.destroy();
  }
});
