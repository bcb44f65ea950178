import { describe, expect, it } from 'vitest';
import { attributeMergePreview, attributePatch, parseAttributeLines } from './attribute-edits';

const KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '__defineGetter__'];

/** `{ ...rest, [key]: value }` with `key` an own property, `__proto__` included. */
function attrs(key: string, value: string, rest: Record<string, string> = {}): Record<string, string> {
  return { ...rest, ...JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) };
}

describe.each(KEYS)('attribute named %s', (key) => {
  it('the editor reads a `key: value` line as an own key', () => {
    const parsed = parseAttributeLines(`founded: 2010\n${key}: v`);
    expect(Object.entries(parsed)).toEqual([
      ['founded', '2010'],
      [key, 'v'],
    ]);
  });

  it('the editor removes the key when its line is deleted, and keeps it when it stays', () => {
    expect(Object.entries(attributePatch(attrs(key, 'v', { founded: '2010' }), 'founded: 2010'))).toEqual([
      [key, null],
      ['founded', '2010'],
    ]);
    expect(Object.entries(attributePatch(attrs(key, 'v'), `${key}: w`))).toEqual([[key, 'w']]);
    // Not a key of the entity: nothing to remove, whatever Object.prototype has.
    expect(Object.entries(attributePatch({ founded: '2010' }, 'founded: 2011'))).toEqual([['founded', '2011']]);
  });

  it('the merge preview counts it as gained when only B has it, and as kept when both differ', () => {
    expect(attributeMergePreview({ founded: '2010' }, attrs(key, 'b'))).toEqual({ gained: [key], kept: [] });
    expect(attributeMergePreview(attrs(key, 'a'), attrs(key, 'b'))).toEqual({ gained: [], kept: [key] });
    expect(attributeMergePreview(attrs(key, 'a'), attrs(key, 'a'))).toEqual({ gained: [], kept: [] });
  });
});
