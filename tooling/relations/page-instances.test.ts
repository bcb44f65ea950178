import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELATION_CLASSES } from '../../src/extract/relations/labels';
import { pageInstances } from './page-instances';

// An invented page gold (no corpus text, no gold names).
const gold = {
  page: 'invented/orvane',
  title: 'Orvane',
  must: [
    { name: 'Mira Tollen', type: 'person', aliases: ['Tollen'] },
    { name: 'Orvane Labs', type: 'company', aliases: ['Orvane'] },
    { name: 'Quillby', type: 'company', aliases: [] },
    { name: 'Brask', type: 'location', aliases: [] },
  ],
  relations: [
    { from: 'Mira Tollen', to: 'Orvane Labs', label: 'ceo_of', evidence: 'Mira Tollen, who runs Orvane Labs from Brask, met Quillby.' },
    { from: 'Orvane Labs', to: 'Quillby', label: 'acquired', evidence: 'Orvane bought Quillby last year.' },
  ],
  junk: [],
  entities: [],
  not_entities: [],
  furniture: [],
};

function dirWith(page: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-instances-'));
  writeFileSync(join(dir, 'invented.json'), JSON.stringify(page));
  return dir;
}

describe('pageInstances', () => {
  it('makes the stated pair a positive of its class, other pairs of the sentence none, and leaves out a fact it has no class for', () => {
    const pairs = pageInstances([dirWith(gold)], new Set(), 10);
    const labels = pairs.map((p) => RELATION_CLASSES[p.label]);
    // First sentence: 4 names, 12 ordered pairs; Tollen → Orvane Labs is works_for (a CEO's job),
    // Orvane Labs → Tollen is stated the other way (left out), Orvane Labs ↔ Quillby are acquired (left out).
    expect(labels.filter((l) => l === 'works_for')).toHaveLength(1);
    expect(pairs.find((p) => RELATION_CLASSES[p.label] === 'works_for')).toMatchObject({ subject: 'per', object: 'org' });
    expect(labels.filter((l) => l === 'none')).toHaveLength(8);
    // Second sentence: the only pair is an acquisition, which the classifier has no class for.
    expect(pairs).toHaveLength(9);
  });

  it('refuses a check page', () => {
    expect(() => pageInstances([dirWith(gold)], new Set(['invented/orvane']), 10)).toThrow(/check page/);
  });
});
