import { describe, expect, it } from 'vitest';
import { createPageRecognizer } from '../../background/ingest';
import { textCapture } from '../../../tooling/testing/text-capture';
import type { Mention } from '../../core/capture';
import { analyzeCapture } from '../analysis/analyze';
import { parseRulesOff } from '../rules/registry';
import { joinOrganizationNames } from './org-names';

const names = (text: string, off = '') =>
  analyzeCapture(textCapture(text), { recognizer: createPageRecognizer(), rulesOff: parseRulesOff(off) }).entities.map(
    (e) => `${e.name}:${e.type}`,
  );

/** A mention of `name` at its first occurrence in `text`. */
function at(text: string, name: string, type: Mention['type'] = 'company'): Mention {
  const start = text.indexOf(name);
  return { text: name, type, start, end: start + name.length, score: 0.7 };
}

describe('an institution named in pieces is one organization (org-names)', () => {
  it('joins a head noun and what "for a", "for the", "of the" lead to', () => {
    const text = 'Tom Reyes spoke at the Center for a New Maritime Security in May.';
    const out = joinOrganizationNames(
      text,
      [at(text, 'Center'), at(text, 'New Maritime Security'), at(text, 'Tom Reyes', 'person')],
      () => false,
    );
    expect(out.map((m) => m.text)).toEqual(['Tom Reyes', 'Center for a New Maritime Security']);
    expect(out[1]).toMatchObject({ type: 'company', start: text.indexOf('Center'), end: text.indexOf(' in May') });
  });

  it('joins a coordination inside a name already led on by "for" or "of"', () => {
    const text = 'The Institute of Tidal and Coastal Engineering met.';
    const out = joinOrganizationNames(text, [at(text, 'Institute of Tidal'), at(text, 'Coastal Engineering')], () => false);
    expect(out.map((m) => m.text)).toEqual(['Institute of Tidal and Coastal Engineering']);
  });

  it('leaves two names apart: a listed name, a name the page writes alone, a person, a head-less first name', () => {
    const listed = 'The Department of Ports and Vantor Freight settled.';
    expect(
      joinOrganizationNames(listed, [at(listed, 'Department of Ports'), at(listed, 'Vantor Freight')], (n) => n === 'Vantor Freight'),
    ).toHaveLength(2);
    const alone = 'The Department of Ports and Vantor Freight settled. Vantor Freight paid.';
    const both = [at(alone, 'Department of Ports'), at(alone, 'Vantor Freight')];
    expect(joinOrganizationNames(alone, both, () => false)).toHaveLength(2);
    const person = 'The Office for Mara Lind opened.';
    expect(joinOrganizationNames(person, [at(person, 'Office'), at(person, 'Mara Lind', 'person')], () => false)).toHaveLength(2);
    const headless = 'Norvale for the Kestrel Trail signed.';
    expect(joinOrganizationNames(headless, [at(headless, 'Norvale'), at(headless, 'Kestrel Trail')], () => false)).toHaveLength(2);
  });

  it('checks a bounded number of coordinations on one page (each may scan the text)', () => {
    const mentions: Mention[] = [];
    let text = '';
    for (let k = 0; k < 1000; k++) {
      const first = `Institute of Tide${k}`;
      const second = `Reef${k} Studies`;
      const start = text.length;
      text += `${first} and ${second}. `;
      mentions.push({ text: first, type: 'company', start, end: start + first.length, score: 0.7 });
      const s2 = start + first.length + 5;
      mentions.push({ text: second, type: 'company', start: s2, end: s2 + second.length, score: 0.7 });
    }
    const joined = joinOrganizationNames(text, mentions, () => false).filter((m) => m.text.includes(' and '));
    expect(joined).toHaveLength(200);
    expect(joined[0]?.text).toBe('Institute of Tide0 and Reef0 Studies');
  });

  it('stores the whole name through the analysis, and the pieces with the family off', () => {
    const text =
      'Mara Lind, a senior fellow at the Center for Strategic and Maritime Studies, said the plan was weak. The Center for Strategic and Maritime Studies published it.';
    expect(names(text)).toContain('Center for Strategic and Maritime Studies:company');
    expect(names(text, 'org-names')).not.toContain('Center for Strategic and Maritime Studies:company');
  });
});
