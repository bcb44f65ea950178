// Answers that are complete, calibrated and cited claim by claim: a many-valued question
// lists every value the stored facts and sentences hold, with its count; each value cites
// its own page and sentence; high confidence only when every value is a stored fact and
// nothing hints at more; the offline answerer words an early stop in its own terms; cut
// lists say how many there are and offer the rest. Invented names and sentences throughout.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, type EntityId } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { EntityType } from '../graph/types';
import type { Answerer } from './answerer.port';
import { answerQuestion, createQueryEngine } from './entity-query';
import { loopStopNotice } from './query-engine';
import { askRange, parseQuestion } from './question';

const NOW = Date.UTC(2026, 2, 14, 12);
const FOUNDING = { url: 'https://ledger.example/quillfeather-founding', title: 'How Quillfeather began' };
const PROFILE = { url: 'https://ledger.example/quist-profile', title: 'A profile of Tobiah Quist' };
const BOARD = { url: 'https://ledger.example/board', title: 'Inside the Quillfeather board' };

async function world(options: { readonly boardSentence?: string; readonly thirdFounder?: boolean } = {}) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock(NOW);
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const ids = new Map<string, EntityId>();
  const entity = async (name: string, type: EntityType) => ids.set(name, (await graph.createEntity({ name, type })).id);
  const id = (name: string): EntityId => {
    const found = ids.get(name);
    if (found === undefined) throw new Error(`no ${name}`);
    return found;
  };
  await entity('Quillfeather', 'company');
  await entity('Orrery Systems', 'company');
  await entity('Mirela Vantongeren', 'person');
  await entity('Tobiah Quist', 'person');
  await entity('Senna Falk', 'person');
  const founded = 'Quillfeather was founded by Mirela Vantongeren in a rented loft.';
  const cofounded = 'Tobiah Quist co-founded Quillfeather after leaving university.';
  await graph.relate(id('Quillfeather'), 'founded_by', id('Mirela Vantongeren'), { ...page(FOUNDING), snippet: founded });
  await graph.relate(id('Quillfeather'), 'founded_by', id('Tobiah Quist'), { ...page(PROFILE), snippet: cofounded });
  await graph.relate(id('Orrery Systems'), 'invested_in', id('Quillfeather'), {
    ...page(FOUNDING),
    snippet: 'Orrery Systems invested in Quillfeather.',
  });
  await graph.relate(id('Orrery Systems'), 'partners_with', id('Quillfeather'), {
    ...page(PROFILE),
    snippet: 'Orrery Systems partners with Quillfeather.',
  });
  const on = (names: readonly string[]) => names.map(id);
  await graph.recordPage({
    ...FOUNDING,
    capturedAt: NOW - 3000,
    entityIds: on(['Quillfeather', 'Mirela Vantongeren', 'Orrery Systems']),
    sentences: [founded, 'Orrery Systems invested in Quillfeather.'],
  });
  await graph.recordPage({
    ...PROFILE,
    capturedAt: NOW - 2000,
    entityIds: on(['Quillfeather', 'Tobiah Quist', 'Orrery Systems']),
    sentences: [cofounded, 'Orrery Systems partners with Quillfeather.'],
  });
  const board = [
    ...(options.thirdFounder ? ['Senna Falk co-founded Quillfeather with the two others.'] : []),
    ...(options.boardSentence === undefined ? [] : [options.boardSentence]),
  ];
  if (board.length > 0)
    await graph.recordPage({ ...BOARD, capturedAt: NOW - 1000, entityIds: on(['Quillfeather', 'Senna Falk']), sentences: board });
  const engine = createQueryEngine({ store, clock });
  return { store, graph, id, engine, ask: (q: string) => answerQuestion(q, { engine, store }) };
}

function page(p: { readonly url: string; readonly title: string }) {
  return { pageUrl: p.url, pageTitle: p.title, capturedAt: NOW - 5000 };
}

describe('a question with several answers lists them all, counted, each with its own citation', () => {
  it('gives every stored founder with the count, at high confidence, each citing its page and sentence', async () => {
    const { ask } = await world();
    const a = await ask('Who founded Quillfeather?');
    expect(a.answer).toBe('Quillfeather was founded by 2 people: Mirela Vantongeren and Tobiah Quist.');
    expect(a.confidence).toBe('high');
    expect(a.claims).toEqual([
      {
        value: 'Mirela Vantongeren',
        entityId: expect.any(String),
        basis: 'fact',
        relationshipId: expect.any(String),
        pages: [{ ...FOUNDING, sentence: 'Quillfeather was founded by Mirela Vantongeren in a rented loft.' }],
      },
      {
        value: 'Tobiah Quist',
        entityId: expect.any(String),
        basis: 'fact',
        relationshipId: expect.any(String),
        pages: [{ ...PROFILE, sentence: 'Tobiah Quist co-founded Quillfeather after leaving university.' }],
      },
    ]);
    // The value's source cites the page stating it, not every page the person is on.
    expect(a.sources.find((s) => s.name === 'Tobiah Quist')?.pages).toEqual([
      { ...PROFILE, sentence: 'Tobiah Quist co-founded Quillfeather after leaving university.' },
    ]);
  });

  it('adds a founder only a sentence states, counts all three, and is not rated high', async () => {
    const { ask } = await world({ thirdFounder: true });
    const a = await ask('Who founded Quillfeather?');
    expect(a.answer).toMatch(
      /^Quillfeather was founded by 2 people: Mirela Vantongeren and Tobiah Quist\. Read from your pages, not stored facts: /,
    );
    expect(a.answer).toContain('In all, 3 founders: Mirela Vantongeren, Tobiah Quist and Senna Falk.');
    expect(a.confidence).toBe('medium');
    expect(a.claims?.find((c) => c.value === 'Senna Falk')).toMatchObject({
      basis: 'sentence',
      pages: [{ ...BOARD, sentence: 'Senna Falk co-founded Quillfeather with the two others.' }],
    });
  });

  it('says the facts may be incomplete, at medium, when a page hints at more than it states surely', async () => {
    const { ask } = await world({
      boardSentence: 'Quillfeather has a board of seven, and the longtime chair there, Senna Falk, founded it.',
    });
    const a = await ask('Who founded Quillfeather?');
    expect(a.answer).toBe(
      'Quillfeather was founded by 2 people: Mirela Vantongeren and Tobiah Quist. This may be incomplete: your pages may name more than your graph stores as facts.',
    );
    expect(a.confidence).toBe('medium');
  });

  it('counts the answers read from sentences alone, at low confidence, each citing its sentence', async () => {
    const { ask, graph } = await world();
    const orrery = (await graph.findByName('Orrery Systems'))[0];
    const ada = await graph.createEntity({ name: 'Ilse Marchetti', type: 'person' });
    const bo = await graph.createEntity({ name: 'Caspian Oduya', type: 'person' });
    if (!orrery) throw new Error('fixture');
    await graph.recordPage({
      url: 'https://ledger.example/orrery',
      title: 'Orrery at ten',
      entityIds: [orrery.id, ada.id, bo.id],
      sentences: ['Orrery Systems was founded by Ilse Marchetti and Caspian Oduya.'],
    });
    const a = await ask('Who founded Orrery Systems?');
    expect(a.answer).toMatch(/^I have no stored fact, but /);
    expect(a.answer).toContain('In all, 2 founders read: Ilse Marchetti and Caspian Oduya.');
    expect(a.confidence).toBe('low');
    expect(a.claims?.map((c) => [c.value, c.basis, c.pages[0]?.sentence])).toEqual([
      ['Ilse Marchetti', 'sentence', 'Orrery Systems was founded by Ilse Marchetti and Caspian Oduya.'],
      ['Caspian Oduya', 'sentence', 'Orrery Systems was founded by Ilse Marchetti and Caspian Oduya.'],
    ]);
  });

  it('gives every stated relation of two directly related entities, each a cited claim', async () => {
    const { ask } = await world();
    const a = await ask('How are Orrery Systems and Quillfeather connected?');
    expect(a.answer).toBe(
      'Orrery Systems and Quillfeather have 2 stated relations: Orrery Systems invested in Quillfeather; Orrery Systems partners with Quillfeather.',
    );
    expect(a.confidence).toBe('high');
    expect(a.claims?.map((c) => c.pages[0]?.sentence)).toEqual([
      'Orrery Systems invested in Quillfeather.',
      'Orrery Systems partners with Quillfeather.',
    ]);
  });
});

describe('a list of stored facts says when a page names more beside them', () => {
  it('rates it medium and names what the sentence stating a value also names', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock(NOW) });
    const quill = await graph.createEntity({ name: 'Quillfeather', type: 'company' });
    const tablet = await graph.createEntity({ name: 'Glimmerstone', type: 'product' });
    const printer = await graph.createEntity({ name: 'Vektra', type: 'product' });
    const sentence = 'Quillfeather is known for its drafting tablet, Glimmerstone, and its pocket printer, Vektra.';
    await graph.relate(quill.id, 'develops', tablet.id, { ...page(FOUNDING), snippet: sentence });
    await graph.recordPage({ ...FOUNDING, entityIds: [quill.id, tablet.id, printer.id], sentences: [sentence] });
    const engine = createQueryEngine({ store, clock: fixedClock(NOW) });
    const a = await answerQuestion('What does Quillfeather develop?', { engine, store });
    expect(a.answer).toBe(
      'Quillfeather develops Glimmerstone. This may be incomplete: a sentence of your pages that states this also names Vektra.',
    );
    expect(a.confidence).toBe('medium');
    expect(a.claims?.map((c) => c.value)).toEqual(['Glimmerstone']);
  });
});

describe('one founder known, whom a page calls a co-founder', () => {
  /** "Who founded Quillfeather?" over a graph of one founder, stated by `sentence`. */
  async function askOneFounder(sentence: string) {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock(NOW) });
    const quill = await graph.createEntity({ name: 'Quillfeather', type: 'company' });
    const mirela = await graph.createEntity({ name: 'Mirela Vantongeren', type: 'person' });
    await graph.relate(quill.id, 'founded_by', mirela.id, { ...page(FOUNDING), snippet: sentence });
    await graph.recordPage({ ...FOUNDING, entityIds: [quill.id, mirela.id], sentences: [sentence] });
    const engine = createQueryEngine({ store, clock: fixedClock(NOW) });
    return answerQuestion('Who founded Quillfeather?', { engine, store });
  }

  it('says the other founders are not in the graph, at medium', async () => {
    const a = await askOneFounder('Mirela Vantongeren, a co-founder of Quillfeather, spoke at the launch.');
    expect(a.answer).toBe(
      'Quillfeather was founded by Mirela Vantongeren. This may be incomplete: a page calls Mirela Vantongeren a co-founder, and the other founders are not in your graph.',
    );
    expect(a.confidence).toBe('medium');
  });

  it('stays high when the page says nothing of other founders', async () => {
    const a = await askOneFounder('Quillfeather was founded by Mirela Vantongeren in a rented loft.');
    expect(a.answer).toBe('Quillfeather was founded by Mirela Vantongeren.');
    expect(a.confidence).toBe('high');
  });
});

describe('an early stop is worded by the answerer that answered', () => {
  it('never speaks of request limits offline', async () => {
    const { engine } = await world();
    const { answer } = await engine.executeQuery('Who founded Quillfeather?', { config: { maxInfoRequests: 1 } });
    const notices = answer.notices ?? [];
    expect(notices.join(' ')).not.toMatch(/information requests|limit of/);
    expect(notices).toContain(
      'This answer may be incomplete: it was made from one look-up in your graph, and the question needed more. Ask about one entity at a time for a fuller answer.',
    );
    expect(answer.confidence).toBe('low');
  });

  it('keeps the loop wording for an answerer that gives none (an LLM that asked for too much)', async () => {
    const { store } = await world();
    const asking: Answerer = {
      name: 'always-asking',
      answer: async (input) =>
        input.forceAnswer
          ? { type: 'answer', content: 'Partial.', confidence: 'medium', sources: [], suggestedFollowUps: [] }
          : { type: 'needs_more_info', reason: 'more', requests: [{ capabilityId: 'LIST_ENTITY_DEFINITIONS', parameters: {} }] },
    };
    const engine = createQueryEngine({ store, clock: fixedClock(NOW), answerer: asking });
    const { answer } = await engine.executeQuery('Anything?', { config: { maxInfoRequests: 0 } });
    expect(answer.notices).toEqual([loopStopNotice({ kind: 'limit', limit: 0 })]);
  });
});

describe('a cut list says how many there are and offers the rest', () => {
  async function pages(n: number) {
    const store = new InMemoryGraphStore();
    const clock = fixedClock(NOW);
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    for (let i = 1; i <= n; i++) {
      const e = await graph.createEntity({ name: `Brightwater ${i}`, type: 'company' });
      await graph.recordPage({ url: `https://notes.example/${i}`, title: `Note ${i}`, capturedAt: NOW - 60_000 + i, entityIds: [e.id] });
    }
    const engine = createQueryEngine({ store, clock });
    return (q: string) => answerQuestion(q, { engine, store });
  }

  it('counts today’s pages, lists the newest, and the follow-up lists the next ones', async () => {
    const ask = await pages(12);
    const first = await ask('What did I read today?');
    expect(first.blocks?.[0]).toEqual({
      kind: 'paragraph',
      text: 'You captured 12 pages today. Here are the 10 most recent, with what each gave your graph:',
    });
    expect(first.follow_ups[0]).toBe('What did I read today? (11–12 of 12)');
    const rest = await ask(first.follow_ups[0] ?? '');
    expect(rest.blocks).toEqual([
      {
        kind: 'paragraph',
        text: 'You captured 12 pages today. Here are numbers 11 to 12, the newest first, with what each gave your graph:',
      },
      { kind: 'list', items: ['Note 2: 1 entity (Brightwater 2)', 'Note 1: 1 entity (Brightwater 1)'] },
    ]);
    expect(rest.follow_ups.some((f) => f.includes(' of 12)'))).toBe(false);
  });

  it('offers the rest of a type listing', async () => {
    const ask = await pages(23);
    const first = await ask('List the companies');
    expect(first.blocks?.[0]).toEqual({ kind: 'paragraph', text: 'Your graph has 23 companies. The 20 mentioned most often:' });
    expect(first.follow_ups[0]).toBe('List the companies (21–23 of 23)');
    const rest = await ask(first.follow_ups[0] ?? '');
    expect(rest.blocks?.[0]).toEqual({ kind: 'paragraph', text: 'Your graph has 23 companies. Numbers 21 to 23 by mentions:' });
    expect(rest.blocks?.[1]).toMatchObject({ kind: 'list', items: expect.arrayContaining([expect.stringMatching(/^Brightwater/)]) });
    expect(rest.blocks?.[1]?.kind === 'list' ? rest.blocks[1].items : []).toHaveLength(3);
  });

  it('offers the rest of the entities mentioned with one', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock(NOW) });
    const quill = await graph.createEntity({ name: 'Quillfeather', type: 'company' });
    // Saltmarsh A … L, one page each: listed by name.
    for (let i = 0; i < 12; i++) {
      const name = `Saltmarsh ${String.fromCharCode(65 + i)}`;
      const other = await graph.createEntity({ name, type: 'company' });
      await graph.recordPage({
        url: `https://notes.example/${i}`,
        title: `Note ${i}`,
        entityIds: [quill.id, other.id],
        sentences: [`Quillfeather met ${name}.`],
      });
    }
    const engine = createQueryEngine({ store, clock: fixedClock(NOW) });
    const ask = (q: string) => answerQuestion(q, { engine, store });
    const first = await ask('Which companies are mentioned with Quillfeather?');
    expect(first.blocks?.[0]).toEqual({
      kind: 'paragraph',
      text: '12 companies share a page with Quillfeather in your graph. The 10 sharing the most:',
    });
    expect(first.follow_ups[0]).toBe('Which companies are mentioned with Quillfeather? (11–12 of 12)');
    const rest = await ask(first.follow_ups[0] ?? '');
    expect(rest.blocks).toEqual([
      { kind: 'paragraph', text: '12 companies share a page with Quillfeather in your graph. Numbers 11 to 12, the most shared first:' },
      { kind: 'list', items: ['Saltmarsh K, on 1 page: “Note 10”', 'Saltmarsh L, on 1 page: “Note 11”'] },
    ]);
  });

  it('reads the range of a follow-up, and writes one', () => {
    expect(parseQuestion('What did I read today? (11–20 of 23)')).toEqual({ kind: 'captured', scope: 'today', from: 11 });
    expect(parseQuestion('List the companies (21-40 of 57)')).toEqual({ kind: 'list', entityType: 'company', from: 21 });
    // Only a list takes the range; another question is read without it.
    expect(parseQuestion('Who founded Quillfeather? (2–3 of 4)')).toEqual({ kind: 'role', role: 'founder', subject: 'Quillfeather' });
    expect(askRange('List the companies (21–40 of 57)', 41, 57, 57)).toBe('List the companies (41–57 of 57)');
  });
});
