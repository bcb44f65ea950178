import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { listTypes, phrasePersons } from './typing-stage';
import type { Group } from './stage';

/** Groups for each name of `text` typed as given, each with one mention of the given score. */
function page(text: string, typed: readonly (readonly [string, EntityType, number])[]) {
  const groups: Group[] = [];
  const mentionGroup = new Map<Mention, Group>();
  for (const [name, type, score] of typed) {
    const start = text.indexOf(name);
    if (start < 0) throw new Error(`"${name}" is not in the text`);
    const m: Mention = { text: name, type, start, end: start + name.length, score };
    const g: Group = {
      name,
      type,
      keys: new Set(),
      aliases: new Set(),
      attributes: {},
      structured: false,
      mentions: [m],
      typeVotes: new Map([[type, score]]),
    };
    groups.push(g);
    mentionGroup.set(m, g);
  }
  return { groups, mentionGroup, typeOf: (name: string) => groups.find((g) => g.name === name)?.type };
}

describe('listTypes: the items of one written list are things of one kind', () => {
  const text = 'Partners include Brindlewood, Quorvane, Tessaly and Marrowind, with more to come.';

  it('gives a guessed item the type the other items agree on', () => {
    const p = page(text, [
      ['Brindlewood', 'company', 0.9],
      ['Quorvane', 'company', 0.9],
      ['Tessaly', 'location', 0.55],
      ['Marrowind', 'company', 0.6],
    ]);
    listTypes(text, p.groups, p.mentionGroup, () => false);
    expect(p.typeOf('Tessaly')).toBe('company');
  });

  it('leaves a sure item, a listed name and an item of a split list alone', () => {
    const sure = page(text, [
      ['Brindlewood', 'company', 0.9],
      ['Quorvane', 'company', 0.9],
      ['Tessaly', 'location', 0.95],
      ['Marrowind', 'company', 0.6],
    ]);
    listTypes(text, sure.groups, sure.mentionGroup, () => false);
    expect(sure.typeOf('Tessaly')).toBe('location');

    const listed = page(text, [
      ['Brindlewood', 'company', 0.9],
      ['Quorvane', 'company', 0.9],
      ['Tessaly', 'location', 0.5],
      ['Marrowind', 'company', 0.6],
    ]);
    listTypes(text, listed.groups, listed.mentionGroup, (n) => n === 'Tessaly');
    expect(listed.typeOf('Tessaly')).toBe('location');

    const split = 'Brindlewood and Quorvane signed. Tessaly is far from Marrowind.';
    const apart = page(split, [
      ['Brindlewood', 'company', 0.9],
      ['Quorvane', 'company', 0.9],
      ['Tessaly', 'location', 0.5],
      ['Marrowind', 'company', 0.6],
    ]);
    listTypes(split, apart.groups, apart.mentionGroup, () => false);
    expect(apart.typeOf('Tessaly')).toBe('location');
  });

  it("keeps a person's full name a person in a list of firms", () => {
    const speakers = 'Speakers come from Brindlewood, Quorvane, Maria Okonkwo and Marrowind.';
    const p = page(speakers, [
      ['Brindlewood', 'company', 0.9],
      ['Quorvane', 'company', 0.9],
      ['Maria Okonkwo', 'person', 0.6],
      ['Marrowind', 'company', 0.9],
    ]);
    listTypes(speakers, p.groups, p.mentionGroup, () => false);
    expect(p.typeOf('Maria Okonkwo')).toBe('person');
  });

  it('needs two agreeing items and two thirds of the weight, and moves nothing between technology and product', () => {
    const mixed = page(text, [
      ['Brindlewood', 'company', 0.9],
      ['Quorvane', 'person', 0.9],
      ['Tessaly', 'location', 0.5],
      ['Marrowind', 'company', 0.6],
    ]);
    listTypes(text, mixed.groups, mixed.mentionGroup, () => false);
    expect(mixed.typeOf('Tessaly')).toBe('location');

    const stack = 'It is written in Ostrel, Vandra or Kelpie, and runs on Quillbox.';
    const tools = page(stack, [
      ['Ostrel', 'technology', 0.9],
      ['Vandra', 'technology', 0.9],
      ['Kelpie', 'product', 0.5],
    ]);
    listTypes(stack, tools.groups, tools.mentionGroup, () => false);
    expect(tools.typeOf('Kelpie')).toBe('product');
  });
});

describe('phrasePersons: two everyday words are no person', () => {
  const text = 'Quiet Hours mutes alerts at night; Grace Tallow wrote it with Dorvan Pike. Silver Garden is next.';

  it('takes a guessed person of everyday words for its next vote, else other', () => {
    const p = page(text, [
      ['Quiet Hours', 'person', 0.6],
      ['Silver Garden', 'person', 0.6],
    ]);
    const quiet = p.groups[0];
    if (quiet === undefined) throw new Error('no group');
    quiet.typeVotes.set('product', 0.3);
    phrasePersons(p.groups);
    expect(p.typeOf('Quiet Hours')).toBe('product');
    expect(p.typeOf('Silver Garden')).toBe('other');
  });

  it('keeps a person with a first name or a word no dictionary has', () => {
    const p = page(text, [
      ['Grace Tallow', 'person', 0.6],
      ['Dorvan Pike', 'person', 0.6],
    ]);
    phrasePersons(p.groups);
    expect(p.typeOf('Grace Tallow')).toBe('person');
    expect(p.typeOf('Dorvan Pike')).toBe('person');
  });
});
