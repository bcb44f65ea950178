// What the side panel shows when a tool call fails: the stable code picks a sentence a
// user understands. The quota case runs the whole path: a Dexie write refused by the
// browser → the router's reply envelope → the client's AriadneError → the panel's words.
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import { AriadneError } from '../core/errors';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { GraphService } from '../core/graph/service';
import { NameIndex } from '../core/search/name-index';
import { createRegistry } from '../core/tools/index';
import { callTool } from '../messaging/client';
import { createRouter, type Handlers } from '../messaging/router';
import { userError } from './user-error';

const dbs: AriadneDatabase[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const policy = { extensionId: 'ariadne-id', extensionOrigin: 'chrome-extension://ariadne-id/' };
const sidePanel = { id: 'ariadne-id', url: 'chrome-extension://ariadne-id/sidepanel.html' };

describe('userError', () => {
  it('a tool call refused for storage quota reads as "ran out of storage" with what to do, in the panel', async () => {
    const db = new AriadneDatabase(`user-error-quota-${Date.now()}`);
    dbs.push(db);
    const store = new DexieGraphStore(db);
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    // The browser refuses every entity write, the way IndexedDB does when the quota is spent.
    db.entities.put = () => Dexie.Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
    const search = await NameIndex.load(store);
    search.attach(graph);
    const registry = createRegistry({ graph, store, search });
    const handlers: Handlers = {
      'tool.call': async (req) => registry.call(req.tool, req.arguments, { caller: { kind: 'test' } }),
      'page.captured': async () => ({ captureId: `c_${'0'.repeat(32)}`, duplicate: false }),
      'capture.status': async () => ({ pending: 0, failed: 0, ingested: 0 }),
      'capture.retry': async (req) => ({ captureId: req.captureId }),
      'capture.discard': async (req) => ({ captureId: req.captureId }),
      'capture.gaveUp': async () => ({ recorded: true }),
      'capture.started': async () => ({ watched: true }),
      'llm.read': async (req) => ({ queued: true, url: req.url }),
      'llm.status': async () => ({ enabled: false, queued: 0, done: 0, failed: 0, skipped: 0, tokensToday: 0, recent: [] }),
      'llm.forget': async () => ({ pages: 0, evidenceRemoved: 0, relationshipsRemoved: 0, entitiesRemoved: 0, workspaces: [] }),
      'page.recapture': async () => ({ status: 'refused', reason: 'not in this test' }),
      'team.status': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
      'team.link': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
      'team.unlink': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
      'team.sync': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
    };
    const route = createRouter(handlers, policy);
    const failure = await callTool('entity_add', { name: 'Stripe', entity_type: 'company' }, (message) => route(message, sidePanel)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AriadneError);
    expect(failure instanceof AriadneError && failure.code).toBe('quota_exceeded');
    const shown = userError(failure);
    expect(shown).toMatch(/^The browser ran out of storage for Ariadne\. Export your graph/);
    expect(shown).toContain('nothing already stored was changed');
    expect(shown).not.toMatch(/QuotaExceededError|Unexpected error|internal/);
  });

  it('unknown errors never leak a stack: a plain sentence with the message', () => {
    expect(userError(new AriadneError('not_found', 'No entity named "Nope".'))).toBe('No entity named "Nope".');
    expect(userError(new AriadneError('timeout', 'stopped after 30 s'))).toMatch(/^That took too long/);
    expect(userError(new Error('boom'))).toBe('Something went wrong: boom');
    expect(userError('weird')).toBe('Something went wrong.');
  });
});
