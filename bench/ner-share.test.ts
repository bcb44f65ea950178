import { describe, expect, it } from 'vitest';
import type { Mention } from '../src/core/capture';
import { sourceOf, spansByKey } from './ner-share';

// Names invented for these tests (no corpus page text).
const mention = (text: string, type: Mention['type']): Mention => ({ text, type, start: 0, end: text.length, score: 0.9 });

describe('sourceOf', () => {
  const model = spansByKey([mention('Vandelay Industries', 'company'), mention('Ana Lopez', 'person'), mention('Ana Lopez', 'company')]);
  const rules = spansByKey([mention('Vandelay Industries', 'company'), mention('Quorvex', 'technology')]);

  it('tells a name both recognizers found from one only the rules found and one neither found', () => {
    expect(sourceOf({ name: 'Vandelay Industries', aliases: [], type: 'company' }, model, rules)).toEqual({
      source: 'model and rules',
      modelType: true,
    });
    expect(sourceOf({ name: 'Quorvex', aliases: [], type: 'technology' }, model, rules)).toEqual({
      source: 'rules only',
      modelType: false,
    });
    expect(sourceOf({ name: 'Brelland Bay', aliases: [], type: 'location' }, model, rules).source).toBe('neither');
  });

  it('finds a name by an alias, ignoring case, and reads the type the model gave most often', () => {
    expect(sourceOf({ name: 'Dr. Lopez', aliases: ['ana lopez'], type: 'person' }, model, rules)).toEqual({
      source: 'model only',
      modelType: true,
    });
    expect(sourceOf({ name: 'Ana Lopez', aliases: [], type: 'location' }, model, rules).modelType).toBe(false);
  });
});
