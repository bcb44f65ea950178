import { describe, expect, it } from 'vitest';
import { isGenericTerm } from './generic-terms';

describe('generic terms in capitals', () => {
  it('are common nouns alone or in the plural', () => {
    for (const t of ['CPU', 'CPUs', 'SDK', 'VCs', 'SaaS', 'KPIs', 'CMO', 'CEOs', 'SEO', 'ICU']) expect(isGenericTerm(t), t).toBe(true);
  });

  it('leave names, standards and phrases that hold a term alone', () => {
    for (const t of ['Zorblax', 'HTTP', 'JSON', 'USB', 'Zorblax CPU', 'CPUS', 'Cpu']) expect(isGenericTerm(t), t).toBe(false);
  });
});
