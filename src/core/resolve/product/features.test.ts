import { describe, expect, it } from 'vitest';
import { buildIdf, buildTokenDiscord, pairFeatures, PRODUCT_FEATURES, productTokens } from './features';
import { type BoostedTrees, matchProbability } from './model';
import { parseRecord, productView } from './records';

const view = (s: string) => productView(parseRecord(s));
const f = (x: readonly number[], name: (typeof PRODUCT_FEATURES)[number]) => x[PRODUCT_FEATURES.indexOf(name)];

describe('product pair features', () => {
  it('writes versions and abbreviations one way', () => {
    expect(productTokens('Acme Suite v8 .0 Pro UPG')).toEqual(['acme', 'suite', '8', 'professional', 'upgrade']);
  });

  it('has one value per named feature and scores an identical title 1', () => {
    const a = view('COL title VAL acme paint studio 3 COL price VAL 10');
    const x = pairFeatures(a, a, buildIdf([a.text]));
    expect(x).toHaveLength(PRODUCT_FEATURES.length);
    expect(f(x, 't_jacc')).toBe(1);
    expect(f(x, 'price_log_ratio')).toBe(0);
  });

  it("finds a model code of one title inside the other record's description", () => {
    const a = view('COL name VAL zeta tv ZT40X COL description VAL  COL price VAL ');
    const b = view('COL name VAL zeta television COL description VAL model zt40x black COL price VAL ');
    const x = pairFeatures(a, b, buildIdf([a.text, b.text]));
    expect(f(x, 'model_l_in_r')).toBe(1);
    expect(f(x, 'code_miss_l')).toBe(0);
  });

  it('learns that a token on one side only speaks against a match', () => {
    const p = (l: string, r: string, match: boolean) => ({ a: view(`COL title VAL ${l}`), b: view(`COL title VAL ${r}`), match });
    const table = buildTokenDiscord([
      p('acme cad', 'acme cad upgrade', false),
      p('zeta cad', 'zeta cad upgrade', false),
      p('acme cad', 'acme cad software', true),
      p('zeta cad', 'zeta cad software', true),
    ]);
    expect(table.get('upgrade') ?? 0).toBeGreaterThan(table.get('software') ?? 0);
  });
});

describe('boosted trees', () => {
  it('adds the leaf values of each tree to the bias', () => {
    const model: BoostedTrees = {
      features: ['a'],
      bias: 0,
      threshold: 0.5,
      trees: [[{ feature: 0, threshold: 0.5, left: 1, right: 2 }, { value: -2 }, { value: 2 }]],
    };
    expect(matchProbability(model, [0.9])).toBeCloseTo(1 / (1 + Math.exp(-2)));
    expect(matchProbability(model, [0.1])).toBeLessThan(0.5);
  });
});
