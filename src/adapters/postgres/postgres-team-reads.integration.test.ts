// Team-scale reads on a real PostgreSQL: the team database answers entity_search and
// entity_find_related with the local tools' result shapes, and find_related gives the
// local tool's very answer for the same graph (merges included, followed recursively).
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import { fixedClock, randomIds, sequentialIds } from '../../core/graph/ids';
import { mulberry32 } from '../../core/random';
import type { EntityId } from '../../core/graph/ids';
import { InMemoryGraphStore } from '../../core/graph/memory-store';
import { GraphService } from '../../core/graph/service';
import { NameIndex } from '../../core/search/name-index';
import { changeIds, entityDelete, entityUpsert, relationshipUpsert } from '../../core/team/changes';
import type { TeamChange } from '../../core/team/changes';
import { changesOfMerge } from '../../core/team/local-changes';
import { batchOf } from '../../core/team/team-sync';
import { createRegistry } from '../../core/tools';
import { PostgresTeamRemote } from './postgres-team-remote';
import { PostgresTeamReads } from './postgres-team-reads';
import { pgSkipReason } from './testing/pg-server';
import { useTeamDatabases } from './testing/use-team-databases';
import type { TeamFixture } from './testing/team-fixture';

const skip = pgSkipReason();
if (skip !== undefined) console.warn(`postgres-team-reads.integration.test.ts skipped: ${skip}`);

const caller = { caller: { kind: 'test' as const } };

/** A member's local graph; `seed` gives it random ids of its own, as each member's browser has. */
async function localGraph(seed?: number) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: seed === undefined ? sequentialIds() : randomIds(clock, mulberry32(seed)), clock });
  const search = await NameIndex.load(store);
  search.attach(graph);
  return { store, clock, graph, registry: createRegistry({ graph, store, search }), ids: changeIds(clock) };
}

type Local = Awaited<ReturnType<typeof localGraph>>;

/** The whole local graph as changes: entities, then relationships. */
async function snapshot(local: Local): Promise<TeamChange[]> {
  const entities = await local.store.listEntities({ limit: 1000 });
  const relationships = await local.store.listRelationships({ limit: 1000 });
  return [...entities.map((e) => entityUpsert(local.ids.next(), e)), ...relationships.map((r) => relationshipUpsert(local.ids.next(), r))];
}

async function build(
  local: Local,
  spec: { entities: [string, 'company' | 'person' | 'technology' | 'location'][]; relations: [string, string, string][] },
) {
  const byName = new Map<string, EntityId>();
  for (const [name, type] of spec.entities) byName.set(name, (await local.graph.createEntity({ name, type })).id);
  for (const [from, label, to] of spec.relations) {
    local.clock.advance(1000);
    const a = byName.get(from);
    const b = byName.get(to);
    if (a === undefined || b === undefined) throw new Error(`fixture: unknown ${from} or ${to}`);
    await local.graph.relate(a, label, b);
  }
  return byName;
}

const GRAPH = {
  entities: [
    ['Stripe', 'company'],
    ['Stripe, Inc.', 'company'],
    ['Rust', 'technology'],
    ['Patrick Collison', 'person'],
    ['Adyen', 'company'],
    ['Mozilla', 'company'],
  ] as [string, 'company' | 'person' | 'technology'][],
  relations: [
    ['Stripe', 'uses', 'Rust'],
    ['Stripe, Inc.', 'founded_by', 'Patrick Collison'],
    ['Adyen', 'competes_with', 'Stripe, Inc.'],
    ['Stripe', 'competes_with', 'Adyen'],
    ['Rust', 'created_by', 'Mozilla'],
    ['Stripe, Inc.', 'uses', 'Rust'],
  ] as [string, string, string][],
};

describe.skipIf(skip !== undefined)('team-scale reads on PostgreSQL', () => {
  const pg = useTeamDatabases();
  let fx: TeamFixture;

  async function pushed(local: Local, extra: (local: Local) => Promise<TeamChange[]> = async () => []): Promise<PostgresTeamReads> {
    const remote = new PostgresTeamRemote(fx.pool('alice'), { workspaceId: 'acme', origin: 'alice-laptop' });
    await remote.push(batchOf(await snapshot(local)));
    const more = await extra(local);
    if (more.length > 0) await remote.push(batchOf(more));
    return new PostgresTeamReads(fx.pool('bob'), 'acme');
  }

  it('entity_find_related gives the local tool’s answer, in every direction and for a label', async () => {
    fx = await pg.fresh();
    const local = await localGraph();
    await build(local, GRAPH);
    const reads = await pushed(local);
    for (const input of [
      { name: 'Rust' },
      { name: 'Stripe, Inc.' },
      { name: 'Adyen', direction: 'incoming' as const },
      { name: 'Adyen', direction: 'outgoing' as const },
      { name: 'Stripe, Inc.', relationship: 'Founded By' },
    ]) {
      expect(await reads.findRelated(input), JSON.stringify(input)).toEqual(
        await local.registry.call('entity_find_related', input, caller),
      );
    }
  });

  it('after a merge, the team database follows it recursively and answers as the merged local graph does', async () => {
    fx = await pg.fresh();
    const local = await localGraph();
    const byName = await build(local, GRAPH);
    const stripe = byName.get('Stripe');
    const inc = byName.get('Stripe, Inc.');
    if (stripe === undefined || inc === undefined) throw new Error('fixture');
    const reads = await pushed(local, async (l) => changesOfMerge(await l.graph.merge(stripe, inc), l.ids));
    for (const input of [{ name: 'Stripe' }, { name: 'Rust' }, { name: 'Adyen' }, { name: 'Patrick Collison' }, { name: 'Stripe, Inc.' }]) {
      expect(await reads.findRelated(input), JSON.stringify(input)).toEqual(
        await local.registry.call('entity_find_related', input, caller),
      );
    }
    // The merged-away entity is no longer listed by search; its name finds the survivor.
    expect((await reads.search({ query: 'Stripe, Inc.' })).results.map((r) => r.name)).toEqual(['Stripe']);
  });

  it('entity_search: trigram similarity over names and aliases, best first, typed, live entities only, validated input', async () => {
    fx = await pg.fresh();
    const local = await localGraph();
    await build(local, GRAPH);
    const rust = (await local.graph.findByName('Rust'))[0];
    if (rust === undefined) throw new Error('fixture');
    await local.graph.addAliases(rust.id, ['rust-lang']);
    const reads = await pushed(local, async (l) => [
      entityDelete(l.ids.next(), (await l.graph.findByName('Mozilla'))[0]?.id ?? rust.id, 9),
    ]);

    const stri = await reads.search({ query: 'stri' });
    expect(stri.results.map((r) => r.name)).toEqual(['Stripe', 'Stripe, Inc.']);
    expect(stri.results.every((r) => r.score > 0.5 && r.score <= 1)).toBe(true);
    expect((await reads.search({ query: 'Stripe' })).results[0]).toMatchObject({ name: 'Stripe', entity_type: 'company', score: 1 });
    expect((await reads.search({ query: 'rust-lang' })).results.map((r) => r.name)).toEqual(['Rust']);
    expect((await reads.search({ query: 'stripe', types: ['person'] })).results).toEqual([]);
    expect((await reads.search({ query: 'stripe', limit: 1 })).results).toHaveLength(1);
    expect((await reads.search({ query: 'Mozilla' })).results).toEqual([]);
    expect((await reads.search({ query: '...' })).results).toEqual([]);
    await expect(reads.search({ query: '' })).rejects.toThrow();
    // A non-member, or a member of another workspace, is refused.
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof AriadneError ? e.code : String(e)),
      );
    for (const role of ['mallory', 'carol']) {
      const outsider = new PostgresTeamReads(fx.pool(role), 'acme');
      expect(await code(outsider.search({ query: 'stripe' })), role).toBe('forbidden');
      expect(await code(outsider.findRelated({ name: 'Stripe' })), role).toBe('forbidden');
    }
  });

  it('two members who captured the same things read as one entity each: one Facebook in search, its relations together', async () => {
    fx = await pg.fresh();
    const alice = await localGraph(1);
    await build(alice, {
      entities: [
        ['Facebook', 'company'],
        ['Instagram', 'company'],
        ['Mark Zuckerberg', 'person'],
      ],
      relations: [
        ['Facebook', 'acquired', 'Instagram'],
        ['Facebook', 'founded_by', 'Mark Zuckerberg'],
      ],
    });
    const bob = await localGraph(2);
    // Bob's page said "Facebook, Inc." and "INSTAGRAM": the same normalized keys as Alice's names.
    await build(bob, {
      entities: [
        ['Facebook, Inc.', 'company'],
        ['INSTAGRAM', 'company'],
        ['Menlo Park', 'location'],
        ['Mark Zuckerberg', 'person'],
      ],
      relations: [
        ['Facebook, Inc.', 'acquired', 'INSTAGRAM'],
        ['Facebook, Inc.', 'headquartered_in', 'Menlo Park'],
        ['Facebook, Inc.', 'founded_by', 'Mark Zuckerberg'],
      ],
    });
    await new PostgresTeamRemote(fx.pool('alice'), { workspaceId: 'acme', origin: 'alice-laptop' }).push(batchOf(await snapshot(alice)));
    await new PostgresTeamRemote(fx.pool('bob'), { workspaceId: 'acme', origin: 'bob-desktop' }).push(batchOf(await snapshot(bob)));
    // Each member's rows stay as pushed (their later changes name their own ids) ...
    expect(await fx.admin("SELECT contributor FROM ariadne.entities WHERE name_key = 'facebook' ORDER BY contributor")).toEqual([
      { contributor: 'alice' },
      { contributor: 'bob' },
    ]);
    // ... and read as one entity per real thing.
    const reads = new PostgresTeamReads(fx.pool('carol'), 'acme');
    const asBob = new PostgresTeamReads(fx.pool('bob'), 'acme');
    expect(await reads.search({ query: 'x' }).catch((e: unknown) => (e instanceof AriadneError ? e.code : e))).toBe('forbidden');
    const facebook = (await asBob.search({ query: 'Facebook' })).results;
    expect(facebook.map((r) => [r.name, r.entity_type, r.score])).toEqual([['Facebook', 'company', 1]]);
    expect((await asBob.search({ query: 'instagram' })).results.map((r) => r.name)).toEqual(['Instagram']);
    expect((await asBob.search({ query: 'Mark Zuckerberg' })).results).toHaveLength(1);
    const related = await asBob.findRelated({ name: 'Facebook' });
    expect(related.entity).toBe('Facebook');
    expect(related.related.map((r) => `${r.direction} ${r.relationship} ${r.name}`).sort()).toEqual([
      'outgoing acquired Instagram',
      'outgoing founded_by Mark Zuckerberg',
      'outgoing headquartered_in Menlo Park',
    ]);
    // Any member's copy's id, and any of their names, finds the same entity.
    const bobsId = (await bob.graph.findByName('Facebook, Inc.'))[0]?.id ?? '';
    expect((await asBob.findRelated({ name: bobsId })).entity).toBe('Facebook');
    expect((await asBob.findRelated({ name: 'INSTAGRAM' })).related).toEqual([
      { name: 'Facebook', relationship: 'acquired', direction: 'incoming' },
    ]);
  });

  it('an unknown name is not_found, a homonym ambiguous (with candidates), an id always works', async () => {
    fx = await pg.fresh();
    const local = await localGraph();
    const byName = await build(local, {
      entities: [
        ['Mercury', 'company'],
        ['Mercury', 'technology'],
        ['Venus', 'technology'],
      ],
      relations: [],
    });
    const reads = await pushed(local);
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof AriadneError ? e.code : String(e)),
      );
    expect(await code(reads.findRelated({ name: 'Pluto' }))).toBe('not_found');
    expect(await code(reads.findRelated({ name: 'Mercury' }))).toBe('ambiguous');
    const venus = byName.get('Venus');
    expect(await reads.findRelated({ name: venus ?? '' })).toEqual({ entity: 'Venus', related: [] });
  });
});
