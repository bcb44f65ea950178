import { describe, expect, it } from 'vitest';
import { rulesRead } from '../../../tooling/testing/relation-rules';
import type { EntityType } from '../../core/graph/types';
import { tokenize } from './features';
import { madeBy, makerOf } from './rules-makers';

/** The typed relations the rules read in `text`, every occurrence of each name a mention of its type. */
const rel = rulesRead;

const words = (s: string) => tokenize(s).map((t) => t.text);
const names: ReadonlyArray<[string, EntityType]> = [
  ['Kestrel', 'product'],
  ['Brightwater', 'company'],
  ['Ada Quinn', 'person'],
];

describe('a made thing before its maker', () => {
  it('reads a passive of making with its "by"', () => {
    expect(rel('Kestrel was developed by Brightwater.', names)).toEqual(['Brightwater develops Kestrel']);
    expect(rel('Kestrel, created by Ada Quinn, is fast.', names)).toEqual(['Ada Quinn develops Kestrel']);
    expect(madeBy(words(', which was originally built by the'))).toBe(true);
    // Not a making verb, or another word before it.
    expect(madeBy(words('was bought by'))).toBe(false);
    expect(madeBy(words('was praised and built by'))).toBe(false);
  });

  it('reads a product noun and "from", and a maker noun', () => {
    expect(rel('The Kestrel app from Brightwater is fast.', names)).toEqual(['Brightwater develops Kestrel']);
    expect(rel('Kestrel maker Brightwater grew.', names)).toEqual(['Brightwater develops Kestrel']);
    expect(rel('Brightwater, the maker of Kestrel, grew.', names)).toEqual(['Brightwater develops Kestrel']);
    expect(makerOf(words(', a fan of'))).toBe(false);
  });

  it("reads the maker's possessive in the thing's apposition", () => {
    expect(rel("Kestrel, Brightwater's chat app, is fast.", names)).toEqual(['Brightwater develops Kestrel']);
    // The apposition goes on about something else.
    expect(rel("Kestrel, Brightwater's chat app store, is fast.", names)).toEqual([]);
  });
});
