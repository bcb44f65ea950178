// Ingestion queues for review what the resolver keeps apart on purpose but a person should
// see: one name stored with two types, and a first name or surname beside the full name on
// the same page. A pair decided once is not asked about again.
import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, CaptureAnalysis } from '../capture';
import { fixedClock, sequentialIds } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { EntityType } from '../graph/types';
import { createResolver } from '../resolve/resolver';
import { createRegistry } from '../tools';
import { NameIndex } from '../search/name-index';
import { ingestCapture } from './ingest';
import { queueReviewDoubts } from './review-doubts';

async function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const service = new GraphService({ store, ids, clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const search = await NameIndex.load(store);
  search.attach(service);
  const registry = createRegistry({ graph: service, store, search });
  let at = 0;
  const capture = (url: string, entities: AnalyzedEntity[]) =>
    ingestCapture(page(url, entities), { service, resolver, store, clock, ids }, { capturedAt: ++at });
  return { store, registry, capture };
}

function ent(name: string, type: EntityType, mentions = 1): AnalyzedEntity {
  return { name, type, aliases: [], attributes: {}, salience: 0.5, mentions, snippet: `${name} was mentioned here.`, origin: 'text' };
}
function page(url: string, entities: AnalyzedEntity[]): CaptureAnalysis {
  return { url, title: `Title of ${url}`, entities, relations: [], notes: [], analyzeMs: 1 };
}

describe('review doubts at ingestion', () => {
  it('one name stored as a company and as a person: the weaker one is offered to fold into the other', async () => {
    const { store, capture } = await setup();
    await capture('https://a.example/', [ent('HackerRank', 'company', 5)]);
    const second = await capture('https://b.example/', [ent('HackerRank', 'person', 1)]);
    expect(second.queuedForReview).toBe(1);
    const [item] = await store.listReviews('pending', 10);
    expect(item).toMatchObject({
      mention: { name: 'HackerRank', type: 'person', pageUrl: 'https://b.example/', snippet: 'HackerRank was mentioned here.' },
      candidates: [{ label: 'HackerRank', type: 'company' }],
    });
    expect(item?.reason).toContain('stored both as a company and as a person');
  });

  it('a first name and a surname beside the full name on one page each go to review', async () => {
    const { store, capture } = await setup();
    const out = await capture('https://music.example/', [
      ent('Bob Dylan', 'person', 3),
      ent('Bob', 'person'),
      ent('Dylan', 'person'),
      ent('Joan Baez', 'person'),
    ]);
    const items = await store.listReviews('pending', 10);
    const doubts = items.map((i) => `${i.mention.name} → ${i.candidates.map((c) => c.label).join(', ')}`).sort();
    // "Dylan" alone is folded into "Bob Dylan" on the page by the resolver; "Bob" is not (a first name could be anyone's).
    expect(doubts).toContain('Bob → Bob Dylan');
    expect(doubts.every((d) => d.endsWith('→ Bob Dylan'))).toBe(true);
    expect(out.queuedForReview).toBe(items.length);
  });

  it('names that only share a word, or people on different pages, are not doubts', async () => {
    const { store, capture } = await setup();
    await capture('https://a.example/', [ent('Bob Dylan', 'person')]);
    await capture('https://b.example/', [ent('Bob', 'person'), ent('Northwind Labs', 'company'), ent('Northwind', 'location')]);
    expect(await store.listReviews('pending', 10)).toEqual([]);
  });

  it('a pair kept apart once is not queued again by later pages', async () => {
    const { store, registry, capture } = await setup();
    await capture('https://a.example/', [ent('Mercury', 'location', 4)]);
    await capture('https://b.example/', [ent('Mercury', 'company')]);
    const [item] = await store.listReviews('pending', 10);
    await registry.call('review_decide', { review_id: item?.id, decision: 'keep_separate' }, { caller: { kind: 'test' } });
    const again = await capture('https://c.example/', [ent('Mercury', 'company'), ent('Mercury', 'location')]);
    expect(again.queuedForReview).toBe(0);
    expect(await store.listReviews('pending', 10)).toEqual([]);
  });

  it('"merge" on a type clash folds the weaker entity into the other', async () => {
    const { store, registry, capture } = await setup();
    await capture('https://a.example/', [ent('HackerRank', 'company', 5)]);
    await capture('https://b.example/', [ent('HackerRank', 'person')]);
    const [item] = await store.listReviews('pending', 10);
    await registry.call('review_decide', { review_id: item?.id, decision: 'merge' }, { caller: { kind: 'test' } });
    const left = await store.listEntities({ limit: 10 });
    expect(left.map((e) => `${e.name}/${e.type}`)).toEqual(['HackerRank/company']);
  });

  // Written straight to the graph: the resolver, at ingestion, often folds such names itself;
  // these are the pairs it kept apart.
  async function written(pages: Record<string, readonly (readonly [string, EntityType])[]>) {
    const store = new InMemoryGraphStore();
    const deps = { store, ids: sequentialIds(), clock: fixedClock() };
    const graph = new GraphService(deps);
    const byPage = new Map<string, EntityId[]>();
    for (const [url, entities] of Object.entries(pages)) {
      const ids: EntityId[] = [];
      for (const [name, type] of entities) ids.push((await graph.createEntity({ name, type })).id);
      await graph.recordPage({ url, title: url, entityIds: ids });
      byPage.set(url, ids);
    }
    return { store, deps, byPage };
  }

  it('an acronym and a short form beside their full names on one page go to review, the short one to fold', async () => {
    const url = 'https://quillon.example/news';
    const { store, deps, byPage } = await written({
      [url]: [
        ['Quillon Labs Network', 'company'],
        ['QLN', 'company'],
        ['Blue Harbor', 'product'],
        ['Harbor', 'product'],
        ['Bank of Harbor', 'company'],
        ['Harbor City', 'location'],
        ['Harbor Labs', 'person'],
      ],
    });
    const queued = await queueReviewDoubts(deps, { url, title: 'News' }, byPage.get(url) ?? []);
    const doubts = queued.map((i) => `${i.mention.name} → ${i.candidates.map((c) => c.label).join(', ')}`).sort();
    expect(doubts).toEqual(['Harbor → Blue Harbor', 'QLN → Quillon Labs Network']);
    expect(queued.find((i) => i.mention.name === 'QLN')?.reason).toContain('the acronym of “Quillon Labs Network”');
    expect(await queueReviewDoubts(deps, { url, title: 'News' }, byPage.get(url) ?? [])).toEqual([]); // not asked twice
    expect(await store.listReviews('pending', 10)).toHaveLength(2);
  });

  it('a name form on a recent page of the same site is proposed; on another site it is not', async () => {
    const { deps, byPage } = await written({
      'https://quillon.example/about': [['Quillon Ventures', 'company']],
      'https://elsewhere.example/': [['Novax', 'company']],
      'https://quillon.example/team': [['Quillon', 'company']],
      'https://other.example/team': [['Novax Group Systems', 'company']],
    });
    const team = await queueReviewDoubts(
      deps,
      { url: 'https://quillon.example/team', title: 'Team' },
      byPage.get('https://quillon.example/team') ?? [],
    );
    expect(team.map((i) => [i.mention.name, i.candidates.map((c) => c.label)])).toEqual([['Quillon', ['Quillon Ventures']]]);
    const other = await queueReviewDoubts(
      deps,
      { url: 'https://other.example/team', title: 'Team' },
      byPage.get('https://other.example/team') ?? [],
    );
    expect(other).toEqual([]);
  });
});
