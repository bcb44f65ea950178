import { describe, expect, it } from 'vitest';
import type { EntityId } from './ids';
import { asEntityId, fixedClock, sequentialIds } from './ids';
import { InMemoryGraphStore } from './memory-store';
import { GraphService } from './service';
import { decideType, describeTally, pageVotes, parseTypeVote, roleVotes, tallyTypes, typeIsStated, typeVoteDetail } from './type-evidence';
import type { Evidence, Relationship } from './types';

function id(raw: string): EntityId {
  const out = asEntityId(raw);
  if (out === undefined) throw new Error(`bad id ${raw}`);
  return out;
}

const ids = sequentialIds();
function mention(pageUrl: string, detail: string | undefined, capturedAt = 1, extra: Partial<Evidence> = {}): Evidence {
  return {
    id: ids.evidence(),
    kind: 'mention',
    entityId: id('e_000001'),
    pageUrl,
    pageTitle: 'A page',
    snippet: 'Quillon was named here.',
    capturedAt,
    ...(detail === undefined ? {} : { detail }),
    ...extra,
  };
}

function rel(from: string, label: string, to: string): Relationship {
  return {
    id: ids.relationship(),
    from: id(from),
    to: id(to),
    label,
    key: `${from}|${label}|${to}`,
    createdAt: 1,
    updatedAt: 1,
  };
}

describe('type votes', () => {
  it('a vote reads back from the detail it writes, and nothing else reads as one', () => {
    expect(parseTypeVote(typeVoteDetail({ type: 'company', source: 'structured' }))).toEqual({ type: 'company', source: 'structured' });
    expect(parseTypeVote(typeVoteDetail({ type: 'other', source: 'text' }))).toEqual({ type: 'other', source: 'text' });
    expect(parseTypeVote('type: planet (text)')).toBeUndefined();
    expect(parseTypeVote('confidence 0.8')).toBeUndefined();
    expect(parseTypeVote(undefined)).toBeUndefined();
  });

  it('one vote per page: the newest capture, the weightiest of its rows; an LLM casts none; an old row vouches for the type it has', () => {
    const votes = pageVotes(
      [
        mention('https://a.example/1', typeVoteDetail({ type: 'person', source: 'text' }), 1),
        mention('https://a.example/1', typeVoteDetail({ type: 'product', source: 'text' }), 5),
        mention('https://b.example/2', typeVoteDetail({ type: 'product', source: 'text' }), 2),
        mention('https://b.example/2', typeVoteDetail({ type: 'company', source: 'structured' }), 2),
        mention('https://c.example/3', typeVoteDetail({ type: 'location', source: 'text' }), 3, { extractor: 'llm', model: 'm' }),
        mention('https://d.example/4', undefined, 4),
      ],
      'technology',
    );
    expect([...votes]).toEqual([
      ['https://a.example/1', { type: 'product', source: 'text' }],
      ['https://b.example/2', { type: 'company', source: 'structured' }],
      ['https://d.example/4', { type: 'technology', source: 'text' }],
    ]);
  });

  it('roles vote for the types they admit: "acquired" makes a company, "invested_in" admits a person too', () => {
    const buyer = id('e_000001');
    expect(roleVotes(buyer, [rel('e_000001', 'acquired', 'e_000002')])).toEqual(new Map([['company', 2]]));
    expect(roleVotes(buyer, [rel('e_000001', 'invested_in', 'e_000002')])).toEqual(
      new Map([
        ['company', 2],
        ['person', 2],
      ]),
    );
    // The object of located_in is a place; its subject may be anything, so it says nothing.
    expect(roleVotes(buyer, [rel('e_000002', 'located_in', 'e_000001')])).toEqual(new Map([['location', 2]]));
    expect(roleVotes(buyer, [rel('e_000001', 'located_in', 'e_000002'), rel('e_000001', 'mentioned_with', 'e_000003')])).toEqual(new Map());
    // Many roles count as much as one page's structured data at most.
    const many = ['e_000002', 'e_000003', 'e_000004'].map((to) => rel('e_000001', 'acquired', to));
    expect(roleVotes(buyer, many).get('company')).toBe(3);
  });

  it('the heaviest type wins; a tie keeps the type it has; one guess does not undo a statement', () => {
    const text = (type: 'person' | 'company' | 'other') => ({ type, source: 'text' as const });
    expect(decideType('person', tallyTypes('person', [text('person'), text('company')]))).toBe('person');
    expect(decideType('person', tallyTypes('person', [text('person'), text('company'), text('company')]))).toBe('company');
    expect(decideType('person', tallyTypes('person', [text('person'), { type: 'company', source: 'structured' }]))).toBe('company');
    const stated = tallyTypes('company', [{ type: 'company', source: 'structured' }, text('person'), text('person')]);
    expect(decideType('company', stated)).toBe('company');
    // "other" says the recognizer could not type it: any typed vote outweighs it.
    expect(decideType('other', tallyTypes('other', [text('other'), text('person')]))).toBe('person');
    expect(decideType('person', tallyTypes('person', [text('person')], new Map([['company', 2]])))).toBe('company');
    expect(describeTally(tallyTypes('person', [text('person')], new Map([['company', 2]])))).toBe('company 2, person 1.5');
  });

  it('a type is stated when some page gave it by structured data', () => {
    const rows = [mention('https://a.example/1', typeVoteDetail({ type: 'company', source: 'structured' }))];
    expect(typeIsStated(rows, 'company')).toBe(true);
    expect(typeIsStated(rows, 'person')).toBe(false);
    expect(typeIsStated([mention('https://a.example/1', typeVoteDetail({ type: 'company', source: 'text' }))], 'company')).toBe(false);
  });
});

describe('GraphService.retypeByEvidence', () => {
  function setup() {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    return { store, graph };
  }
  const source = {
    pageUrl: 'https://a.example/1',
    pageTitle: 'A page',
    snippet: 'Quillon bought Tessaly.',
    detail: 'company 3.5, person 1.5',
  };

  it('changes the type, keeps it open to later evidence, and records the change as evidence of the page', async () => {
    const { store, graph } = setup();
    const quillon = await graph.createEntity({ name: 'Quillon', type: 'person' });
    const after = await graph.retypeByEvidence(quillon.id, 'company', source);
    expect(after).toMatchObject({ type: 'company' });
    expect(after.typeSetByUser).toBeUndefined();
    const ev = await store.evidenceOfEntity(quillon.id, 10);
    expect(ev).toEqual([
      expect.objectContaining({
        kind: 'attribute',
        pageUrl: source.pageUrl,
        snippet: source.snippet,
        detail: 'type: person → company (company 3.5, person 1.5)',
      }),
    ]);
  });

  it('never changes the type the user set, and records nothing', async () => {
    const { store, graph } = setup();
    const quillon = await graph.createEntity({ name: 'Quillon', type: 'company' });
    await graph.updateEntity(quillon.id, { type: 'product' });
    const after = await graph.retypeByEvidence(quillon.id, 'company', source);
    expect(after).toMatchObject({ type: 'product', typeSetByUser: true });
    expect(await store.evidenceOfEntity(quillon.id, 10)).toEqual([]);
  });
});
