import { describe, expect, it } from 'vitest';
import { isInside, mapDatasetLabel, MODEL_TYPES, TAG_COUNT, TAG_O, tagB, tagI, tagName, tagType, typeId } from './labels';

describe('label mapping', () => {
  it('maps each dataset label explicitly onto the six entity types', () => {
    expect(mapDatasetLabel('conll2003', 'PER')).toBe('person');
    expect(mapDatasetLabel('conll2003', 'ORG')).toBe('company');
    expect(mapDatasetLabel('conll2003', 'LOC')).toBe('location');
    expect(mapDatasetLabel('conll2003', 'MISC')).toBe('other');
    expect(mapDatasetLabel('crossner', 'programlang')).toBe('technology');
    expect(mapDatasetLabel('crossner', 'product')).toBe('product');
    expect(mapDatasetLabel('crossner', 'organisation')).toBe('company');
    expect(mapDatasetLabel('crossner', 'researcher')).toBe('person');
    expect(mapDatasetLabel('crossner', 'country')).toBe('location');
    expect(mapDatasetLabel('crossner', 'algorithm')).toBeNull();
    expect(mapDatasetLabel('wnut17', 'corporation')).toBe('company');
    expect(mapDatasetLabel('wnut17', 'group')).toBe('other');
  });

  it('refuses labels it does not know (undefined, not a silent O)', () => {
    expect(mapDatasetLabel('crossner', 'spaceship')).toBeUndefined();
    expect(mapDatasetLabel('conll2003', 'toString')).toBeUndefined();
  });
});

describe('tags', () => {
  it('numbers O, then B and I per type, and round-trips', () => {
    expect(TAG_COUNT).toBe(1 + 2 * MODEL_TYPES.length);
    for (const type of MODEL_TYPES) {
      const t = typeId(type);
      expect(tagType(tagB(t))).toBe(t);
      expect(tagType(tagI(t))).toBe(t);
      expect(isInside(tagI(t))).toBe(true);
      expect(isInside(tagB(t))).toBe(false);
    }
    expect(tagType(TAG_O)).toBe(-1);
    expect(tagName(tagB(typeId('person')))).toBe('B-person');
  });
});
