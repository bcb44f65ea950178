import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { pageSubject } from './anaphora';
import { classifyRelations } from './extract';
import { RELATION_CLASSES } from './labels';
import type { RelationModel } from './model';

/** A model that never relates anything: only the rules speak. */
const silent: RelationModel = {
  bits: 4,
  scale: 1,
  weights: new Float32Array(16 * RELATION_CLASSES.length),
  classes: RELATION_CLASSES.length,
};

/** Every occurrence of each name as a mention; the relations the rules read, with their confidence. */
function rel(text: string, names: ReadonlyArray<[string, EntityType]>): { facts: string[]; coMentions: string[]; confidence: number[] } {
  const ms: Mention[] = [];
  for (const [name, type] of names) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length))
      ms.push({ text: name, type, start: at, end: at + name.length, score: 1 });
  }
  const out = classifyRelations(text, ms, (m) => ({ name: m.text, type: m.type }), { model: silent });
  return {
    facts: out.relations.map((r) => `${r.from} ${r.label} ${r.to}`).sort(),
    coMentions: out.coMentions.map((c) => `${c.a}+${c.b}`),
    confidence: out.relations.map((r) => r.confidence),
  };
}

describe('anaphors: the implicit argument of a sentence', () => {
  it('reads "he" as the only person of the sentence before', () => {
    const text = 'Ada Quinn grew up in Lisbon. In 2014, he co-founded developer outsourcing firm Fabrikam, which raised money.';
    const out = rel(text, [
      ['Ada Quinn', 'person'],
      ['Lisbon', 'location'],
      ['Fabrikam', 'company'],
    ]);
    expect(out.facts).toEqual(['Fabrikam founded_by Ada Quinn']);
    // Less sure than a named fact, and never a co-mention: the sentence does not name her.
    expect(out.confidence[0]).toBeLessThan(0.75);
    expect(out.coMentions.filter((c) => c.includes('Fabrikam'))).toEqual([]);
  });

  it('reads no "he" when the sentence before named two people', () => {
    const text = 'Ada Quinn met Omar Reyes. He co-founded Fabrikam.';
    expect(
      rel(text, [
        ['Ada Quinn', 'person'],
        ['Omar Reyes', 'person'],
        ['Fabrikam', 'company'],
      ]).facts,
    ).toEqual([]);
  });

  it('reads "he" only in a subject’s place', () => {
    const text = 'Ada Quinn wrote the study. A Ridgeway University scientist found a name he had never heard.';
    expect(
      rel(text, [
        ['Ada Quinn', 'person'],
        ['Ridgeway University', 'company'],
      ]).facts,
    ).toEqual([]);
  });

  it('reads "the firm" as the page’s organization only where it was named lately', () => {
    const text =
      'Fabrikam grew. Fabrikam hired. Fabrikam moved. Contoso pledged credits. It helps. This, said the firm’s senior vice-president Ada Quinn, is good.';
    expect(
      rel(text, [
        ['Fabrikam', 'company'],
        ['Contoso', 'company'],
        ['Ada Quinn', 'person'],
      ]).facts,
    ).toEqual([]);
  });

  it('reads "we" and "the company" as the organization the page is about', () => {
    const text =
      'Fabrikam moves data. Fabrikam grew. Fabrikam hired. In fact, we decided to adopt Kestrel in the first place. The company also acquired Contoso.';
    expect(
      rel(text, [
        ['Fabrikam', 'company'],
        ['Kestrel', 'technology'],
        ['Contoso', 'company'],
      ]).facts,
    ).toEqual(['Fabrikam acquired Contoso', 'Fabrikam uses Kestrel']);
  });

  it('reads "It" opening a sentence as the name that opened the one before', () => {
    const text = 'Northwind Robotics is a subsidiary of Contoso Group. It offers Gita, a robot that can follow you.';
    expect(
      rel(text, [
        ['Northwind Robotics', 'company'],
        ['Contoso Group', 'company'],
        ['Gita', 'product'],
      ]).facts,
    ).toContain('Northwind Robotics develops Gita');
  });
});

describe('pageSubject', () => {
  it('is the dominant organization, or none', () => {
    const c = (name: string) => ({ name, type: 'company' as const });
    expect(pageSubject([c('A'), c('A'), c('A'), c('B')])).toEqual(c('A'));
    expect(pageSubject([c('A'), c('A'), c('A'), c('B'), c('B'), c('B')])).toBeUndefined();
    expect(pageSubject([c('A'), c('A')])).toBeUndefined();
  });
});
