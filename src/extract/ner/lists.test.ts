import { describe, expect, it } from 'vitest';
import { PRODUCTS, TECHNOLOGIES } from '../rules/lexicon/technology';
import { PRODUCT_NAMES, TECHNOLOGY_NAMES, TRAINING_PRODUCT_NAMES, TRAINING_TECHNOLOGY_NAMES } from './lists';

const lower = (names: readonly string[]) => names.map((n) => n.toLowerCase());

describe('the hand-written name lists', () => {
  it('hold each technology and product once: the additions repeat no name of the lexicon', () => {
    const tech = new Set(lower(TECHNOLOGIES));
    const products = new Set(lower(PRODUCTS));
    expect(lower(TECHNOLOGY_NAMES).filter((n) => tech.has(n))).toEqual([]);
    expect(lower(PRODUCT_NAMES).filter((n) => products.has(n))).toEqual([]);
  });

  it('train on the lexicon and the additions together', () => {
    expect(TRAINING_TECHNOLOGY_NAMES).toHaveLength(TECHNOLOGIES.length + TECHNOLOGY_NAMES.length);
    expect(TRAINING_PRODUCT_NAMES).toHaveLength(PRODUCTS.length + PRODUCT_NAMES.length);
    expect(TRAINING_PRODUCT_NAMES).toContain('Roomba');
  });
});
