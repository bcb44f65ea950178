import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageRecognizer, RECOGNIZER_RULES } from '../../background/ingest';
import { analyzeCapture } from '../analysis/analyze';
import { ANSWER_READERS } from '../../core/query/sentence-reading';
import { parseRulesOff, RULE_FAMILIES } from './registry';
import { textCapture } from '../../../tooling/testing/text-capture';

/**
 * Families `npm run eval:rule-examples -- --max-pages 191 --sites 2` finds on fewer than two sites
 * of the corpus outside the check set: none. (Team sense, the byline rule and the fuller
 * organization form, found on no site or one, were worth nothing on the check set and removed.)
 */
const FEWER_THAN_TWO_SITES = [] as const;

/** The check set's pages: never cited as examples (they are never tuned on). */
const CHECK_PAGES: ReadonlySet<string> = new Set(
  readdirSync(join(__dirname, '../../../bench/check-pages'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => String((JSON.parse(readFileSync(join(__dirname, '../../../bench/check-pages', f), 'utf8')) as { page?: unknown }).page)),
);

describe('the rule registry', () => {
  it('names each family once, with a stage, a description and a file', () => {
    const ids = RULE_FAMILIES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of RULE_FAMILIES) expect(r.description.length, r.id).toBeGreaterThan(20);
  });

  it('cites corpus pages of at least two sites for each family, and no check-set page', () => {
    // The site of a page folder: metascraper folders are sites, readability folders end in a number.
    const site = (page: string) =>
      page
        .replace(/^readability\//, '')
        .replace(/^metascraper\//, '')
        .replace(/^postlight\//, '')
        .replace(/-\d+$/, '');
    const fewer = RULE_FAMILIES.filter((r) => new Set(r.examples.map((e) => site(e.page))).size < 2).map((r) => r.id);
    expect(fewer).toEqual([...FEWER_THAN_TWO_SITES]);
    for (const r of RULE_FAMILIES)
      for (const e of r.examples) {
        expect(e.page, r.id).toMatch(/^(readability|metascraper|postlight)\/[\w-]+$/);
        expect(CHECK_PAGES.has(e.page), `${r.id} cites check page ${e.page}`).toBe(false);
        expect(e.shows.length, r.id).toBeGreaterThan(10);
      }
  });

  it('names every answer reader the query side can switch off, in the stage "answers"', () => {
    expect(RULE_FAMILIES.filter((r) => r.stage === 'answers').map((r) => r.id)).toEqual([...ANSWER_READERS]);
    expect([...parseRulesOff('answer-tight-phrases')]).toEqual(['answer-tight-phrases']);
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

  it('builds the page recognizer with every recognition-stage family, each switchable', () => {
    expect([...RECOGNIZER_RULES].sort()).toEqual(
      RULE_FAMILIES.filter((f) => f.stage === 'recognition')
        .map((f) => f.id)
        .sort(),
    );
    // A family declared at the recognition stage that `createPageRecognizer` does not read changes nothing here.
    const text = 'We saved it via Instapaper. The team runs XYZQ tooling. Open the Settings Menu Panel now.';
    const read = (off: string) =>
      createPageRecognizer(parseRulesOff(off))
        .recognize(text)
        .map((m) => `${m.text}:${m.type}`);
    const all = read('');
    for (const id of RECOGNIZER_RULES) expect(read(id), id).not.toEqual(all);
  });

  it('switches the relation readers off', () => {
    const text = 'Zentrix Corp acquired the startup Lumora Inc. in 2019. Zentrix Corp is headquartered in Oslo, Norway.';
    const labels = (off: string) =>
      analyzeCapture(textCapture(text), { recognizer: createPageRecognizer(), rulesOff: parseRulesOff(off) })
        .relations.filter((r) => r.label !== 'mentioned_with')
        .map((r) => r.label);
    expect(labels('')).toContain('acquired');
    expect(labels('relation-triggers,relation-classifier')).toEqual([]);
  });
});
