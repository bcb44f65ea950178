// Relations read in a stored sentence answer a question exactly as stored facts of the same
// label and direction would: a role's labels, the place labels, a verb and its direction.
// The reader is a stand-in here (the capture's is tested in extract/relations/sentence-reader.test.ts).
import { describe, expect, it } from 'vitest';
import { asEntityId, type EntityId } from '../graph/ids';
import type { SentenceName, SentenceView } from './query-context';
import { answersTo, RULE_READ_SCORE, ruleReadings } from './relation-readings';
import type { RelationEnds } from './relation-words';
import type { SentenceRelation, SentenceRelationReader } from './sentence-relations.port';

function id(raw: string): EntityId {
  const out = asEntityId(raw);
  if (out === undefined) throw new Error(raw);
  return out;
}
const ORBEN = { id: id('e_1'), name: 'Orben Works', type: 'company' } as const satisfies SentenceName;
const ILSE = { id: id('e_2'), name: 'Ilse Marrow', type: 'person' } as const satisfies SentenceName;
const KAVO = { id: id('e_3'), name: 'Kavo', type: 'location' } as const satisfies SentenceName;
const TALLY = { id: id('e_4'), name: 'Tally', type: 'product' } as const satisfies SentenceName;
const DUNE = { id: id('e_5'), name: 'Dune Metrics', type: 'company' } as const satisfies SentenceName;

function rel(from: SentenceName, label: string, to: SentenceName): RelationEnds {
  return { from: from.id, fromName: from.name, fromType: from.type, label, to: to.id, toName: to.name, toType: to.type };
}

describe('answersTo', () => {
  it('reads a founder from founded_by (subject first) and a leader from ceo_of (person first)', () => {
    expect(answersTo({ kind: 'role', role: 'founder', subject: 'Orben Works' }, ORBEN.id, [rel(ORBEN, 'founded_by', ILSE)])).toEqual([
      ILSE.id,
    ]);
    expect(answersTo({ kind: 'role', role: 'leader', subject: 'Orben Works' }, ORBEN.id, [rel(ILSE, 'ceo_of', ORBEN)])).toEqual([ILSE.id]);
    // A founder is no leader.
    expect(answersTo({ kind: 'role', role: 'leader', subject: 'Orben Works' }, ORBEN.id, [rel(ORBEN, 'founded_by', ILSE)])).toEqual([]);
  });

  it('reads a place only from the entity asked about, and only a location', () => {
    const where = { kind: 'where', subject: 'Orben Works' } as const;
    expect(answersTo(where, ORBEN.id, [rel(ORBEN, 'located_in', KAVO)])).toEqual([KAVO.id]);
    expect(answersTo(where, ORBEN.id, [rel(DUNE, 'located_in', KAVO)])).toEqual([]);
    expect(answersTo(where, ORBEN.id, [rel(ORBEN, 'located_in', DUNE)])).toEqual([]);
  });

  it('keeps a relation verb’s direction: what Orben develops, who acquired Dune', () => {
    const develops = rel(ORBEN, 'develops', TALLY);
    expect(answersTo({ kind: 'relation', relation: 'develop', object: 'Orben Works', direction: 'out' }, ORBEN.id, [develops])).toEqual([
      TALLY.id,
    ]);
    // "Who develops Orben Works?" is not answered by what Orben develops.
    expect(answersTo({ kind: 'relation', relation: 'develop', object: 'Orben Works', direction: 'in' }, ORBEN.id, [develops])).toEqual([]);
    const acquired = rel(ORBEN, 'acquired', DUNE);
    expect(answersTo({ kind: 'relation', relation: 'acquired', object: 'Dune Metrics', direction: 'in' }, DUNE.id, [acquired])).toEqual([
      ORBEN.id,
    ]);
    // A type the question names is the only one given.
    const typed = { kind: 'relation', relation: 'develop', object: 'Orben Works', direction: 'out', entityType: 'technology' } as const;
    expect(answersTo(typed, ORBEN.id, [develops])).toEqual([]);
  });

  it('gives nothing for questions relations do not answer', () => {
    expect(answersTo({ kind: 'about', subject: 'Orben Works' }, ORBEN.id, [rel(ORBEN, 'founded_by', ILSE)])).toEqual([]);
  });
});

const sentence = (text: string, names: SentenceName[]): SentenceView => ({ pageUrl: 'https://p.example/a', pageTitle: 'A', text, names });

/** A stand-in reader: the relations listed for each sentence text. */
function reader(byText: ReadonlyMap<string, readonly SentenceRelation[]>): SentenceRelationReader {
  return { read: (s) => byText.get(s.text) ?? [] };
}

describe('ruleReadings', () => {
  const first = sentence('Orben Works was founded by Ilse Marrow.', [ORBEN, ILSE]);
  const again = sentence('Ilse Marrow started Orben Works in Kavo.', [ORBEN, ILSE, KAVO]);
  const founded: SentenceRelation = { from: ORBEN.id, label: 'founded_by', to: ILSE.id, confidence: 0.9 };
  const read = reader(
    new Map([
      [first.text, [founded]],
      [again.text, [founded, { from: ORBEN.id, label: 'located_in', to: KAVO.id, confidence: 0.8 }]],
    ]),
  );

  it('gives each answer once, with the first sentence stating it, ranked before every answer reader', () => {
    const out = ruleReadings(read, [first, again], [ORBEN.id], { kind: 'role', role: 'founder', subject: 'Orben Works' }, 8);
    expect(out.map((r) => [r.answer.name, r.sentence.text, r.score])).toEqual([['Ilse Marrow', first.text, RULE_READ_SCORE]]);
  });

  it('stops at the limit, and never answers with the entity asked about', () => {
    const self = reader(new Map([[first.text, [{ from: ORBEN.id, label: 'founded_by', to: ORBEN.id, confidence: 0.9 }]]]));
    expect(ruleReadings(self, [first], [ORBEN.id], { kind: 'role', role: 'founder', subject: 'Orben Works' }, 8)).toEqual([]);
    expect(ruleReadings(read, [first, again], [ORBEN.id], { kind: 'where', subject: 'Orben Works' }, 0)).toEqual([]);
  });

  it('drops a relation whose end the sentence does not name', () => {
    const stray = reader(new Map([[first.text, [{ from: ORBEN.id, label: 'founded_by', to: DUNE.id, confidence: 0.9 }]]]));
    expect(ruleReadings(stray, [first], [ORBEN.id], { kind: 'role', role: 'founder', subject: 'Orben Works' }, 8)).toEqual([]);
  });
});
