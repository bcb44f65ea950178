import { describe, expect, it } from 'vitest';
import { goldKey, parsePageGold, scorePage, scoreStored, storedJudge, totalPrecision, totalScore, type PageGold } from './page-score';

const gold: PageGold = {
  page: 'test/page',
  title: 'Acme ships Widget',
  must: [
    { name: 'Acme Corp', type: 'company', aliases: ['Acme'] },
    { name: 'Jane  Doe', type: 'person', aliases: ['Doe'] },
    { name: 'Widget', type: 'product', aliases: [] },
    { name: 'Rust', type: 'technology', aliases: [] },
  ],
  junk: ['Sign In', 'Most Popular'],
};

describe('page scoring', () => {
  it('matches name or alias against name or alias, case-folded with spaces collapsed', () => {
    expect(goldKey('  Jane \n Doe ')).toBe('jane doe');
    const s = scorePage(gold, [
      { name: 'ACME', type: 'company', aliases: [] },
      { name: 'J. Doe', type: 'person', aliases: ['jane doe'] },
    ]);
    expect(s.found).toBe(2);
    expect(s.typedStrict).toBe(2);
    expect(s.missed).toEqual(['Widget (product)', 'Rust (technology)']);
  });

  it('counts technology and product as one only in the loose figure', () => {
    const s = scorePage(gold, [
      { name: 'Widget', type: 'technology', aliases: [] },
      { name: 'Rust', type: 'location', aliases: [] },
    ]);
    expect(s.found).toBe(2);
    expect(s.typedStrict).toBe(0);
    expect(s.typedLoose).toBe(1);
    expect(s.mistyped).toEqual(['Widget: product → technology', 'Rust: technology → location']);
  });

  it('does not match a name that only contains the gold name', () => {
    expect(scorePage(gold, [{ name: 'Acme Corp Europe', type: 'company', aliases: [] }]).found).toBe(0);
  });

  it('counts junk strings that became a name or alias', () => {
    const s = scorePage(gold, [{ name: 'Menu', type: 'other', aliases: ['sign in'] }]);
    expect(s.junkHit).toBe(1);
    expect(s.junkFound).toEqual(['Sign In']);
  });

  it('micro-averages pages and reports per type', () => {
    const a = scorePage(gold, [
      { name: 'Acme', type: 'company', aliases: [] },
      { name: 'Sign In', type: 'company', aliases: [] },
    ]);
    const b = scorePage({ ...gold, must: gold.must.slice(0, 2), junk: ['x', 'y'] }, [{ name: 'Doe', type: 'company', aliases: [] }]);
    const t = totalScore([a, b]);
    expect(t.mustRecall).toBe(0.333);
    expect(t.typedStrict).toBe(0.167);
    expect(t.junkRate).toBe(0.25);
    expect(t.entitiesPerPage).toBe(1.5);
    expect(t.byType.person).toEqual({ must: 2, recall: 0.5, typed: 0 });
    expect(t.byType.company).toEqual({ must: 2, recall: 0.5, typed: 0.5 });
  });

  it('rejects a gold file with an unknown type', () => {
    expect(() => parsePageGold({ page: 'p', must: [{ name: 'X', type: 'thing' }], junk: [] }, 'f.json')).toThrow(/must\[0\]/);
    expect(parsePageGold({ page: 'p', title: 't', must: [{ name: 'X', type: 'person' }], junk: ['a'] }, 'f.json').must[0]?.aliases).toEqual(
      [],
    );
  });
});

describe('stored-entity precision', () => {
  const withPrecision: PageGold = {
    ...gold,
    precision: {
      entities: [{ name: 'Globex', type: 'company', aliases: ['Globex Inc.'] }],
      notEntities: ['Analytics', 'CEO Jane'],
      furniture: ['Hank Scorpio'],
    },
  };

  it('judges a stored entity by its name, then its aliases, against must ∪ entities, not_entities and furniture', () => {
    const judge = storedJudge(withPrecision);
    expect(judge({ name: 'acme', type: 'company', aliases: [] })).toBe('right');
    expect(judge({ name: 'Globex Inc', type: 'company', aliases: ['GLOBEX INC.'] })).toBe('right');
    expect(judge({ name: 'Widget', type: 'technology', aliases: [] })).toBe('loose');
    expect(judge({ name: 'Rust', type: 'location', aliases: [] })).toBe('wrong_type');
    expect(judge({ name: 'Analytics', type: 'company', aliases: [] })).toBe('not_entity');
    expect(judge({ name: 'Hank  Scorpio', type: 'person', aliases: [] })).toBe('furniture');
    expect(judge({ name: 'Initech', type: 'company', aliases: [] })).toBe('unjudged');
  });

  it('gives typed precision over judged entities only and lists the unjudged', () => {
    const s = scoreStored(withPrecision, [
      { name: 'Acme', type: 'company', aliases: [] },
      { name: 'Widget', type: 'technology', aliases: [] },
      { name: 'Analytics', type: 'company', aliases: [] },
      { name: 'Hank Scorpio', type: 'person', aliases: [] },
      { name: 'Initech', type: 'company', aliases: [] },
    ]);
    expect(s).toBeDefined();
    if (s === undefined) return;
    expect([s.stored, s.judged, s.right, s.rightLoose, s.notEntity, s.furniture]).toEqual([5, 4, 1, 2, 1, 1]);
    expect(s.unjudged).toEqual(['Initech (company)']);
    expect(s.errors).toContain('Analytics: not an entity');
    const t = totalPrecision([s]);
    expect([t.typedPrecision, t.typedPrecisionLoose, t.notEntityShare, t.furnitureShare]).toEqual([0.25, 0.5, 0.25, 0.25]);
    expect(t.byStoredType.company).toEqual({ judged: 2, precision: 0.5 });
  });

  it('has no precision score for a page without the lists, and parses them only together', () => {
    expect(scoreStored(gold, [])).toBeUndefined();
    const base = { page: 'p', title: 't', must: [], junk: [] };
    expect(parsePageGold({ ...base, entities: [], not_entities: ['X'], furniture: [] }, 'f').precision?.notEntities).toEqual(['X']);
    expect(() => parsePageGold({ ...base, entities: [] }, 'f')).toThrow(/come together/);
    expect(() => parsePageGold({ ...base, entities: [{ name: 'X', type: 'thing' }], not_entities: [], furniture: [] }, 'f')).toThrow(
      /entities\[0\]/,
    );
  });
});
