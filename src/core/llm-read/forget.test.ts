import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, CaptureAnalysis } from '../capture';
import { cleanEvidence } from '../export/check-dump';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { ingestCapture } from '../ingest/ingest';
import { createResolver } from '../resolve/resolver';
import type { PageWrite } from '../tools/write-report';
import { forgetLlmReading } from './forget';

const URL_ = 'https://stripe.com/about';
const ent = (name: string, type: AnalyzedEntity['type']): AnalyzedEntity => ({
  name,
  type,
  aliases: [],
  attributes: {},
  salience: 0.5,
  mentions: 1,
  snippet: `${name} is here.`,
  origin: 'text',
});
const analysis = (entities: AnalyzedEntity[], relations: CaptureAnalysis['relations'] = []): CaptureAnalysis => ({
  url: URL_,
  title: 'Stripe',
  entities,
  relations,
  notes: ['offline note'],
  analyzeMs: 1,
  sentences: ['Stripe was founded by Patrick Collison.'],
});

async function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const deps = { service: graph, resolver: createResolver({ store, clock, settings: { networkLookups: false } }), store, clock, ids };
  await ingestCapture(
    analysis(
      [ent('Stripe', 'company'), ent('Patrick Collison', 'person')],
      [{ from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', snippet: 'Stripe was founded by Patrick Collison.', origin: 'text' }],
    ),
    deps,
    { capturedAt: 1_000 },
  );
  const offline = {
    page: await store.getPage(URL_),
    evidence: await store.evidenceOfPage(URL_, 100),
    stripe: (await graph.findByName('Stripe'))[0],
  };
  await ingestCapture(
    analysis(
      [
        { ...ent('Stripe', 'company'), aliases: ['Stripe Inc'] },
        ent('Patrick Collison', 'person'),
        ent('Ruby', 'technology'),
        ent('Dublin', 'location'),
      ],
      [
        { from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', snippet: 'Stripe was founded by Patrick Collison.', origin: 'text' },
        { from: 'Stripe', label: 'uses', to: 'Ruby', snippet: 'Stripe uses Ruby.', origin: 'text' },
      ],
    ),
    deps,
    { capturedAt: 1_000, provenance: { extractor: 'llm', model: 'llama3.2' } },
  );
  return { store, graph, offline };
}

describe('LLM findings through ingestion', () => {
  it('add evidence marked with the model, leave known entities and the page record as captured', async () => {
    const { store, graph, offline } = await setup();
    const evidence = await store.evidenceOfPage(URL_, 100);
    const llm = evidence.filter((ev) => ev.extractor === 'llm');
    expect(llm.length).toBe(6); // four mentions, two relations
    expect(llm.every((ev) => ev.model === 'llama3.2')).toBe(true);
    expect((await graph.findByName('Stripe'))[0]).toEqual(offline.stripe); // no alias, count or attribute from the LLM
    const page = await store.getPage(URL_);
    expect(page).toMatchObject({ capturedAt: 1_000, notes: ['offline note'], sentences: offline.page?.sentences });
    expect(page?.entityIds.length).toBe(4);
  });

  it('survive export: the provenance fields are kept by the dump cleaner', async () => {
    const { store } = await setup();
    const llm = (await store.evidenceOfPage(URL_, 100)).find((ev) => ev.extractor === 'llm');
    expect(llm && cleanEvidence(llm)).toMatchObject({ extractor: 'llm', model: 'llama3.2' });
  });
});

describe('forgetLlmReading', () => {
  it('removes the LLM evidence and what only it supported; offline facts stay as they were', async () => {
    const { store, graph, offline } = await setup();
    const outcome = await forgetLlmReading({ graph, store }, URL_);
    expect(outcome).toEqual({ evidenceRemoved: 6, relationshipsRemoved: 1, entitiesRemoved: 2 });
    expect(await store.evidenceOfPage(URL_, 100)).toEqual(offline.evidence);
    expect(await store.getPage(URL_)).toEqual(offline.page);
    expect(await graph.findByName('Ruby')).toEqual([]);
    expect(await graph.findByName('Dublin')).toEqual([]);
    expect(await forgetLlmReading({ graph, store }, URL_)).toEqual({ evidenceRemoved: 0, relationshipsRemoved: 0, entitiesRemoved: 0 });
  });

  it('records, in its write turn, the ids of what went: entities, relationships, and the LLM rows of what stays', async () => {
    const { store, graph } = await setup();
    const llm = (await store.evidenceOfPage(URL_, 100)).filter((ev) => ev.extractor === 'llm');
    const id = async (name: string) => (await graph.findByName(name))[0]?.id;
    const kept = new Set([await id('Stripe'), await id('Patrick Collison')]);
    const uses = llm.find((ev) => ev.snippet === 'Stripe uses Ruby.')?.relationshipId;
    const founded = llm.find((ev) => ev.snippet === 'Stripe was founded by Patrick Collison.' && ev.relationshipId)?.relationshipId;
    const gone = [await id('Ruby'), await id('Dublin')];
    const recorded: PageWrite[] = [];
    let committed = 0;
    const recorder = {
      prepare: async () => ({ record: async (w: PageWrite) => void recorded.push(w), committed: () => void committed++ }),
    };
    await forgetLlmReading({ graph, store, recorder }, URL_);
    expect(recorded).toEqual([
      {
        url: URL_,
        rewritten: false,
        removed: {
          entities: expect.arrayContaining(gone),
          relationships: [uses],
          // Stripe's and Patrick's mentions and the founded_by row (it stays: the offline reading found it too).
          evidence: llm.filter((ev) => kept.has(ev.entityId) || ev.relationshipId === founded).map((ev) => ({ id: ev.id })),
        },
      },
    ]);
    expect(recorded[0]?.removed?.entities).toHaveLength(2);
    expect(recorded[0]?.removed?.evidence).toHaveLength(3);
    expect(committed).toBe(1);
  });

  it('keeps an entity the user related by hand, and a relationship another page supports', async () => {
    const { store, graph } = await setup();
    const [ruby] = await graph.findByName('Ruby');
    const [patrick] = await graph.findByName('Patrick Collison');
    if (ruby === undefined || patrick === undefined) throw new Error('setup');
    await graph.relate(patrick.id, 'uses', ruby.id); // typed by the user: no evidence
    const outcome = await forgetLlmReading({ graph, store }, URL_);
    expect(outcome.entitiesRemoved).toBe(1); // Dublin only
    expect((await graph.findByName('Ruby')).map((e) => e.id)).toEqual([ruby.id]);
    expect((await store.getPage(URL_))?.entityIds).not.toContain(ruby.id);
  });
});
