import { describe, expect, it } from 'vitest';
import type { EntityRecognizer } from '../mentions/recognizer';
import { withWebNames } from '../mentions/web-names';
import { createRuleRecognizer } from '../rules/rule-recognizer';
import { parseRulesOff } from '../rules/registry';
import { textCapture } from '../../../tooling/testing/text-capture';
import { analyzeCapture } from './analyze';
import { writtenTwice } from './mention-stage';

/** A trained model that reads nothing: every name comes from the rule recognizer filling its gaps. */
const silentModel: EntityRecognizer = { name: 'silent', recognize: () => [] };
const recognizer = withWebNames(silentModel, createRuleRecognizer());
const names = (text: string, off = '') =>
  analyzeCapture(textCapture(text), { recognizer, rulesOff: parseRulesOff(`keep-model${off === '' ? '' : `,${off}`}`) }).entities.map(
    (e) => e.name,
  );

describe('fallback evidence: a name only the fallback read needs a second mention or a cue (fallback-evidence)', () => {
  it('counts whole-word occurrences only', () => {
    expect(writtenTwice('Vornquist met Vornquist.', 'Vornquist')).toBe(true);
    expect(writtenTwice('Vornquist met Vornquistan.', 'Vornquist')).toBe(false);
    expect(writtenTwice('Vornquist', 'Vornquist')).toBe(false);
  });

  it('drops a rare capitalized word the fallback read once, keeps it written twice', () => {
    const once = 'The crowd cheered when Vornquist arrived at the hall on a rainy evening in spring.';
    const twice = `${once} Later Vornquist spoke for an hour about the harvest and the river.`;
    expect(names(once)).not.toContain('Vornquist');
    expect(names(twice)).toContain('Vornquist');
    expect(names(once, 'fallback-evidence')).toContain('Vornquist');
  });
});
