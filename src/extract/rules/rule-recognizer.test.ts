import { describe, expect, it } from 'vitest';
import { cpuMs } from '../../../tooling/testing/cpu-time';
import { createRuleRecognizer } from './rule-recognizer';

const r = createRuleRecognizer();
const found = (text: string) => r.recognize(text).map((m) => `${m.text}/${m.type}`);

describe('rule recognizer', () => {
  it('finds people, organizations and places with offsets', () => {
    const text = 'Patrick Collison founded Stripe Inc in San Francisco with Mr. John Smith.';
    const mentions = r.recognize(text);
    for (const m of mentions) expect(text.slice(m.start, m.end)).toBe(m.text);
    expect(found(text)).toEqual(
      expect.arrayContaining(['Patrick Collison/person', 'Stripe Inc/company', 'San Francisco/location', 'John Smith/person']),
    );
  });

  it('keeps connectors inside names and does not start names with sentence-initial common words', () => {
    expect(found('The Bank of England raised rates.')).toContain('Bank of England/company');
    expect(found('Analysts expect growth.')).toEqual([]);
  });

  it('types technologies and product models', () => {
    const out = found('The service is written in Rust and TypeScript, stores data in PostgreSQL and runs on the iPhone 15 Pro.');
    expect(out).toEqual(
      expect.arrayContaining(['Rust/technology', 'TypeScript/technology', 'PostgreSQL/technology', 'iPhone 15 Pro/product']),
    );
  });

  it('keeps a later surname consistent with the full name (document-level consistency)', () => {
    const out = r.recognize('Ingrid Valtersen joined the board. Valtersen said little.');
    expect(out.map((m) => `${m.text}/${m.type}`)).toEqual(['Ingrid Valtersen/person', 'Valtersen/person']);
  });

  it('stays fast and bounded on a megabyte of capitalized text', () => {
    const text = 'Alpha Beta Gamma Delta. '.repeat(40_000);
    let out: readonly unknown[] = [];
    // CPU time, not wall time (a loaded machine is no regression): ~0.2 s idle; a step
    // quadratic in the text (or in the names found) takes minutes on a megabyte.
    const ms = cpuMs(() => {
      out = r.recognize(text);
    });
    expect(ms).toBeLessThan(5_000);
    expect(out.length).toBeLessThanOrEqual(250_000);
  });
});

describe('document-level person parts', () => {
  const r = createRuleRecognizer();
  it('a cued full name lends its surname to the lone mentions', () => {
    const found = r.recognize('Grace Hopper wrote the compiler. Later Hopper joined the navy.');
    expect(found.find((m) => m.text === 'Hopper')).toMatchObject({ type: 'person', score: 0.75 });
  });
  it('a statistics-only "person" does not make its words people (two names side by side)', () => {
    const found = r.recognize('Marionette Fission landed in the tree. Users can now test Fission in the browser.');
    const lone = found.find((m) => m.text === 'Fission');
    expect(lone).toBeDefined();
    expect(lone?.type === 'person' && (lone.score ?? 0) >= 0.75).toBe(false);
  });
});
