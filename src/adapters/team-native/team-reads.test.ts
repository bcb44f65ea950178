// The team tools as the background serves them: `team_search` and `team_find_related` in
// the app registry, over the extension's NativeTeamClient with a scripted host at the
// other end of the port. Unlinked, no host, a host that is not installed: `unavailable`
// with a message saying what to do; linked: the host's answer, parsed with the local
// tools' own output schemas.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { InMemoryGraphStore } from '../../core/graph/memory-store';
import { GraphService } from '../../core/graph/service';
import { ReferenceRegistry } from '../../core/reference/registry';
import { createResolver } from '../../core/resolve/resolver';
import { NameIndex } from '../../core/search/name-index';
import type { TeamConnection } from '../../core/team/host-wire';
import { createAppRegistry } from '../../core/tools/app-registry';
import type { TeamReads } from '../../core/tools/definitions/team-reads';
import { linkedTeamReads } from '../../core/tools/definitions/team-reads';
import { NativeTeamClient, type NativePortLike } from './native-team-client';

const connection: TeamConnection = { host: 'db.test', port: 5432, database: 'team', user: 'alice', teamWorkspace: 'acme' };
const caller = { caller: { kind: 'mcp' as const, clientId: 'agent' } };

/** A host that answers each request with `answer(request)` (an `outcome`), recording what it got. */
function scriptedHost(answer: (request: { op: string; input?: unknown }) => unknown) {
  const received: { op: string; connection?: unknown; input?: unknown }[] = [];
  const listeners: ((m: unknown) => void)[] = [];
  const port: NativePortLike = {
    postMessage: (raw) => {
      const message = requestOf(raw);
      received.push(message.request);
      queueMicrotask(() => listeners.forEach((l) => l({ id: message.id, outcome: answer(message.request) })));
    },
    disconnect: () => undefined,
    onMessage: { addListener: (l) => void listeners.push(l) },
    onDisconnect: { addListener: () => undefined },
  };
  return { port, received };
}

function requestOf(raw: unknown): { id: number; request: { op: string; connection?: unknown; input?: unknown } } {
  if (typeof raw !== 'object' || raw === null || !('id' in raw) || !('request' in raw)) throw new Error('not a request');
  const { id, request } = raw;
  if (typeof id !== 'number' || typeof request !== 'object' || request === null || !('op' in request) || typeof request.op !== 'string') {
    throw new Error('not a request');
  }
  return {
    id,
    request: {
      op: request.op,
      ...('connection' in request ? { connection: request.connection } : {}),
      ...('input' in request ? { input: request.input } : {}),
    },
  };
}

function registryWith(teamReads: TeamReads | undefined) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  return createAppRegistry({
    graph,
    store,
    search: new NameIndex(),
    clock,
    resolver,
    references: new ReferenceRegistry({ clock }),
    ...(teamReads === undefined ? {} : { teamReads }),
  });
}

function readsOver(port: NativePortLike | undefined, link: () => TeamConnection | undefined) {
  const client = new NativeTeamClient({
    connectNative: port === undefined ? undefined : () => port,
    lastErrorMessage: () => 'Specified native messaging host not found.',
  });
  return linkedTeamReads(async () => link(), {
    search: (c, input) => client.request({ op: 'search', connection: c, input }),
    related: (c, input) => client.request({ op: 'related', connection: c, input }),
  });
}

const HITS = {
  results: [
    { name: 'Stripe', entity_type: 'company', score: 0.9, id: 'e_000001' },
    { name: 'Stripe Atlas', entity_type: 'product', score: 0.4, id: 'e_000002' },
  ],
};
const RELATED = { entity: 'Stripe', related: [{ name: 'Rust', relationship: 'uses', direction: 'outgoing' }] };

describe('team_search and team_find_related', () => {
  it('are read-only tools with the local tools’ arguments', () => {
    const registry = registryWith(undefined);
    const byName = new Map(registry.list().map((t) => [t.name, t]));
    expect(byName.get('team_search')?.__sideEffectClass).toBe('read-only');
    expect(byName.get('team_find_related')?.__sideEffectClass).toBe('read-only');
    const schemas = new Map(registry.toJsonSchemaTools().map((f) => [f.function.name, f.function.parameters]));
    expect(schemas.get('team_search')).toEqual(schemas.get('entity_search'));
    expect(schemas.get('team_find_related')).toEqual(schemas.get('entity_find_related'));
  });

  it('an unlinked workspace answers unavailable, saying where to link it, and asks the host nothing', async () => {
    const host = scriptedHost(() => ({ ok: true, result: HITS }));
    const registry = registryWith(readsOver(host.port, () => undefined));
    for (const [name, args] of [
      ['team_search', { query: 'stripe' }],
      ['team_find_related', { name: 'Stripe' }],
    ] as const) {
      await expect(registry.call(name, args, caller)).rejects.toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('Settings → Team'),
      });
    }
    expect(host.received).toEqual([]);
  });

  it('without team sync (no reads wired) the tools answer unavailable', async () => {
    await expect(registryWith(undefined).call('team_search', { query: 'stripe' }, caller)).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('linked: the host gets the connection and the parsed arguments; its answer comes back in the local tools’ shapes', async () => {
    const host = scriptedHost((request) => ({ ok: true, result: request.op === 'search' ? HITS : RELATED }));
    const registry = registryWith(readsOver(host.port, () => connection));
    expect(await registry.call('team_search', { query: 'strpe', limit: 5 }, caller)).toEqual(HITS);
    // min_score applies on top of the database's own cut.
    expect(await registry.call('team_search', { query: 'strpe', min_score: 0.5 }, caller)).toEqual({ results: [HITS.results[0]] });
    expect(await registry.call('team_find_related', { name: 'Stripe', direction: 'outgoing' }, caller)).toEqual(RELATED);
    expect(host.received).toEqual([
      { op: 'search', connection, input: { query: 'strpe', limit: 5 } },
      { op: 'search', connection, input: { query: 'strpe', min_score: 0.5 } },
      { op: 'related', connection, input: { name: 'Stripe', direction: 'outgoing' } },
    ]);
  });

  it('a host answer in another shape is refused; the host’s errors keep their codes', async () => {
    let answer: unknown = { ok: true, result: { results: [{ name: 'Stripe', score: 2 }] } };
    const host = scriptedHost(() => answer);
    const registry = registryWith(readsOver(host.port, () => connection));
    await expect(registry.call('team_search', { query: 'stripe' }, caller)).rejects.toMatchObject({ code: 'internal' });
    answer = { ok: false, error: { code: 'unavailable', message: 'The team database cannot be reached (the team search): ECONNREFUSED.' } };
    await expect(registry.call('team_find_related', { name: 'Stripe' }, caller)).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('cannot be reached'),
    });
  });

  it('a browser that cannot reach a native host answers unavailable', async () => {
    const registry = registryWith(readsOver(undefined, () => connection));
    await expect(registry.call('team_search', { query: 'stripe' }, caller)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
