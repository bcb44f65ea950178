import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../../tooling/testing/relation-rules';
import type { EntityType } from '../../core/graph/types';
import { tokenize, type Span } from './features';
import { bareTitle, founderTitleBetween, jobAt, pastRole, startedOrg, subsidiaryOf } from './rules-titles';

/** The typed relations the rules read in `text`, every occurrence of each name a mention of its type. */
const rel = rulesRead;

/** The token span of `name` in `text` (its first occurrence). */
function span(text: string, name: string, type: Span['type']): Span {
  const tokens = tokenize(text);
  const at = text.indexOf(name);
  const start = tokens.findIndex((t) => t.start >= at);
  const end = tokens.findIndex((t) => t.start >= at + name.length);
  return { start, end: end < 0 ? tokens.length : end, type };
}

const words = (s: string) => tokenize(s).map((t) => t.text);

describe('titles that name the organization whatever its type', () => {
  it('reads the name after a job apposition\'s "at" as the employer, even taken for a product or a place', () => {
    expect(
      rel('Ada Quinn, head of research at Kestrel, said so.', [
        ['Ada Quinn', 'person'],
        ['Kestrel', 'product'],
      ]),
    ).toEqual(['Ada Quinn works_for Kestrel']);
    expect(
      rel('Ada Quinn, professor of economics at Brightwater, said so.', [
        ['Ada Quinn', 'person'],
        ['Brightwater', 'location'],
      ]),
    ).toEqual(['Ada Quinn works_for Brightwater']);
    // A team is "on" a product, not on a place.
    expect(jobAt(words(', software engineer on'), true)).toBe(true);
    expect(jobAt(words(', software engineer on'), false)).toBe(false);
  });

  it('reads no job in a place or a clause after the comma, nor without a title', () => {
    expect(jobAt(words(', in front of the shed at'))).toBe(false);
    expect(jobAt(words(', who spoke at'))).toBe(false);
    expect(jobAt(words(', a visitor at'))).toBe(false);
    expect(jobAt(words(', a former engineer at'))).toBe(false);
    expect(jobAt(words(', an engineer at the'))).toBe(true);
  });

  it("reads a founder's and chief's title between two names as the first one's, a person or not", () => {
    expect(
      rel('Kestrel co-founder and CEO Ada Quinn said so.', [
        ['Kestrel', 'person'],
        ['Ada Quinn', 'person'],
      ]),
    ).toEqual(['Ada Quinn ceo_of Kestrel', 'Kestrel founded_by Ada Quinn']);
    // Two founders, not one's company; an aide's title is no organization's.
    expect(founderTitleBetween(words('and co-founder'))).toEqual([]);
    expect(founderTitleBetween(words('adviser'))).toEqual([]);
    expect(founderTitleBetween(words("' s co-founder"))).toEqual([]);
  });

  it('reads "is a subsidiary of" whatever type the first name was given, not a person\'s other phrases', () => {
    expect(
      rel('Kestrel Labs (KL) is a subsidiary of Brightwater Group.', [
        ['Kestrel Labs', 'person'],
        ['Brightwater Group', 'company'],
      ]),
    ).toEqual(['Kestrel Labs subsidiary_of Brightwater Group']);
    expect(subsidiaryOf(words('is now a wholly - owned subsidiary of'))).toBe(true);
    expect(subsidiaryOf(words('sold a subsidiary of'))).toBe(false);
    expect(subsidiaryOf(words('is a fan of'))).toBe(false);
  });

  it('reads an apposition whose noun the organization qualifies', () => {
    const people: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Brightwater', 'company'],
    ];
    expect(rel('Ada Quinn, a Brightwater spokeswoman, said no.', people)).toEqual(['Ada Quinn works_for Brightwater']);
    expect(rel('Ada Quinn is a Brightwater engineer.', people)).toEqual(['Ada Quinn works_for Brightwater']);
    // Not when the noun goes on ("a Brightwater engineer's badge").
    expect(rel("Ada Quinn, a Brightwater engineer's friend, said no.", people)).toEqual([]);
    expect(
      rel('Kestrel, a Brightwater unit, grew.', [
        ['Kestrel', 'company'],
        ['Brightwater', 'company'],
      ]),
    ).toEqual(['Kestrel subsidiary_of Brightwater']);
  });

  it('gives a title closed by ", and" to the person before it, not to the next one', () => {
    expect(
      rel('Ada Quinn, Brightwater’s CEO, and Bo Lind, its CTO, said so.', [
        ['Ada Quinn', 'person'],
        ['Bo Lind', 'person'],
        ['Brightwater', 'company'],
      ]),
    ).toEqual(['Ada Quinn ceo_of Brightwater']);
  });

  it('reads a title before the person and "of" the organization as a job', () => {
    expect(
      rel('Professor Ada Quinn of Brightwater University spoke.', [
        ['Ada Quinn', 'person'],
        ['Brightwater University', 'company'],
      ]),
    ).toEqual(['Ada Quinn works_for Brightwater University']);
    // "of" closing the person's phrase is an affiliation too; "at" only says where.
    expect(
      rel('Ada Quinn of Brightwater and Omar Reyes spoke.', [
        ['Ada Quinn', 'person'],
        ['Brightwater', 'company'],
        ['Omar Reyes', 'person'],
      ]),
    ).toEqual(['Ada Quinn works_for Brightwater']);
    expect(
      rel('We met Ada Quinn at Brightwater yesterday.', [
        ['Ada Quinn', 'person'],
        ['Brightwater', 'company'],
      ]),
    ).toEqual([]);
  });

  it('reads a person who started an organization as its founder, not one who started its podcast', () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Kestrel', 'company'],
    ];
    expect(rel('Two years later, Ada Quinn moved on to start Kestrel, a payments firm.', names)).toEqual(['Kestrel founded_by Ada Quinn']);
    expect(rel("Ada Quinn started Kestrel's podcast.", names)).toEqual([]);
    expect(startedOrg(words('started at'))).toBe(false);
  });
});

describe('roles that are over', () => {
  const names: ReadonlyArray<[string, EntityType]> = [
    ['Ada Quinn', 'person'],
    ['Brightwater', 'company'],
  ];

  it('stores no present role for a role that ended', () => {
    for (const text of [
      'Ada Quinn stepped down as CEO of Brightwater in May.',
      'Ada Quinn resigned as chief executive of Brightwater.',
      'Ada Quinn, then CEO of Brightwater, spoke.',
      "Brightwater's then-CEO Ada Quinn spoke.",
      'Ada Quinn, who was CEO of Brightwater until 2019, spoke.',
      'Ada Quinn served as CEO of Brightwater until 2019.',
      'Ada Quinn, who led Brightwater from 2001 to 2009, spoke.',
      'Ada Quinn once worked at Brightwater.',
      'Ada Quinn, the former CEO of Brightwater, spoke.',
      'Ada Quinn, who left Brightwater last year, spoke.',
    ])
      expect(rel(text, names), text).toEqual([]);
  });

  it('keeps present roles, and a founder stays one', () => {
    expect(rel('Ada Quinn, the outgoing CEO of Brightwater, spoke.', names)).toEqual(['Ada Quinn ceo_of Brightwater']);
    expect(rel('Ada Quinn, the late founder of Brightwater, spoke.', names)).toEqual(['Brightwater founded_by Ada Quinn']);
    expect(rel('Ada Quinn has been CEO of Brightwater since 2015.', names)).toEqual(['Ada Quinn ceo_of Brightwater']);
  });

  it('reads past words between the names and "until" right after the second', () => {
    const text = 'Ada Quinn stepped down as CEO of Brightwater';
    expect(pastRole(tokenize(text), span(text, 'Ada Quinn', 'per'), span(text, 'Brightwater', 'org'))).toBe(true);
    const still = 'Ada Quinn, CEO of Brightwater, said so';
    expect(pastRole(tokenize(still), span(still, 'Ada Quinn', 'per'), span(still, 'Brightwater', 'org'))).toBe(false);
    // "(left)" in a caption is where she stands, not a departure.
    const caption = 'Ada Quinn (left) of Brightwater';
    expect(pastRole(tokenize(caption), span(caption, 'Ada Quinn', 'per'), span(caption, 'Brightwater', 'org'))).toBe(false);
  });
});

describe('bare titles', () => {
  it('reads a corporate title with no organization before it', () => {
    const text = 'I talked with CEO Ada Quinn about it.';
    expect(bareTitle(tokenize(text), span(text, 'Ada Quinn', 'per'))).toBe('ceo_of');
    const founding = 'At the time, founding partner Ada Quinn says so.';
    expect(bareTitle(tokenize(founding), span(founding, 'Ada Quinn', 'per'))).toBe('founded_by');
    const chief = 'Chief executive Ada Quinn said so.';
    expect(bareTitle(tokenize(chief), span(chief, 'Ada Quinn', 'per'))).toBe('ceo_of');
  });

  it("reads no bare title after a name, a possessive or a past word, nor a state's title", () => {
    for (const text of [
      'Kestrel CEO Ada Quinn said so.',
      "Kestrel's CEO Ada Quinn said so.",
      'Former CEO Ada Quinn said so.',
      'President Ada Quinn said so.',
    ])
      expect(bareTitle(tokenize(text), span(text, 'Ada Quinn', 'per')), text).toBeUndefined();
  });

  it("relates a bare title to the page's organization when the sentence names no other", () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Brightwater', 'company'],
      ['Ada Quinn', 'person'],
      ['Omar Reyes', 'person'],
      ['Kestrel', 'company'],
    ];
    const lead = 'Brightwater grew. Brightwater hired. Brightwater sold. ';
    expect(rel(`${lead}I talked with CEO Ada Quinn about it.`, names)).toEqual(['Ada Quinn ceo_of Brightwater']);
    // Another organization in the sentence: whose CEO is not said.
    expect(rel(`${lead}CEO Ada Quinn met Kestrel staff.`, names)).toEqual([]);
    // No organization the page is about.
    expect(rel('I talked with CEO Ada Quinn about it.', names)).toEqual([]);
  });
});
