import { describe, expect, it } from 'vitest';
import { createPageRecognizer } from '../../background/ingest';
import { analyzeCapture } from '../analysis/analyze';
import { parseRulesOff, RULE_FAMILIES } from './registry';
import { textCapture } from '../../../tooling/testing/text-capture';

describe('the rule registry', () => {
  it('names each family once, with a stage, a description and a file', () => {
    const ids = RULE_FAMILIES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of RULE_FAMILIES) expect(r.description.length, r.id).toBeGreaterThan(20);
  });

  it('parses a list of families to switch off and refuses an unknown one', () => {
    expect([...parseRulesOff(' generic-terms, keep-model ,')]).toEqual(['generic-terms', 'keep-model']);
    expect(() => parseRulesOff('generic-term')).toThrow(/unknown rule family "generic-term"/);
  });

  it('switches a family off in the analysis: generic terms come back when theirs is off', () => {
    const text = 'Quillfeather Labs ships a CPU. Marta Velasquez said the CPU is fast and the CPU is cheap.';
    const names = (off: string) =>
      analyzeCapture(textCapture(text), { recognizer: createPageRecognizer(), rulesOff: parseRulesOff(off) }).entities.map((e) => e.name);
    expect(names('')).not.toContain('CPU');
    expect(names('generic-terms,keep-model')).toContain('CPU');
  });

  it('switches the pattern relations off', () => {
    const text = 'Zentrix Corp acquired the startup Lumora Inc. in 2019. Zentrix Corp is headquartered in Oslo, Norway.';
    const labels = (off: string) =>
      analyzeCapture(textCapture(text), { recognizer: createPageRecognizer(), rulesOff: parseRulesOff(off) })
        .relations.filter((r) => r.label !== 'mentioned_with')
        .map((r) => r.label);
    expect(labels('')).toContain('acquired');
    expect(labels('text-patterns,relation-triggers,relation-classifier')).toEqual([]);
  });
});
