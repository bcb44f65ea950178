import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { foldShortNames, type FoldableGroup } from './name-folding';

interface G extends FoldableGroup {
  aliases: string[];
}

function group(name: string, type: EntityType, n: number, score = 0.6): G {
  const mentions: Mention[] = Array.from({ length: n }, (_, i) => ({ text: name, type, start: i, end: i + 1, score }));
  return { name, type, structured: false, mentions, aliases: [] };
}

function fold(groups: G[]): G[] {
  const map = new Map<Mention, G>();
  foldShortNames(groups, map, (g, a) => g.aliases.push(a));
  return groups;
}

describe('a lone first name or surname joins the full name of the page', () => {
  it('"Dylan" and "Bob" join "Bob Dylan", the name the page uses far more than "Sara Dylan"', () => {
    const out = fold([
      group('Bob Dylan', 'person', 40),
      group('Sara Dylan', 'person', 2),
      group('Dylan', 'person', 90),
      group('Bob', 'person', 5),
    ]);
    expect(out.map((g) => g.name)).toEqual(['Bob Dylan', 'Sara Dylan']);
    expect(out[0]?.aliases).toEqual(['Dylan', 'Bob']);
    expect(out[0]?.mentions).toHaveLength(135);
  });
  it('"Jeff" and "Bezos" join "Jeff Bezos"', () => {
    const out = fold([group('Jeff Bezos', 'person', 3), group('Bezos', 'company', 4), group('Jeff', 'person', 1)]);
    expect(out.map((g) => g.name)).toEqual(['Jeff Bezos']);
  });
  it('two full names used alike leave the lone surname alone', () => {
    const out = fold([group('Ann Lee', 'person', 3), group('Tom Lee', 'person', 2), group('Lee', 'person', 4)]);
    expect(out.map((g) => g.name)).toEqual(['Ann Lee', 'Tom Lee', 'Lee']);
  });
  it('a name a list typed as a company does not become the first name of a person', () => {
    const out = fold([group('Coursera genAI', 'person', 1), group('Coursera', 'company', 2, 0.9)]);
    expect(out.map((g) => g.name)).toEqual(['Coursera genAI', 'Coursera']);
  });
});

describe("a company's short form joins its one-word name", () => {
  const foldListed = (groups: G[], listed: readonly string[]): G[] => {
    foldShortNames(
      groups,
      new Map<Mention, G>(),
      (g, a) => g.aliases.push(a),
      (name) => listed.includes(name),
    );
    return groups;
  };
  it('"Zorb" joins "Zorbisystems", whatever the recognizer typed it, and its mentions move', () => {
    const out = foldListed([group('Zorbisystems', 'company', 1, 0.85), group('Zorb', 'technology', 5, 0.7)], []);
    expect(out.map((g) => g.name)).toEqual(['Zorbisystems']);
    expect(out[0]?.aliases).toEqual(['Zorb']);
    expect(out[0]?.mentions).toHaveLength(6);
  });
  it('a lone word the recognizer called a person is the short form, unless the page names someone with it', () => {
    const names = (groups: G[]) => foldListed(groups, []).map((g) => g.name);
    expect(names([group('Zorbisystems', 'company', 1, 0.85), group('Zorb', 'person', 3, 0.86)])).toEqual(['Zorbisystems']);
    // "Zorb Okafor" is a person of the page: the lone "Zorb" is his, not the company's.
    expect(names([group('Zorbisystems', 'company', 1), group('Zorb Okafor', 'person', 2), group('Zorb', 'person', 1)])).toEqual([
      'Zorbisystems',
      'Zorb Okafor',
    ]);
  });
  it('not a cut at a capital ("Zorb" of "ZorbSoft"), capitals, a listed name, a person or place, two companies, or a product', () => {
    const names = (groups: G[], listed: readonly string[] = []) => foldListed(groups, listed).map((g) => g.name);
    expect(names([group('ZorbSoft', 'company', 1), group('Zorb', 'company', 2)])).toEqual(['ZorbSoft', 'Zorb']);
    expect(names([group('Zorbisystems', 'company', 1), group('Zorb', 'company', 2)], ['Zorb'])).toEqual(['Zorbisystems', 'Zorb']);
    expect(names([group('Zorbisystems', 'company', 1), group('Zorb', 'location', 2)])).toEqual(['Zorbisystems', 'Zorb']);
    expect(names([group('Zorbisystems', 'company', 1), group('Zorbitech', 'company', 1), group('Zorb', 'company', 2)])).toEqual([
      'Zorbisystems',
      'Zorbitech',
      'Zorb',
    ]);
    expect(names([group('Zorbisystems', 'product', 1), group('Zorb', 'company', 2)])).toEqual(['Zorbisystems', 'Zorb']);
    // Capitals are no short form, nor a word glued to one ("PRO" and "PROmodels" from a table).
    expect(names([group('PROmodels', 'company', 1), group('PRO', 'technology', 9)])).toEqual(['PROmodels', 'PRO']);
  });
});
