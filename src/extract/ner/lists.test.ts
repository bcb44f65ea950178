import { describe, expect, it } from 'vitest';
import { PRODUCTS, TECHNOLOGIES } from '../rules/lexicon/technology';
import { createPageRecognizer } from '../../background/ingest';
import { textCapture } from '../../../tooling/testing/text-capture';
import { analyzeCapture } from '../analysis/analyze';
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

  it('types a service named as the service a product, and its firm by the legal form a company', () => {
    const typeOf = (text: string, name: string) =>
      analyzeCapture(textCapture(text), { recognizer: createPageRecognizer() }).entities.find((e) => e.name === name)?.type;
    expect(typeOf('Marta Velasquez posted the video on Twitter, where her account has two million followers.', 'Twitter')).toBe('product');
    expect(typeOf('Twitter Inc. said on Monday that it would cut 300 jobs in Dublin.', 'Twitter Inc.')).toBe('company');
  });
});
