import { describe, expect, it } from 'vitest';
import { createPageRecognizer } from '../../../background/ingest';
import { isDemonym } from '../../../core/resolve/demonyms';
import { textCapture } from '../../../../tooling/testing/text-capture';
import { analyzeCapture } from '../../analysis/analyze';
import { parseRulesOff } from '../registry';
import { isGroupWord, isResidents } from './group-words';

const none = new Set<string>();

describe('group words: a people, a faith, a deity or a family names no one entity (group-words)', () => {
  it('reads nationalities, their plurals and American groups as demonyms, and places as places', () => {
    for (const w of ['Norwegian', 'Norwegians', 'South Korean', 'Dutch', 'Native Americans', 'Korean-American', 'Muslim'])
      expect(isDemonym(w), w).toBe(true);
    for (const w of ['Norway', 'America', 'Britain', 'Holland', 'US', 'U.S.', 'Americas', 'Zentrixa']) expect(isDemonym(w), w).toBe(false);
  });

  it('drops faiths, deities and a page person’s family in the plural', () => {
    for (const w of ['Catholic', 'Buddhists', 'Lutheran', 'God', 'Swedes', 'Germans']) expect(isGroupWord(w, none), w).toBe(true);
    expect(isGroupWord('Whitfields', new Set(['Dana', 'Whitfield']))).toBe(true);
    expect(isGroupWord('Quarrelles', new Set(['Ina', 'Quarrelle']))).toBe(true);
  });

  it('drops the people of a place the page names as a place, and keeps a team whose stem is no place of the page', () => {
    const places = new Set(['Port Velby', 'Tarvo', 'Ossoria', 'Kansas']);
    const isPlace = (stem: string) => places.has(stem);
    for (const w of ['Port Velbyers', 'Tarvoites', 'Ossorians', 'Kansans']) expect(isResidents(w, isPlace), w).toBe(true);
    expect(isGroupWord('Tarvoites', none, isPlace)).toBe(true);
    // "Lakers" beside no place "Lake"; a plural that is no resident word; a place itself.
    for (const w of ['Lakers', 'Rangers', 'Tarvo', 'Velbyers']) expect(isResidents(w, isPlace), w).toBe(false);
  });

  it('keeps a first name that is also a faith word, and plurals of no page person', () => {
    expect(isGroupWord('Christian', new Set(['Christian', 'Vale']))).toBe(false);
    expect(isGroupWord('Whitfields', none)).toBe(false);
    for (const w of ['Zentrix Labs', 'Godfrey', 'Lordstown', 'Ada Quinn']) expect(isGroupWord(w, none), w).toBe(false);
  });

  it('keeps nationalities and faiths out of the analysis unless the family is switched off', () => {
    const text =
      'Dana Whitfield founded Quillmark Analytics in Oslo. Norwegians and Swedes use it daily, and Catholic schools bought it. ' +
      'The Whitfields thanked God for it. Dana Whitfield said Quillmark Analytics will open in Bergen.';
    const names = (off: string) =>
      analyzeCapture(textCapture(text), { recognizer: createPageRecognizer(), rulesOff: parseRulesOff(off) }).entities.map((e) => e.name);
    const kept = names('');
    for (const n of ['Norwegians', 'Swedes', 'Catholic', 'Whitfields', 'God']) expect(kept, n).not.toContain(n);
    expect(kept).toEqual(expect.arrayContaining(['Dana Whitfield', 'Quillmark Analytics', 'Oslo']));
    expect(names('group-words,keep-model').some((n) => ['Norwegians', 'Swedes', 'Catholic', 'Whitfields', 'God'].includes(n))).toBe(true);
  });
});
