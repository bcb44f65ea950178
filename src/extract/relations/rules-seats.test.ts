import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../../tooling/testing/relation-rules';
import type { EntityType } from '../../core/graph/types';
import { tokenize } from './features';
import { officeOf } from './rules-seats';

/** The typed relations the rules read in `text`, every occurrence of each name a mention of its type. */
const rel = rulesRead;

const org: ReadonlyArray<[string, EntityType]> = [
  ['Kestrel', 'company'],
  ['Brightwater', 'location'],
];

describe('places that qualify a noun', () => {
  it("reads a place qualifying an apposition's organization noun as the seat", () => {
    expect(rel('Kestrel, a Brightwater startup, raised money.', org)).toEqual(['Kestrel located_in Brightwater']);
    expect(rel('Kestrel, a small Brightwater firm, raised money.', org)).toEqual(['Kestrel located_in Brightwater']);
    // The noun goes on: a scene, not the organization.
    expect(rel('Kestrel, a Brightwater startup scene favourite, raised money.', org)).toEqual([]);
  });

  it('reads "the <place> <organization noun> <name>" as the seat', () => {
    expect(rel('The Brightwater company Kestrel raised money.', org)).toEqual(['Kestrel located_in Brightwater']);
    expect(rel('Brightwater company Kestrel raised money.', org)).toEqual([]);
  });

  it("reads a demonym qualifying the organization's noun as the country the page names", () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Kestrel', 'company'],
      ['Fabrikam', 'company'],
      ['Norway', 'location'],
    ];
    expect(rel('Norway is cold. Kestrel, a Norwegian company, grew. The Norwegian startup Fabrikam grew too.', names)).toEqual([
      'Fabrikam located_in Norway',
      'Kestrel located_in Norway',
    ]);
    // The page does not name the country: nothing to relate.
    expect(rel('Kestrel, a Norwegian company, grew.', names)).toEqual([]);
  });
});

describe('offices held for a place', () => {
  const names: ReadonlyArray<[string, EntityType]> = [
    ['Ada Quinn', 'person'],
    ['Brightwater', 'location'],
  ];

  it('reads "the mayor of", "the prime minister of" and "<place> Mayor <person>"', () => {
    expect(rel('Ada Quinn, the mayor of Brightwater, said so.', names)).toEqual(['Ada Quinn works_for Brightwater']);
    expect(rel('Ada Quinn, the prime minister of Brightwater, said so.', names)).toEqual(['Ada Quinn works_for Brightwater']);
    expect(rel('Brightwater Mayor Ada Quinn said so.', names)).toEqual(['Ada Quinn works_for Brightwater']);
  });

  it('reads no past office, and no other apposition', () => {
    expect(rel('Ada Quinn, the former mayor of Brightwater, said so.', names)).toEqual([]);
    expect(rel('Former Brightwater Mayor Ada Quinn said so.', names)).toEqual([]);
    expect(rel('Ada Quinn, a visitor from Brightwater, said so.', names)).toEqual([]);
    expect(officeOf(tokenize(', the ambassador of').map((t) => t.text))).toEqual([]);
  });
});
