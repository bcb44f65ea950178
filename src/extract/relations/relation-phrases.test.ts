// Every relationship label capture or LLM reading can write has a phrase both ways
// (`core/graph/relation-phrases.ts`): the labels of schema.org properties, of the
// relation classifier and its rules, of co-mentions and of
// LLM reading. The rule labels are read from their sources, so a new label
// there fails this test until it has a phrase.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATION_PHRASES, relationPhrase } from '../../core/graph/relation-phrases';
import { LLM_RELATION_LABELS } from '../../core/llm-read/schema';
import { MENTIONED_WITH } from './cooccurrence';
import { LABEL_THRESHOLDS } from './triggers';
import { RELATION_PROPERTIES } from '../structured/schema-org';

/** `label: 'x'` and `decide('x'` in a source file of the extractor. */
function labelsIn(file: string): string[] {
  const source = readFileSync(join(__dirname, file), 'utf8');
  return [...source.matchAll(/\b(?:label: |decide\()'([a-z_]+)'/g)].map((m) => m[1] ?? '');
}

function everyWrittenLabel(): string[] {
  const labels = [
    ...[...RELATION_PROPERTIES.values()].map((p) => p.label),
    ...LABEL_THRESHOLDS.keys(),
    ...LLM_RELATION_LABELS,
    MENTIONED_WITH,
    ...labelsIn('rules.ts'),
  ];
  return [...new Set(labels)].sort();
}

describe('relation phrases', () => {
  it('cover every label the extractor and LLM reading write, each way', () => {
    const labels = everyWrittenLabel();
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((l) => !Object.hasOwn(RELATION_PHRASES, l))).toEqual([]);
    for (const l of labels) {
      expect(relationPhrase(l, true)).not.toContain('_');
      expect(relationPhrase(l, false)).not.toContain('_');
    }
  });

  it('read as a person would, both ways', () => {
    expect(relationPhrase('ceo_of', true)).toBe('CEO of');
    expect(relationPhrase('ceo_of', false)).toBe('led by');
    expect(relationPhrase('acquired', false)).toBe('acquired by');
    expect(relationPhrase('founded_by', false)).toBe('founded');
  });

  it('reads a label typed by hand as its words, with an arrow the other way; prototype names are labels too', () => {
    expect(relationPhrase('sponsors_of_the__team', true)).toBe('sponsors of the team');
    expect(relationPhrase('likes', false)).toBe('← likes');
    expect(relationPhrase('constructor', true)).toBe('constructor');
    expect(relationPhrase('__proto__', false)).toBe('← proto');
  });
});
