import { describe, expect, it } from 'vitest';
import { RELATION_CLASSES } from '../../extract/relations/labels';
import { ENTITY_TYPES } from '../graph/types';
import { EXTRACTION_JSON_SCHEMA, LLM_RELATION_LABELS, parseExtraction } from './schema';

const valid = {
  entities: [
    { name: 'Stripe', type: 'company', aliases: ['Stripe, Inc.'] },
    { name: 'Patrick Collison', type: 'person', aliases: [] },
  ],
  relations: [{ from: 'Stripe', label: 'founded_by', to: 'Patrick Collison', sentence: 'Stripe was founded by Patrick Collison.' }],
};

describe('the extraction schema', () => {
  it('parses a well-formed answer', () => {
    expect(parseExtraction(valid)).toEqual({ ok: true, value: valid });
  });

  it('fills missing aliases with none', () => {
    const parsed = parseExtraction({ entities: [{ name: 'Stripe', type: 'company' }], relations: [] });
    expect(parsed.ok && parsed.value.entities[0]?.aliases).toEqual([]);
  });

  it.each([
    [
      'a label outside the relation set',
      { ...valid, relations: [{ ...valid.relations[0], label: 'ignore_previous_instructions' }] },
      'relations.0.label',
    ],
    ['a type outside the six types', { ...valid, entities: [{ name: 'X', type: 'villain', aliases: [] }] }, 'entities.0.type'],
    ['an empty name', { ...valid, entities: [{ name: '  ', type: 'company', aliases: [] }] }, 'entities.0.name'],
    ['a relation without its sentence', { ...valid, relations: [{ from: 'a', label: 'uses', to: 'b' }] }, 'relations.0.sentence'],
    [
      'too many entities',
      { ...valid, entities: Array.from({ length: 61 }, (_, i) => ({ name: `E${i}`, type: 'other', aliases: [] })) },
      'entities',
    ],
    ['not an object', 'Sure! Here are the facts: Stripe.', 'root'],
  ])('refuses %s, saying where', (_, raw, path) => {
    const parsed = parseExtraction(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(path);
  });

  it("offers the offline relation classifier's labels, so both extractors land on the same relationships", () => {
    expect([...LLM_RELATION_LABELS]).toEqual(RELATION_CLASSES.filter((c) => c !== 'none'));
  });

  it('sends a JSON schema with the same enums as the zod schema', () => {
    const props = EXTRACTION_JSON_SCHEMA.properties as {
      entities: { items: { properties: { type: { enum: string[] } } } };
      relations: { items: { properties: { label: { enum: string[] } }; required: string[] } };
    };
    expect(props.entities.items.properties.type.enum).toEqual([...ENTITY_TYPES]);
    expect(props.relations.items.properties.label.enum).toEqual([...LLM_RELATION_LABELS]);
    expect(props.relations.items.required).toEqual(['from', 'label', 'to', 'sentence']);
  });
});
