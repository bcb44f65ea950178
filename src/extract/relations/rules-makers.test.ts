import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import { classifyRelations } from './extract';
import { tokenize } from './features';
import { RELATION_CLASSES } from './labels';
import type { RelationModel } from './model';
import { madeBy, makerOf } from './rules-makers';

/** A model that never relates anything: only the rules speak. */
const silent: RelationModel = {
  bits: 4,
  scale: 1,
  weights: new Float32Array(16 * RELATION_CLASSES.length),
  classes: RELATION_CLASSES.length,
};

/** The typed relations the rules read in `text`, every occurrence of each name a mention of its type. */
function rel(text: string, names: ReadonlyArray<[string, EntityType]>): string[] {
  const ms: Mention[] = [];
  for (const [name, type] of names)
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length))
      ms.push({ text: name, type, start: at, end: at + name.length, score: 1 });
  return classifyRelations(text, ms, (m) => ({ name: m.text, type: m.type }), { model: silent })
    .relations.map((r) => `${r.from} ${r.label} ${r.to}`)
    .sort();
}

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
