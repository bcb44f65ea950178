import { describe, expect, it } from 'vitest';
import { parsePairLine, parsePairs, productView } from './records';

describe('ER-Magellan records', () => {
  it('reads the title/manufacturer/price layout (Amazon-Google)', () => {
    const pair = parsePairLine(
      'COL title VAL acme paint studio 3 ( mac ) COL manufacturer VAL acme COL price VAL 49.5 \tCOL title VAL paint studio v3 for mac COL manufacturer VAL  COL price VAL 45 \t1',
    );
    expect(pair?.label).toBe(true);
    const left = productView(pair?.left ?? {});
    expect(left).toEqual({
      title: 'acme paint studio 3 ( mac )',
      text: 'acme paint studio 3 ( mac ) acme',
      manufacturer: 'acme',
      price: 49.5,
    });
    expect(productView(pair?.right ?? {}).manufacturer).toBe('');
  });

  it('reads the name/description/price layout (Abt-Buy), blank price as absent', () => {
    const pair = parsePairLine(
      "COL name VAL zeta 40 ' tv zt40x COL description VAL zeta zt40x flat panel , black COL price VAL \tCOL name VAL zeta zt40x television COL description VAL  COL price VAL $399.00\t0",
    );
    expect(pair?.label).toBe(false);
    const left = productView(pair?.left ?? {});
    expect(left.title).toBe("zeta 40 ' tv zt40x");
    expect(left.text).toContain('flat panel');
    expect(left.price).toBeUndefined();
    expect(productView(pair?.right ?? {}).price).toBe(399);
  });

  it('skips blank and one-record lines, and takes the first attribute as title when there is no title or name', () => {
    expect(parsePairs('\nCOL a VAL x\n')).toEqual([]);
    expect(productView({ model: 'x1 carbon', price: '9' }).title).toBe('x1 carbon');
  });
});
