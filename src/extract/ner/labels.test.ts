import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isInside, mapDatasetLabel, MODEL_TYPES, TAG_COUNT, TAG_O, tagB, tagI, tagName, tagType, typeId } from './labels';
import type { DatasetScheme } from './labels';

const CORPUS = '../shared/corpus/ner';

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

  it('covers every label that occurs in the training and dev files', (ctx) => {
    if (!existsSync(CORPUS)) ctx.skip(`corpus not found at ${CORPUS}`);
    const files: Array<[string, DatasetScheme, RegExp]> = [
      ['conll2003/eng.train', 'conll2003', /\s/],
      ['crossner/ai/train.txt', 'crossner', /\t/],
      ['crossner/ai/dev.txt', 'crossner', /\t/],
      ['crossner/politics/train.txt', 'crossner', /\t/],
      ['crossner/science/train.txt', 'crossner', /\t/],
      ['wnut17/wnut17train.conll', 'wnut17', /\t/],
    ];
    for (const [file, scheme, sep] of files) {
      const labels = new Set<string>();
      for (const line of readFileSync(`${CORPUS}/${file}`, 'utf8').split('\n')) {
        const tag = line.trim().split(sep).pop() ?? '';
        if (/^[BI]-/.test(tag)) labels.add(tag.slice(2));
      }
      for (const label of labels) expect(mapDatasetLabel(scheme, label), `${file}: ${label}`).not.toBeUndefined();
    }
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
