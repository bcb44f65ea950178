/**
 * What the relation trigger rules alone read, for their tests: a relation model that never
 * relates anything, and the typed relations of a text whose names are all given with their
 * types (every occurrence a mention, as a recognizer would report them).
 *
 * @example
 *   rulesRead('Zentrix Corp acquired Lumora.', [['Zentrix Corp', 'company'], ['Lumora', 'company']]) // ['Zentrix Corp acquired Lumora']
 */
import type { Mention } from '../../src/core/capture';
import type { EntityType } from '../../src/core/graph/types';
import { classifyRelations } from '../../src/extract/relations/extract';
import { RELATION_CLASSES } from '../../src/extract/relations/labels';
import type { RelationModel } from '../../src/extract/relations/model';

/** A model that never relates anything: only the rules speak. */
export const silentRelationModel: RelationModel = {
  bits: 4,
  scale: 1,
  weights: new Float32Array(16 * RELATION_CLASSES.length),
  classes: RELATION_CLASSES.length,
};

/** Every occurrence of each name in `text`, as a mention of its type. */
export function everyMention(text: string, names: ReadonlyArray<readonly [string, EntityType]>): Mention[] {
  const ms: Mention[] = [];
  for (const [name, type] of names)
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length))
      ms.push({ text: name, type, start: at, end: at + name.length, score: 1 });
  return ms;
}

/** The typed relations the rules read in `text` ("from label to"), sorted. */
export function rulesRead(text: string, names: ReadonlyArray<readonly [string, EntityType]>): string[] {
  return classifyRelations(text, everyMention(text, names), (m) => ({ name: m.text, type: m.type }), { model: silentRelationModel })
    .relations.map((r) => `${r.from} ${r.label} ${r.to}`)
    .sort();
}
