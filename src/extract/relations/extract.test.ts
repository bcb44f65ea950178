import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { bucketOf, hashString } from '../ner/hash';
import { classifyRelations, RELATION_THRESHOLD } from './extract';
import { RELATION_CLASSES } from './labels';
import type { RelationModel } from './model';

/** Mentions of `names` at their first occurrence in `text`. */
function mentionsOf(text: string, names: ReadonlyArray<[string, EntityType]>): Mention[] {
  return names.map(([name, type]) => {
    const start = text.indexOf(name);
    return { text: name, type, start, end: start + name.length, score: 1 };
  });
}
const resolve = (m: Mention) => ({ name: m.text, type: m.type });

/** A model whose only weight is the bias feature, pushing every pair towards `label`. */
function biasModel(label: (typeof RELATION_CLASSES)[number], weight: number): RelationModel {
  const bits = 8;
  const classes = RELATION_CLASSES.length;
  const weights = new Float32Array((1 << bits) * classes);
  weights[bucketOf(hashString('bias', 16), bits) * classes + RELATION_CLASSES.indexOf(label)] = weight;
  return { bits, scale: 1, weights, classes };
}

describe('classifyRelations: candidates', () => {
  it('pairs names of the same sentence only', () => {
    const text = 'Ada Lovelace spoke. Acme Corp listened.';
    const out = classifyRelations(
      text,
      mentionsOf(text, [
        ['Ada Lovelace', 'person'],
        ['Acme Corp', 'company'],
      ]),
      resolve,
      { model: biasModel('works_for', 10) },
    );
    expect(out.relations).toEqual([]);
    expect(out.coMentions).toEqual([]);
  });

  it('returns co-mentioned pairs with their sentence, once per pair', () => {
    const text = 'Ada Lovelace met Acme Corp twice; Ada Lovelace and Acme Corp agreed.';
    const ms = [
      ...mentionsOf(text, [
        ['Ada Lovelace', 'person'],
        ['Acme Corp', 'company'],
      ]),
      { text: 'Ada Lovelace', type: 'person' as const, start: 34, end: 46, score: 1 },
    ];
    const out = classifyRelations(text, ms, resolve, { model: biasModel('none', 10) });
    expect(out.relations).toEqual([]);
    expect(out.coMentions).toEqual([{ a: 'Ada Lovelace', b: 'Acme Corp', snippet: text }]);
  });
});

describe('classifyRelations: decoding, types and threshold', () => {
  // "based" is the trigger located_in needs; no rule speaks of an organization and a place.
  const text = 'In Lisbon, where it is based, Acme Corp grew.';
  const ms = mentionsOf(text, [
    ['Lisbon', 'location'],
    ['Acme Corp', 'company'],
  ]);

  it('reads located_in from the organization to the place whatever their order in the sentence', () => {
    const out = classifyRelations(text, ms, resolve, { model: biasModel('located_in', 10) });
    expect(out.relations).toHaveLength(1);
    expect(out.relations[0]).toMatchObject({ from: 'Acme Corp', label: 'located_in', to: 'Lisbon', snippet: text, origin: 'text' });
    expect(out.relations[0]?.confidence).toBeGreaterThan(0.99);
  });

  it('drops a label whose types do not fit (a place is not founded_by a company)', () => {
    expect(classifyRelations(text, ms, resolve, { model: biasModel('founded_by', 10) }).relations).toEqual([]);
  });

  it('stores nothing below the label’s bar', () => {
    const t = 'Ada Lovelace, whose husband Charles Babbage spoke.';
    const people = mentionsOf(t, [
      ['Ada Lovelace', 'person'],
      ['Charles Babbage', 'person'],
    ]);
    // A bias of 1.5 over 8 classes gives spouse_of p ≈ 0.39, under its bar of 0.7.
    const weak = biasModel('spouse_of', 1.5);
    expect(classifyRelations(t, people, resolve, { model: weak }).relations).toEqual([]);
    expect(classifyRelations(t, people, resolve, { model: weak, threshold: 0.3 }).relations).toHaveLength(1);
    expect(RELATION_THRESHOLD).toBe(0.5);
  });
});

describe('classifyRelations: triggers and lists (precision)', () => {
  it('keeps a pair with no trigger as a co-mention only', () => {
    const text = 'Fabrikam and Contoso were both at the show in Lisbon.';
    const ms = mentionsOf(text, [
      ['Fabrikam', 'company'],
      ['Contoso', 'company'],
      ['Lisbon', 'location'],
    ]);
    const out = classifyRelations(text, ms, resolve, { model: biasModel('located_in', 10) });
    expect(out.relations).toEqual([]);
    expect(out.coMentions.map((c) => [c.a, c.b])).toContainEqual(['Fabrikam', 'Lisbon']);
  });

  it('does not read a possessive as ownership ("Zorblax’s Vela" is not subsidiary_of)', () => {
    const text = 'Besides, Zorblax’s Vela 3 PRO 900 has no peer.';
    const ms = mentionsOf(text, [
      ['Zorblax', 'company'],
      ['Vela', 'company'],
    ]);
    expect(classifyRelations(text, ms, resolve, { model: biasModel('subsidiary_of', 10) }).relations).toEqual([]);
  });

  it('never relates two items of one list', () => {
    const text = 'New sources include Zendesk, SendGrid, Mandrill and Intercom.';
    const ms = mentionsOf(text, [
      ['Zendesk', 'company'],
      ['SendGrid', 'company'],
      ['Mandrill', 'location'],
      ['Intercom', 'company'],
    ]);
    expect(classifyRelations(text, ms, resolve, { model: biasModel('located_in', 10) }).relations).toEqual([]);
  });

  it('keeps a located_in that says so', () => {
    const text = 'Fabrikam is headquartered in Lisbon.';
    const ms = mentionsOf(text, [
      ['Fabrikam', 'company'],
      ['Lisbon', 'location'],
    ]);
    expect(
      classifyRelations(text, ms, resolve, { model: biasModel('located_in', 10) }).relations.map((r) => [r.from, r.label, r.to]),
    ).toEqual([['Fabrikam', 'located_in', 'Lisbon']]);
  });
});

describe('classifyRelations: the shipped model', () => {
  it('reads plain sentences in the right direction', () => {
    const cases: ReadonlyArray<[string, ReadonlyArray<[string, EntityType]>, [string, string, string]]> = [
      [
        'Microsoft is headquartered in Redmond, Washington.',
        [
          ['Microsoft', 'company'],
          ['Redmond', 'location'],
        ],
        ['Microsoft', 'located_in', 'Redmond'],
      ],
      [
        'Paris is the capital and most populous city of France.',
        [
          ['Paris', 'location'],
          ['France', 'location'],
        ],
        ['Paris', 'located_in', 'France'],
      ],
    ];
    for (const [text, names, expected] of cases) {
      const got = classifyRelations(text, mentionsOf(text, names), resolve).relations.map((r) => [r.from, r.label, r.to]);
      expect(got).toContainEqual(expected);
    }
  });
});
