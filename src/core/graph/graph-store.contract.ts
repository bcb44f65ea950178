/**
 * The GraphStore contract suite (graphology's `specs` pattern): one factory of
 * vitest tests that every GraphStore implementation runs, so the in-memory store
 * and the Dexie store agree on every method, order, limit and failure.
 *
 * @example
 *   // memory-store.test.ts
 *   graphStoreContract('InMemoryGraphStore', () => new InMemoryGraphStore());
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from './ids';
import { indexKeys, nameIndexKey, tokenIndexKey } from './keys';
import type { GraphReader, GraphStore } from './store';
import { RANKED_MIN_DEGREE } from './store';
import type { Entity, EntityType, Evidence, MergeRecord, Page, Relationship, ReviewItem, ReviewStatus } from './types';

/** Builds a fresh, empty store for each test (a new database name for Dexie). */
export type StoreFactory = () => GraphStore | Promise<GraphStore>;

const T0 = Date.UTC(2026, 0, 1);

// Test ids are written by hand (not from an IdSource) so that id order is explicit.
const eid = (n: number): EntityId => `e_${String(n).padStart(4, '0')}` as EntityId;
const rid = (n: number): RelationshipId => `r_${String(n).padStart(4, '0')}` as RelationshipId;
const vid = (n: number): EvidenceId => `v_${String(n).padStart(4, '0')}` as EvidenceId;
const mid = (n: number): MergeId => `m_${String(n).padStart(4, '0')}` as MergeId;
const qid = (n: number): ReviewId => `q_${String(n).padStart(4, '0')}` as ReviewId;

function entity(n: number, name: string, type: EntityType = 'company', extra: Partial<Entity> = {}): Entity {
  const aliases = extra.aliases ?? [];
  return {
    id: eid(n),
    name,
    type,
    aliases,
    attributes: {},
    createdAt: T0 + n,
    updatedAt: T0 + n,
    mentionCount: 1,
    keys: indexKeys({ name, aliases }),
    ...extra,
  };
}

function relationship(n: number, from: EntityId, label: string, to: EntityId): Relationship {
  return { id: rid(n), from, to, label, key: `${from}|${label}|${to}`, createdAt: T0 + n, updatedAt: T0 + n };
}

function evidence(
  n: number,
  capturedAt: number,
  target: { entityId?: EntityId; relationshipId?: RelationshipId },
  pageUrl = 'https://example.test/a',
): Evidence {
  return {
    id: vid(n),
    kind: target.relationshipId ? 'relationship' : 'mention',
    ...target,
    pageUrl,
    pageTitle: 'A page',
    snippet: `snippet ${n}`,
    capturedAt,
  };
}

function page(url: string, capturedAt: number, entityIds: EntityId[] = []): Page {
  return { url, title: url, site: new URL(url).hostname, capturedAt, entityIds, relationshipIds: [] };
}

function merge(n: number, at: number): MergeRecord {
  const into = entity(1, 'Into');
  const removed = entity(2, 'Removed');
  return {
    id: mid(n),
    at,
    intoId: into.id,
    removedId: removed.id,
    intoBefore: into,
    removed,
    relationshipsBefore: [],
    relationshipsCreated: [],
    evidenceMoved: [],
    pagesTouched: [],
  };
}

function review(n: number, createdAt: number, status: ReviewStatus = 'pending'): ReviewItem {
  return {
    id: qid(n),
    createdAt,
    status,
    mention: { name: `Mention ${n}`, type: 'company', pageUrl: 'https://example.test/a', pageTitle: 'A', snippet: '' },
    candidates: [],
    reason: 'close names',
  };
}

const ids = (records: readonly { readonly id: string }[]): string[] => records.map((r) => r.id);

/** Registers the whole contract for one implementation. */
export function graphStoreContract(name: string, makeStore: StoreFactory): void {
  describe(`GraphStore contract: ${name}`, () => {
    let store: GraphStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    describe('entities', () => {
      it('puts and gets an entity unchanged', async () => {
        const e = entity(1, 'Stripe', 'company', { aliases: ['Stripe, Inc.'], attributes: { founded: '2010' } });
        await store.putEntity(e);
        expect(await store.getEntity(e.id)).toEqual(e);
        expect(await store.getEntity(eid(99))).toBeUndefined();
      });

      it('keeps attributes named like Object.prototype members, __proto__ included', async () => {
        const attributes = JSON.parse('{"__proto__":"p","constructor":"c","toString":"t","hasOwnProperty":"h"}');
        await store.putEntity(entity(1, 'Acme', 'company', { attributes }));
        const back = await store.getEntity(eid(1));
        expect(Object.entries(back?.attributes ?? {})).toEqual([
          ['__proto__', 'p'],
          ['constructor', 'c'],
          ['toString', 't'],
          ['hasOwnProperty', 'h'],
        ]);
      });

      it('getEntities keeps the order asked for and skips missing ids', async () => {
        await store.putEntity(entity(1, 'A'));
        await store.putEntity(entity(2, 'B'));
        expect(ids(await store.getEntities([eid(2), eid(9), eid(1)]))).toEqual([eid(2), eid(1)]);
        expect(await store.getEntities([])).toEqual([]);
      });

      it('put replaces an entity and re-indexes its keys', async () => {
        await store.putEntity(entity(1, 'Stripe'));
        await store.putEntity(entity(1, 'Paystack'));
        expect(await store.findEntitiesByKeys([nameIndexKey('Stripe')], 10)).toEqual([]);
        expect(ids(await store.findEntitiesByKeys([nameIndexKey('Paystack')], 10))).toEqual([eid(1)]);
        expect(await store.countEntities()).toBe(1);
      });

      it('delete removes the entity and its keys; deleting a missing id is a no-op', async () => {
        await store.putEntity(entity(1, 'Stripe'));
        await store.deleteEntity(eid(1));
        await store.deleteEntity(eid(42));
        expect(await store.getEntity(eid(1))).toBeUndefined();
        expect(await store.findEntitiesByKeys([nameIndexKey('Stripe')], 10)).toEqual([]);
      });

      it('findEntitiesByKeys matches any key, once per entity, ordered by id, at most limit', async () => {
        await store.putEntity(entity(3, 'Rust Foundation'));
        await store.putEntity(entity(1, 'Rust', 'technology', { aliases: ['Rust language'] }));
        await store.putEntity(entity(2, 'Tokio', 'technology'));
        const keys = [tokenIndexKey('rust'), nameIndexKey('Rust'), nameIndexKey('Tokio')];
        expect(ids(await store.findEntitiesByKeys(keys, 10))).toEqual([eid(1), eid(2), eid(3)]);
        expect(ids(await store.findEntitiesByKeys(keys, 2))).toEqual([eid(1), eid(2)]);
        expect(await store.findEntitiesByKeys([], 10)).toEqual([]);
        expect(await store.findEntitiesByKeys(['n:nothing'], 10)).toEqual([]);
      });

      it('one key shared by many entities gives the smallest ids whatever the order they came in', async () => {
        // Descending, then an update of the middle one and a new alias on an old one.
        for (const i of [9, 8, 7, 6, 5, 4]) await store.putEntity(entity(i, `Northwind ${i}`));
        await store.putEntity(entity(6, 'Northwind 6', 'company', { aliases: ['NW6'] }));
        await store.putEntity(entity(2, 'Other'));
        await store.putEntity(entity(2, 'Other', 'company', { aliases: ['Northwind Two'] }));
        await store.putEntity(entity(12, 'Northwind 12'));
        const key = tokenIndexKey('northwind');
        expect(ids(await store.findEntitiesByKeys([key], 3))).toEqual([eid(2), eid(4), eid(5)]);
        expect(ids(await store.findEntitiesByKeys([key], 10))).toEqual([eid(2), eid(4), eid(5), eid(6), eid(7), eid(8), eid(9), eid(12)]);
        await store.deleteEntity(eid(4));
        expect(ids(await store.findEntitiesByKeys([key], 3))).toEqual([eid(2), eid(5), eid(6)]);
        await store.putEntity(entity(1, 'Northwind 1'));
        expect(ids(await store.findEntitiesByKeys([key], 2))).toEqual([eid(1), eid(2)]);
      });

      it('finds an entity by an alias key', async () => {
        await store.putEntity(entity(1, 'Alphabet', 'company', { aliases: ['Google'] }));
        expect(ids(await store.findEntitiesByKeys(['a:google'], 5))).toEqual([eid(1)]);
      });

      it('listEntities pages through all entities by id, with and without a type', async () => {
        const types: EntityType[] = ['company', 'person', 'company', 'technology', 'company'];
        for (const [i, type] of types.entries()) await store.putEntity(entity(5 - i, `N${i}`, type));
        expect(ids(await store.listEntities({ limit: 10 }))).toEqual([eid(1), eid(2), eid(3), eid(4), eid(5)]);
        expect(ids(await store.listEntities({ limit: 2 }))).toEqual([eid(1), eid(2)]);
        expect(ids(await store.listEntities({ limit: 2, after: eid(2) }))).toEqual([eid(3), eid(4)]);
        expect(ids(await store.listEntities({ limit: 10, type: 'company' }))).toEqual([eid(1), eid(3), eid(5)]);
        expect(ids(await store.listEntities({ limit: 10, type: 'company', after: eid(1) }))).toEqual([eid(3), eid(5)]);
        expect(ids(await store.listEntities({ limit: 1, type: 'company', after: eid(3) }))).toEqual([eid(5)]);
        expect(await store.listEntities({ limit: 10, type: 'location' })).toEqual([]);
        expect(await store.listEntities({ limit: 0 })).toEqual([]);
      });

      it('recentEntities lists the most recently updated first (ties: higher id first), of some types when asked', async () => {
        await store.putEntity(entity(1, 'A', 'company', { updatedAt: T0 + 30 }));
        await store.putEntity(entity(2, 'B', 'person', { updatedAt: T0 + 50 }));
        await store.putEntity(entity(3, 'C', 'company', { updatedAt: T0 + 30 }));
        await store.putEntity(entity(4, 'D', 'technology', { updatedAt: T0 + 10 }));
        expect(ids(await store.recentEntities({ limit: 10 }))).toEqual([eid(2), eid(3), eid(1), eid(4)]);
        expect(ids(await store.recentEntities({ limit: 2 }))).toEqual([eid(2), eid(3)]);
        expect(ids(await store.recentEntities({ limit: 10, types: ['company', 'technology'] }))).toEqual([eid(3), eid(1), eid(4)]);
        expect(await store.recentEntities({ limit: 10, types: ['location'] })).toEqual([]);
        expect(await store.recentEntities({ limit: 0 })).toEqual([]);
      });

      it('countEntities counts all or one type', async () => {
        await store.putEntity(entity(1, 'A', 'company'));
        await store.putEntity(entity(2, 'B', 'person'));
        await store.putEntity(entity(3, 'C', 'company'));
        expect(await store.countEntities()).toBe(3);
        expect(await store.countEntities('company')).toBe(2);
        expect(await store.countEntities('location')).toBe(0);
      });
    });

    describe('relationships', () => {
      beforeEach(async () => {
        for (const [n, label] of [
          [1, 'Stripe'],
          [2, 'Rust'],
          [3, 'Mozilla'],
          [4, 'Tokio'],
        ] as const) {
          await store.putEntity(entity(n, label));
        }
      });

      it('puts, gets and finds a relationship by key', async () => {
        const r = relationship(1, eid(1), 'uses', eid(2));
        await store.putRelationship(r);
        expect(await store.getRelationship(r.id)).toEqual(r);
        expect(await store.findRelationshipByKey(r.key)).toEqual(r);
        expect(await store.findRelationshipByKey(`${eid(2)}|uses|${eid(1)}`)).toBeUndefined();
      });

      it('refuses a second relationship with the same key (conflict) and keeps the first', async () => {
        const first = relationship(1, eid(1), 'uses', eid(2));
        await store.putRelationship(first);
        await expect(store.putRelationship(relationship(2, eid(1), 'uses', eid(2)))).rejects.toMatchObject({ code: 'conflict' });
        expect(await store.getRelationship(rid(2))).toBeUndefined();
        expect(await store.findRelationshipByKey(first.key)).toEqual(first);
      });

      it('re-putting a relationship under a new key frees the old key', async () => {
        await store.putRelationship(relationship(1, eid(1), 'uses', eid(2)));
        const moved = relationship(1, eid(4), 'uses', eid(2));
        await store.putRelationship(moved);
        expect(await store.findRelationshipByKey(`${eid(1)}|uses|${eid(2)}`)).toBeUndefined();
        expect(await store.findRelationshipByKey(moved.key)).toEqual(moved);
        expect(await store.relationshipsOf(eid(1), 'both', 10)).toEqual([]);
        await store.putRelationship(relationship(2, eid(1), 'uses', eid(2)));
        expect(ids(await store.listRelationships({ limit: 10 }))).toEqual([rid(1), rid(2)]);
      });

      it('relationshipsOf follows the direction, lists a self-loop once, orders by id, honours limit', async () => {
        await store.putRelationship(relationship(4, eid(2), 'created_by', eid(3)));
        await store.putRelationship(relationship(2, eid(1), 'uses', eid(2)));
        await store.putRelationship(relationship(3, eid(4), 'part_of', eid(2)));
        await store.putRelationship(relationship(1, eid(2), 'related_to', eid(2)));
        expect(ids(await store.relationshipsOf(eid(2), 'out', 10))).toEqual([rid(1), rid(4)]);
        expect(ids(await store.relationshipsOf(eid(2), 'in', 10))).toEqual([rid(1), rid(2), rid(3)]);
        expect(ids(await store.relationshipsOf(eid(2), 'both', 10))).toEqual([rid(1), rid(2), rid(3), rid(4)]);
        expect(ids(await store.relationshipsOf(eid(2), 'both', 2))).toEqual([rid(1), rid(2)]);
        expect(await store.relationshipsOf(eid(99), 'both', 10)).toEqual([]);
      });

      it('delete removes a relationship from every index', async () => {
        const r = relationship(1, eid(1), 'uses', eid(2));
        await store.putRelationship(r);
        await store.deleteRelationship(r.id);
        await store.deleteRelationship(rid(77));
        expect(await store.getRelationship(r.id)).toBeUndefined();
        expect(await store.findRelationshipByKey(r.key)).toBeUndefined();
        expect(await store.relationshipsOf(eid(1), 'both', 10)).toEqual([]);
        await store.putRelationship(relationship(2, eid(1), 'uses', eid(2)));
      });

      it('getRelationships and findRelationshipsByKeys read a batch, skipping what is missing', async () => {
        for (const n of [1, 2, 3]) await store.putRelationship(relationship(n, eid(n), 'uses', eid(4)));
        const sortIds = (rs: { id: string }[]) => ids(rs).sort();
        expect(sortIds(await store.getRelationships([rid(3), rid(9), rid(1)]))).toEqual([rid(1), rid(3)]);
        expect(await store.getRelationships([])).toEqual([]);
        const keys = [relationship(2, eid(2), 'uses', eid(4)).key, 'nowhere|uses|nothing', relationship(2, eid(2), 'uses', eid(4)).key];
        expect(ids(await store.findRelationshipsByKeys(keys))).toEqual([rid(2)]);
        expect(await store.findRelationshipsByKeys([])).toEqual([]);
      });

      it('listRelationships pages by id', async () => {
        for (const n of [3, 1, 2]) await store.putRelationship(relationship(n, eid(n), 'uses', eid(4)));
        expect(ids(await store.listRelationships({ limit: 10 }))).toEqual([rid(1), rid(2), rid(3)]);
        expect(ids(await store.listRelationships({ limit: 1, after: rid(1) }))).toEqual([rid(2)]);
        expect(await store.listRelationships({ limit: 10, after: rid(3) })).toEqual([]);
      });

      it('mostConnected ranks degrees of RANKED_MIN_DEGREE or more (a self-loop counts twice), ties by id descending, pages with after, follows writes', async () => {
        const MIN = RANKED_MIN_DEGREE;
        for (let n = 10; n < 10 + MIN + 1; n++) await store.putEntity(entity(n, `Leaf ${n}`));
        let r = 0;
        // Entity 2 is linked from MIN + 1 leaves, entity 3 from MIN - 2 leaves plus a self-loop (MIN), entity 1 from MIN leaves.
        for (let n = 10; n < 10 + MIN + 1; n++) await store.putRelationship(relationship(++r, eid(n), 'uses', eid(2)));
        for (let n = 10; n < 10 + MIN - 2; n++) await store.putRelationship(relationship(++r, eid(n), 'knows', eid(3)));
        await store.putRelationship(relationship(++r, eid(3), 'likes', eid(3)));
        for (let n = 10; n < 10 + MIN; n++) await store.putRelationship(relationship(++r, eid(n), 'likes', eid(1)));
        const rank = (id: EntityId, degree: number) => ({ id, degree });
        // Each leaf has 2 or 3 links: below the bound, not ranked.
        expect(await store.mostConnected({ limit: 10 })).toEqual([rank(eid(2), MIN + 1), rank(eid(3), MIN), rank(eid(1), MIN)]);
        expect(await store.mostConnected({ limit: 1, after: rank(eid(3), MIN) })).toEqual([rank(eid(1), MIN)]);
        expect(await store.mostConnected({ limit: 0 })).toEqual([]);
        // Re-pointing a relationship moves one end across the bound both ways; a delete drops a rank.
        const moved = relationship(1, eid(10), 'uses', eid(4));
        await store.putRelationship({ ...moved, key: `${eid(10)}|uses|${eid(4)}` });
        await store.transaction(async () => store.deleteRelationship(rid(r)));
        expect(await store.mostConnected({ limit: 10 })).toEqual([rank(eid(3), MIN), rank(eid(2), MIN)]);
        await store.clear();
        expect(await store.mostConnected({ limit: 10 })).toEqual([]);
      });
    });

    describe('evidence', () => {
      it('lists evidence of an entity oldest first, ties broken by id, at most limit', async () => {
        await store.putEvidence(evidence(3, T0 + 20, { entityId: eid(1) }));
        await store.putEvidence(evidence(2, T0 + 10, { entityId: eid(1) }));
        await store.putEvidence(evidence(1, T0 + 20, { entityId: eid(1) }));
        await store.putEvidence(evidence(4, T0 + 5, { entityId: eid(2) }));
        expect(ids(await store.evidenceOfEntity(eid(1), 10))).toEqual([vid(2), vid(1), vid(3)]);
        expect(ids(await store.evidenceOfEntity(eid(1), 2))).toEqual([vid(2), vid(1)]);
        expect(await store.evidenceOfEntity(eid(3), 10)).toEqual([]);
      });

      it('finds evidence by relationship and by page', async () => {
        const rel = evidence(1, T0 + 2, { relationshipId: rid(1) }, 'https://example.test/b');
        const ent = evidence(2, T0 + 1, { entityId: eid(1) }, 'https://example.test/b');
        await store.putEvidence(rel);
        await store.putEvidence(ent);
        await store.putEvidence(evidence(3, T0, { entityId: eid(1) }, 'https://example.test/c'));
        expect(await store.evidenceOfRelationship(rid(1), 10)).toEqual([rel]);
        expect(ids(await store.evidenceOfPage('https://example.test/b', 10))).toEqual([vid(2), vid(1)]);
        expect(ids(await store.evidenceOfPage('https://example.test/b', 1))).toEqual([vid(2)]);
      });

      it('listEvidence pages every row by id', async () => {
        for (const n of [3, 1, 2]) await store.putEvidence(evidence(n, T0 - n, { entityId: eid(n) }));
        expect(ids(await store.listEvidence({ limit: 10 }))).toEqual([vid(1), vid(2), vid(3)]);
        expect(ids(await store.listEvidence({ limit: 1, after: vid(1) }))).toEqual([vid(2)]);
        expect(await store.listEvidence({ limit: 10, after: vid(3) })).toEqual([]);
        expect(await store.listEvidence({ limit: 0 })).toEqual([]);
      });

      it('re-putting evidence moves it between entities; delete removes it', async () => {
        await store.putEvidence(evidence(1, T0, { entityId: eid(1) }));
        await store.putEvidence(evidence(1, T0, { entityId: eid(2) }));
        expect(await store.evidenceOfEntity(eid(1), 10)).toEqual([]);
        expect(ids(await store.evidenceOfEntity(eid(2), 10))).toEqual([vid(1)]);
        await store.deleteEvidence(vid(1));
        await store.deleteEvidence(vid(9));
        expect(await store.evidenceOfEntity(eid(2), 10)).toEqual([]);
        expect(await store.evidenceOfPage('https://example.test/a', 10)).toEqual([]);
      });
    });

    describe('pages', () => {
      it('puts, gets and replaces a page by url', async () => {
        const p = page('https://example.test/a', T0, [eid(1)]);
        await store.putPage(p);
        expect(await store.getPage(p.url)).toEqual(p);
        const again = { ...p, title: 'Renamed', capturedAt: T0 + 1 };
        await store.putPage(again);
        expect(await store.getPage(p.url)).toEqual(again);
        expect(await store.getPage('https://example.test/none')).toBeUndefined();
      });

      it('listPages is newest first with ties by url ascending, bounded by since and limit', async () => {
        await store.putPage(page('https://example.test/old', T0));
        await store.putPage(page('https://example.test/z', T0 + 10));
        await store.putPage(page('https://example.test/b', T0 + 10));
        await store.putPage(page('https://example.test/m', T0 + 10));
        await store.putPage(page('https://example.test/new', T0 + 20));
        const urls = (ps: Page[]) => ps.map((p) => new URL(p.url).pathname);
        expect(urls(await store.listPages({ limit: 10 }))).toEqual(['/new', '/b', '/m', '/z', '/old']);
        // The limit cuts inside a tie group: the smallest urls of the group win.
        expect(urls(await store.listPages({ limit: 2 }))).toEqual(['/new', '/b']);
        expect(urls(await store.listPages({ limit: 3 }))).toEqual(['/new', '/b', '/m']);
        expect(urls(await store.listPages({ limit: 10, since: T0 + 10 }))).toEqual(['/new', '/b', '/m', '/z']);
        expect(await store.listPages({ limit: 10, since: T0 + 21 })).toEqual([]);
        expect(await store.countPages()).toBe(5);
        expect(await store.countPages(T0 + 10)).toBe(4);
        expect(await store.countPages(T0 + 21)).toBe(0);
      });

      it('listPages keeps one site when asked, with since and limit applied on top', async () => {
        await store.putPage(page('https://a.test/1', T0));
        await store.putPage(page('https://b.test/1', T0 + 5));
        await store.putPage(page('https://a.test/3', T0 + 9));
        await store.putPage(page('https://a.test/2', T0 + 9));
        const urls = (ps: Page[]) => ps.map((p) => p.url);
        expect(urls(await store.listPages({ limit: 10, site: 'a.test' }))).toEqual([
          'https://a.test/2',
          'https://a.test/3',
          'https://a.test/1',
        ]);
        expect(urls(await store.listPages({ limit: 1, site: 'a.test' }))).toEqual(['https://a.test/2']);
        expect(urls(await store.listPages({ limit: 10, site: 'a.test', since: T0 + 1 }))).toEqual(['https://a.test/2', 'https://a.test/3']);
        expect(await store.listPages({ limit: 10, site: 'c.test' })).toEqual([]);
      });

      it('deletePage removes the page record only, and a missing page is no error', async () => {
        await store.putPage(page('https://example.test/a', T0, [eid(1)]));
        await store.putEvidence(evidence(1, T0, { entityId: eid(1) }));
        await store.deletePage('https://example.test/a');
        await store.deletePage('https://example.test/none');
        expect(await store.getPage('https://example.test/a')).toBeUndefined();
        expect(await store.pagesOfEntity(eid(1), 10)).toEqual([]);
        expect(await store.evidenceOfPage('https://example.test/a', 10)).toHaveLength(1);
      });

      it('pagesOfEntity lists the pages naming an entity, newest first, at most limit', async () => {
        await store.putPage(page('https://example.test/a', T0, [eid(1), eid(2)]));
        await store.putPage(page('https://example.test/b', T0 + 5, [eid(2)]));
        await store.putPage(page('https://example.test/c', T0 + 9, [eid(2), eid(3)]));
        const urls = (ps: Page[]) => ps.map((p) => p.url);
        expect(urls(await store.pagesOfEntity(eid(2), 10))).toEqual([
          'https://example.test/c',
          'https://example.test/b',
          'https://example.test/a',
        ]);
        expect(urls(await store.pagesOfEntity(eid(2), 1))).toEqual(['https://example.test/c']);
        expect(urls(await store.pagesOfEntity(eid(1), 10))).toEqual(['https://example.test/a']);
        expect(await store.pagesOfEntity(eid(9), 10)).toEqual([]);
      });
    });

    describe('merges and reviews', () => {
      it('keeps merge records, newest first with ties by id descending', async () => {
        await store.putMerge(merge(1, T0 + 5));
        await store.putMerge(merge(2, T0 + 9));
        await store.putMerge(merge(3, T0 + 5));
        expect(await store.getMerge(mid(2))).toEqual(merge(2, T0 + 9));
        expect(await store.getMerge(mid(9))).toBeUndefined();
        expect(ids(await store.listMerges(10))).toEqual([mid(2), mid(3), mid(1)]);
        expect(ids(await store.listMerges(2))).toEqual([mid(2), mid(3)]);
      });

      it('lists reviews of one status oldest first, ties by id, following status changes', async () => {
        await store.putReview(review(3, T0 + 1));
        await store.putReview(review(2, T0 + 1));
        await store.putReview(review(1, T0 + 7));
        await store.putReview(review(4, T0, 'accepted'));
        expect(ids(await store.listReviews('pending', 10))).toEqual([qid(2), qid(3), qid(1)]);
        expect(ids(await store.listReviews('pending', 1))).toEqual([qid(2)]);
        await store.putReview({ ...review(2, T0 + 1), status: 'rejected', decidedAt: T0 + 8 });
        expect(ids(await store.listReviews('pending', 10))).toEqual([qid(3), qid(1)]);
        expect(ids(await store.listReviews('rejected', 10))).toEqual([qid(2)]);
        expect(ids(await store.listReviews('accepted', 10))).toEqual([qid(4)]);
        expect((await store.getReview(qid(2)))?.status).toBe('rejected');
      });
    });

    describe('the read-only port', () => {
      it('GraphReader reads what the store wrote, and offers no write', async () => {
        await store.putEntity(entity(1, 'Stripe'));
        await store.putReview(review(1, T0));
        const reader: GraphReader = store;
        expect((await reader.getEntity(eid(1)))?.name).toBe('Stripe');
        expect((await reader.counts()).pendingReviews).toBe(1);
        // @ts-expect-error: the panel's port has no writes
        expect(reader.putEntity).toBeDefined(); // the object has them; the type hides them
      });
    });

    describe('bulk paths', () => {
      const batch = (n: number) => ({
        entities: [entity(n, `Bulk ${n}`), entity(n + 1, `Bulk ${n + 1}`)],
        relationships: [relationship(n, eid(n), 'uses', eid(n + 1))],
        evidence: [evidence(n, T0, { entityId: eid(n) })],
        pages: [page(`https://example.test/${n}`, T0, [eid(n)])],
      });

      it('putBatch writes every kind of record with its indexes, and deleteBatch removes them', async () => {
        await store.putBatch(batch(1), { onlyNew: true });
        expect(await store.counts()).toEqual({ entities: 2, relationships: 1, evidence: 1, pages: 1, pendingReviews: 0 });
        expect(ids(await store.findEntitiesByKeys([nameIndexKey('Bulk 2')], 5))).toEqual([eid(2)]);
        expect(ids(await store.relationshipsOf(eid(2), 'in', 5))).toEqual([rid(1)]);
        expect(ids(await store.evidenceOfEntity(eid(1), 5))).toEqual([vid(1)]);
        expect((await store.pagesOfEntity(eid(1), 5)).map((p) => p.url)).toEqual(['https://example.test/1']);
        // Without onlyNew a batch replaces records as the single puts do.
        await store.putBatch({ ...batch(1), entities: [entity(1, 'Renamed')] });
        expect((await store.getEntity(eid(1)))?.name).toBe('Renamed');
        await store.deleteBatch({
          entities: [eid(1), eid(2), eid(99)],
          relationships: [rid(1)],
          evidence: [vid(1)],
          pages: ['https://example.test/1'],
        });
        expect(await store.counts()).toEqual({ entities: 0, relationships: 0, evidence: 0, pages: 0, pendingReviews: 0 });
        expect(await store.findEntitiesByKeys([nameIndexKey('Bulk 2')], 5)).toEqual([]);
      });

      it('putBatch with onlyNew refuses a taken id, relationship key or URL (conflict), and the transaction keeps nothing', async () => {
        await store.putBatch(batch(1), { onlyNew: true });
        const taken = [
          { ...batch(10), entities: [entity(1, 'Taken id')] },
          { ...batch(10), relationships: [relationship(10, eid(1), 'uses', eid(2))] },
          { ...batch(10), relationships: [{ ...relationship(1, eid(10), 'uses', eid(11)) }] },
          { ...batch(10), evidence: [evidence(1, T0, { entityId: eid(10) })] },
          { ...batch(10), pages: [page('https://example.test/1', T0)] },
          { ...batch(10), entities: [entity(10, 'Twice'), entity(10, 'Twice')] },
        ];
        for (const [i, b] of taken.entries()) {
          await expect(
            store.transaction(async () => {
              await store.putEntity(entity(50, 'Written before'));
              await store.putBatch(b, { onlyNew: true });
            }),
            `case ${i}`,
          ).rejects.toMatchObject({ code: 'conflict' });
          expect(await store.counts(), `case ${i}`).toEqual({ entities: 2, relationships: 1, evidence: 1, pages: 1, pendingReviews: 0 });
          expect(await store.getEntity(eid(50)), `case ${i}`).toBeUndefined();
        }
      });
    });

    describe('counts and clear', () => {
      it('counts every kind of record and clear removes them all', async () => {
        await store.putEntity(entity(1, 'A'));
        await store.putEntity(entity(2, 'B'));
        await store.putRelationship(relationship(1, eid(1), 'uses', eid(2)));
        await store.putEvidence(evidence(1, T0, { entityId: eid(1) }));
        await store.putPage(page('https://example.test/a', T0, [eid(1)]));
        await store.putMerge(merge(1, T0));
        await store.putReview(review(1, T0));
        await store.putReview(review(2, T0, 'accepted'));
        expect(await store.counts()).toEqual({ entities: 2, relationships: 1, evidence: 1, pages: 1, pendingReviews: 1 });
        await store.clear();
        expect(await store.counts()).toEqual({ entities: 0, relationships: 0, evidence: 0, pages: 0, pendingReviews: 0 });
        expect(await store.findEntitiesByKeys([nameIndexKey('A')], 5)).toEqual([]);
        expect(await store.findRelationshipByKey(`${eid(1)}|uses|${eid(2)}`)).toBeUndefined();
        expect(await store.listMerges(5)).toEqual([]);
      });
    });

    describe('transactions', () => {
      it('commits the writes of fn and returns its value', async () => {
        const value = await store.transaction(async () => {
          await store.putEntity(entity(1, 'A'));
          await store.putRelationship(relationship(1, eid(1), 'uses', eid(1)));
          return 'done';
        });
        expect(value).toBe('done');
        expect(await store.counts()).toMatchObject({ entities: 1, relationships: 1 });
      });

      it('rolls back every write when fn throws (all or nothing)', async () => {
        await store.putEntity(entity(1, 'Before'));
        await store.putRelationship(relationship(1, eid(1), 'uses', eid(1)));
        await expect(
          store.transaction(async () => {
            await store.putEntity(entity(1, 'Changed'));
            await store.putEntity(entity(2, 'New'));
            await store.deleteRelationship(rid(1));
            await store.putEvidence(evidence(1, T0, { entityId: eid(2) }));
            await store.putPage(page('https://example.test/a', T0, [eid(2)]));
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect((await store.getEntity(eid(1)))?.name).toBe('Before');
        expect(await store.getEntity(eid(2))).toBeUndefined();
        expect(ids(await store.findEntitiesByKeys([nameIndexKey('Before'), nameIndexKey('Changed')], 5))).toEqual([eid(1)]);
        expect(await store.getRelationship(rid(1))).toBeDefined();
        expect(await store.counts()).toEqual({ entities: 1, relationships: 1, evidence: 0, pages: 0, pendingReviews: 0 });
      });

      it('a failed relationship write inside a transaction rolls the transaction back with code conflict', async () => {
        await store.putEntity(entity(1, 'A'));
        await store.putRelationship(relationship(1, eid(1), 'uses', eid(1)));
        await expect(
          store.transaction(async () => {
            await store.putEntity(entity(2, 'B'));
            await store.putRelationship(relationship(2, eid(1), 'uses', eid(1)));
          }),
        ).rejects.toMatchObject({ code: 'conflict' });
        expect(await store.getEntity(eid(2))).toBeUndefined();
      });

      it('a nested transaction joins the outer one instead of deadlocking', async () => {
        const result = await store.transaction(async () => {
          await store.putEntity(entity(1, 'Outer'));
          const inner = await store.transaction(async () => {
            await store.putEntity(entity(2, 'Inner'));
            return (await store.getEntity(eid(1)))?.name;
          });
          return inner;
        });
        expect(result).toBe('Outer');
        expect(await store.countEntities()).toBe(2);
      });

      it('an outer failure also undoes the writes of a nested transaction', async () => {
        await expect(
          store.transaction(async () => {
            await store.transaction(async () => store.putEntity(entity(2, 'Inner')));
            throw new Error('outer fails');
          }),
        ).rejects.toThrow('outer fails');
        expect(await store.getEntity(eid(2))).toBeUndefined();
      });

      it('concurrent transactions are serialized: read-modify-write loses no update', async () => {
        await store.putEntity(entity(1, 'Counter', 'other', { mentionCount: 0 }));
        const bump = () =>
          store.transaction(async () => {
            const current = await store.getEntity(eid(1));
            if (!current) throw new Error('missing');
            await store.putEntity({ ...current, mentionCount: current.mentionCount + 1 });
          });
        await Promise.all(Array.from({ length: 10 }, bump));
        expect((await store.getEntity(eid(1)))?.mentionCount).toBe(10);
      });

      it('a failed transaction does not block the next one', async () => {
        await expect(store.transaction(async () => Promise.reject(new Error('first fails')))).rejects.toThrow('first fails');
        await store.transaction(() => store.putEntity(entity(1, 'After')));
        expect(await store.countEntities()).toBe(1);
      });
    });
  });
}
