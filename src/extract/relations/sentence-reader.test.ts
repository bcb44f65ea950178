// One engine for capture and questions: a stored sentence is read at question time by the
// capture's own relation stage (the reader places the sentence's known names; the rules
// decide), and the symbolic answerer answers from what it yields. Invented names and sentences.
import { describe, expect, it } from 'vitest';
import { asEntityId, fixedClock, sequentialIds, type EntityId } from '../../core/graph/ids';
import { InMemoryGraphStore } from '../../core/graph/memory-store';
import { GraphService } from '../../core/graph/service';
import type { EntityType } from '../../core/graph/types';
import { answerQuestion, createQueryEngine } from '../../core/query/entity-query';
import type { SentenceName, SentenceView } from '../../core/query/query-context';
import { ANSWER_READERS } from '../../core/query/sentence-reading';
import { captureSentenceReader, placeNames, readSentenceRelations } from './sentence-reader';

const name = (id: string, n: string, type: EntityType, aliases?: string[]): SentenceName => ({
  id:
    asEntityId(id) ??
    (() => {
      throw new Error(id);
    })(),
  name: n,
  type,
  ...(aliases === undefined ? {} : { aliases }),
});
const VELMORA = name('e_1', 'Velmora Labs', 'company');
const ADA = name('e_2', 'Ada Quinlan', 'person');
const TEO = name('e_3', 'Teodor Brisk', 'person');
const PINE = name('e_4', 'Pinecrest Analytics', 'company');
const sentence = (text: string, names: SentenceName[], refersBy?: SentenceView['refersBy']): SentenceView => ({
  pageUrl: 'https://notes.example/velmora',
  pageTitle: 'Velmora notes',
  text,
  names,
  ...(refersBy === undefined ? {} : { refersBy }),
});
const labelled = (s: SentenceView) =>
  readSentenceRelations(s).map(
    (r) => `${s.names.find((n) => n.id === r.from)?.name} ${r.label} ${s.names.find((n) => n.id === r.to)?.name}`,
  );

describe('the capture relation stage over one stored sentence', () => {
  it('reads every founder a list names, as the capture would', () => {
    expect(labelled(sentence('Velmora Labs was founded by Ada Quinlan and Teodor Brisk in a garage.', [VELMORA, ADA, TEO]))).toEqual(
      expect.arrayContaining(['Velmora Labs founded_by Ada Quinlan', 'Velmora Labs founded_by Teodor Brisk']),
    );
  });

  it('reads an opener the sentence goes on about an entity with as that entity', () => {
    const s = sentence('The company acquired Pinecrest Analytics last spring.', [VELMORA, PINE], {
      opener: 'The company',
      name: 'Velmora Labs',
    });
    expect(labelled(s)).toContain('Velmora Labs acquired Pinecrest Analytics');
    // Without the opener placed, only one name stands in the sentence: nothing to relate.
    expect(labelled({ ...s, refersBy: undefined })).toEqual([]);
  });

  it('places the longest name where two overlap, and a person by surname', () => {
    const velmora = name('e_5', 'Velmora', 'company');
    const placed = placeNames(sentence('Quinlan left Velmora Labs for Velmora.', [velmora, VELMORA, ADA]));
    expect(placed.map((p) => [p.name.name, p.start, p.end])).toEqual([
      ['Ada Quinlan', 0, 7],
      ['Velmora Labs', 13, 25],
      ['Velmora', 30, 37],
    ]);
  });

  it('gives a name two entities go by to the one asked about', () => {
    const corvel = name('e_10', 'Corvel', 'company');
    const corvelLabs = name('e_11', 'Corvel Labs', 'company', ['corvel']);
    const s = sentence('Corvel was founded by Ada Quinlan.', [corvel, corvelLabs, ADA]);
    const founders = (about?: string) =>
      readSentenceRelations(s, undefined, about === undefined ? undefined : (asEntityId(about) ?? undefined))
        .filter((r) => r.label === 'founded_by')
        .map((r) => r.from);
    expect(founders('e_11')).toEqual([corvelLabs.id]);
    expect(founders('e_10')).toEqual([corvel.id]);
  });

  it('finds names only as whole words, and reads nothing from a sentence naming none', () => {
    expect(placeNames(sentence('Velmoralabs and Pinecrest Analyticsx are no names here.', [VELMORA, PINE]))).toEqual([]);
    expect(readSentenceRelations(sentence('Nothing is named in this sentence.', [VELMORA]))).toEqual([]);
  });

  it('keeps offsets where a letter’s lower case is longer ("İ")', () => {
    const s = sentence('İzmir Hall hosted Velmora Labs.', [VELMORA]);
    const [placed] = placeNames(s);
    expect(placed === undefined ? '' : s.text.slice(placed.start, placed.end)).toBe('Velmora Labs');
  });

  it('takes names with pattern characters as plain text', () => {
    const odd = name('e_6', 'C++ (Ada) [x]*', 'technology');
    expect(() => readSentenceRelations(sentence('Velmora Labs uses C++ (Ada) [x]* for its compilers.', [VELMORA, odd]))).not.toThrow();
  });

  it('switches the trigger rules off (the ablation): an acquisition, a rule-only label, is no longer read', () => {
    const s = sentence('Velmora Labs acquired Pinecrest Analytics in May.', [VELMORA, PINE]);
    expect(
      captureSentenceReader()
        .read(s)
        .map((r) => r.label),
    ).toEqual(['acquired']);
    expect(
      captureSentenceReader({ rules: false })
        .read(s)
        .map((r) => r.label),
    ).not.toContain('acquired');
  });
});

const NOW = Date.UTC(2026, 4, 2, 9);
const PAGE = { url: 'https://ledger.example/velmora-story', title: 'The Velmora story' };

/** A graph with no founder fact: only a stored page sentence names them. */
async function world(founding: string) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock(NOW);
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const ids: EntityId[] = [];
  for (const [n, type] of [
    ['Velmora Labs', 'company'],
    ['Ada Quinlan', 'person'],
    ['Teodor Brisk', 'person'],
  ] as const)
    ids.push((await graph.createEntity({ name: n, type })).id);
  await graph.recordPage({ ...PAGE, capturedAt: NOW - 1000, entityIds: ids, sentences: ['Velmora Labs makes sensors.', founding] });
  return { store, clock };
}

describe('questions answered with the capture relation stage', () => {
  it('answers a founder question from a stored sentence: every founder, read not stored, citing its page', async () => {
    const { store, clock } = await world('It was founded by Ada Quinlan and Teodor Brisk in a garage.');
    // Every answer reader of its own off: what is read, the capture's rules read.
    const engine = createQueryEngine({ store, clock, relationReader: captureSentenceReader(), answerReadersOff: new Set(ANSWER_READERS) });
    const result = await answerQuestion('Who founded Velmora Labs?', { engine, store });
    expect(result.confidence).toBe('low');
    expect(result.answer).toContain('not a fact in your graph');
    expect(result.answer).toContain('In all, 2 founders read: Ada Quinlan and Teodor Brisk');
    expect(result.claims?.map((c) => [c.value, c.basis])).toEqual([
      ['Ada Quinlan', 'sentence'],
      ['Teodor Brisk', 'sentence'],
    ]);
    expect(result.claims?.flatMap((c) => c.pages.map((p) => p.url))).toEqual([PAGE.url, PAGE.url]);
  });

  it('reads nothing when neither the capture stage nor an answer reader is on (the reading is the engine’s)', async () => {
    const { store, clock } = await world('It was founded by Ada Quinlan and Teodor Brisk in a garage.');
    const engine = createQueryEngine({ store, clock, answerReadersOff: new Set(ANSWER_READERS) });
    const result = await answerQuestion('Who founded Velmora Labs?', { engine, store });
    expect(result.answer).not.toContain('Ada Quinlan');
  });

  it('does not read a founder from a sentence that denies it', async () => {
    const { store, clock } = await world('Velmora Labs said Ada Quinlan never worked on the sensors.');
    const engine = createQueryEngine({ store, clock, relationReader: captureSentenceReader(), answerReadersOff: new Set(ANSWER_READERS) });
    const result = await answerQuestion('Who founded Velmora Labs?', { engine, store });
    expect(result.answer).not.toContain('Ada Quinlan');
  });
});

describe('shapes the question side no longer reads on its own: the capture stage reads them', () => {
  it.each([
    [
      'the organization a job’s organization has ("co-director of Ridgeway’s Halden Center")',
      'In 2019 the chemist Ivo Berg, co-director of Ridgeway’s Halden Center, was writing a paper.',
      'Ivo Berg works_for Halden Center',
    ],
    [
      'a title held at an organization before the name',
      'The director of the Halden Center, Ivo Berg, spoke first.',
      'Ivo Berg works_for Halden Center',
    ],
  ])('%s', (_, text, relation) => {
    const ivo = name('e_7', 'Ivo Berg', 'person');
    const ridgeway = name('e_8', 'Ridgeway', 'company');
    const halden = name('e_9', 'Halden Center', 'company');
    expect(labelled(sentence(text, [ivo, ridgeway, halden]))).toContain(relation);
  });
});
