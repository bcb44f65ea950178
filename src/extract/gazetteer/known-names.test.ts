import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGazetteerSource, GENERATED_PATH, isSoftwareBrand } from '../../../tooling/build-gazetteer';
import { tokenize } from '../../nlp';
import { findKnownNames, knownNames } from './known-names';

describe('compiled name lists', () => {
  it('are rebuilt byte for byte from the pinned packages', async () => {
    expect(await buildGazetteerSource()).toBe(readFileSync(GENERATED_PATH, 'utf8'));
  }, 60_000);
  it('type languages, places and brands', () => {
    const names = knownNames();
    expect(names.get('Rust')).toBe('t');
    expect(names.get('Kenya')).toBe('l');
    expect(names.get('Kickstarter')).toBe('b');
    expect(names.get('Apple')).toBe('c');
  });
  it('take a brand whose logo comes from a code host for a software project, not a body', () => {
    expect(isSoftwareBrand('Quillpad', 'https://github.com/quillpad/brand')).toBe(true);
    expect(isSoftwareBrand('Quillpad', 'https://gitlab.com/quillpad/logo.svg')).toBe(true);
    expect(isSoftwareBrand('Quillpad Foundation', 'https://github.com/quillpad/brand')).toBe(false);
    expect(isSoftwareBrand('Quillpad', 'https://quillpad.com/press')).toBe(false);
    expect(isSoftwareBrand('Quillpad', 'https://quillpad.org/press')).toBe(false);
    expect(isSoftwareBrand('Quillpad', undefined)).toBe(false);
  });
  it('are found on token boundaries, longest first, in exact case', () => {
    const text = 'We use Ruby on Rails, not ruby, and Rustacean is no Rust.';
    expect(findKnownNames(text, tokenize(text)).map((k) => [k.text, k.code])).toEqual([
      ['Ruby on Rails', 't'],
      ['Rust', 't'],
    ]);
  });
});

describe('product lines in the brand list', () => {
  it('a brand named after a listed maker is its product line; a foundation’s line is a technology', () => {
    const names = knownNames();
    expect(names.get('HTC Vive')).toBe('p');
    expect(names.get('Google Analytics')).toBe('p');
    expect(names.get('Apache Cassandra')).toBe('t');
    expect(names.get('Boston Dynamics')).not.toBe('p');
  });
});
