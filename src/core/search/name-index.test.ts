import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { MAX_CANDIDATES, NameIndex, WIDE_CANDIDATES } from './name-index';
import { damerauLevenshtein, editSimilarity, jaroWinkler, scoreName } from './similarity';

async function seeded() {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  await graph.createEntity({ name: 'Stripe', type: 'company', aliases: ['Stripe Payments'] });
  await graph.createEntity({ name: 'String (Rust type)', type: 'technology' });
  await graph.createEntity({ name: 'Rust', type: 'technology' });
  await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  await graph.createEntity({ name: 'Square', type: 'company', aliases: ['Block, Inc.'] });
  await graph.createEntity({ name: 'Zürich', type: 'location' });
  return { store, graph };
}

describe('similarity', () => {
  it('computes Damerau–Levenshtein with transpositions', () => {
    expect(damerauLevenshtein('stripe', 'strpie')).toBe(1);
    expect(damerauLevenshtein('', 'abc')).toBe(3);
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3);
  });
  it('computes Jaro–Winkler', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });
  it('orders exact > prefix > word prefix > typo', () => {
    const s = (q: string, n: string) => scoreName(q, n, q.split(' '), n.split(' '));
    expect(s('stripe', 'stripe')).toBe(1);
    expect(s('stri', 'stripe')).toBeGreaterThan(s('stri', 'string rust type'));
    expect(s('stri', 'string rust type')).toBeGreaterThan(s('coll', 'patrick collison'));
    expect(s('coll', 'patrick collison')).toBeGreaterThan(s('coll', 'cool'));
    expect(s('strpe', 'stripe')).toBeGreaterThan(s('strpe', 'square'));
  });

  it('keeps scores exact under its pruning (regression: the bounds must not change a score)', () => {
    // The straightforward formula scoreName computed before it skipped work by bounds.
    const naive = (q: string, n: string): number => {
      const qw = q.split(' ');
      const nw = n.split(' ');
      if (q === n) return 1;
      const coverage = Math.min(1, q.length / n.length);
      if (n.startsWith(q)) return 0.8 + 0.19 * Math.sqrt(coverage);
      if (qw.length === 1 && nw.some((w) => w.startsWith(q))) return 0.7 + 0.2 * coverage;
      const word = (a: string, b: string) => (a === b ? 1 : b.startsWith(a) ? 0.85 + 0.15 * (a.length / b.length) : editSimilarity(a, b));
      const words = (qw.reduce((sum, a) => sum + Math.max(...nw.map((b) => word(a, b))), 0) / qw.length) * (0.6 + 0.4 * coverage);
      return 0.85 * Math.max(0.6 * editSimilarity(q, n) + 0.4 * jaroWinkler(q, n), words);
    };
    const names = [
      'stripe',
      'stripe payments',
      'string rust type',
      'patrick collison',
      'sofia foundation',
      'ukrainian academy of agrarian sciences',
      'a',
      'ab cd ef',
    ];
    const queries = ['strpie', 'sfoia foundtion', 'patrik colison', 'ukraniain academy', 'cd', 'b', 'foundation sofia', 'x y z'];
    for (const q of queries) for (const n of names) expect(scoreName(q, n, q.split(' '), n.split(' '))).toBe(naive(q, n));
  });

  it('computes the same distance as the textbook recurrence', () => {
    const textbook = (s: string, t: string): number => {
      const d = Array.from({ length: s.length + 1 }, (_, i) =>
        Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= s.length; i++) {
        for (let j = 1; j <= t.length; j++) {
          const row = d[i] ?? [];
          const up = d[i - 1] ?? [];
          let v = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + (s[i - 1] === t[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, (d[i - 2]?.[j - 2] ?? 0) + 1);
          row[j] = v;
        }
      }
      return d[s.length]?.[t.length] ?? 0;
    };
    let seed = 7;
    const letter = () => 'abca '.charAt((seed = (seed * 48271) % 2147483647) % 5);
    for (let k = 0; k < 300; k++) {
      const s = Array.from({ length: k % 17 }, letter).join('');
      const t = Array.from({ length: (k * 7) % 23 }, letter).join('');
      expect(damerauLevenshtein(s, t)).toBe(textbook(s, t));
    }
  });
});

describe('NameIndex', () => {
  it('reproduces the seed: "stri" finds Stripe first, then String (Rust type), scores in 0..1', async () => {
    const { store } = await seeded();
    const index = await NameIndex.load(store, 2);
    expect(index.size).toBe(6);
    const hits = index.search('stri');
    expect(hits.slice(0, 2).map((h) => h.name)).toEqual(['Stripe', 'String (Rust type)']);
    expect(hits[0]?.score).toBeGreaterThan(0.9);
    expect(hits[1]?.score).toBeGreaterThan(0.5);
    for (const h of hits) {
      expect(h.score).toBeGreaterThanOrEqual(0);
      expect(h.score).toBeLessThanOrEqual(1);
    }
  });

  it('tolerates typos, diacritics, word order and finds aliases', async () => {
    const { store } = await seeded();
    const index = await NameIndex.load(store);
    expect(index.search('strpie')[0]?.name).toBe('Stripe');
    expect(index.search('patrik colison')[0]?.name).toBe('Patrick Collison');
    expect(index.search('colison')[0]?.name).toBe('Patrick Collison');
    expect(index.search('zurich')[0]?.name).toBe('Zürich');
    expect(index.search('block')[0]).toMatchObject({ name: 'Square', matchedAlias: 'Block, Inc.' });
    expect(index.search('r')[0]?.name).toBe('Rust');
    expect(index.search('rust', { types: ['company'] }).map((h) => h.name)).not.toContain('Rust');
    expect(index.search('   ')).toEqual([]);
  });

  it('stays current through the service: create, rename, alias, delete, merge', async () => {
    const { store, graph } = await seeded();
    const index = await NameIndex.load(store);
    index.attach(graph);
    const mozilla = await graph.createEntity({ name: 'Mozilla', type: 'company' });
    expect(index.search('mozila')[0]?.id).toBe(mozilla.id);
    await graph.updateEntity(mozilla.id, { name: 'Mozilla Foundation' });
    expect(index.search('mozilla foundation')[0]?.score).toBe(1);
    await graph.addAliases(mozilla.id, ['MoFo']);
    expect(index.search('mofo')[0]?.id).toBe(mozilla.id);
    const dup = await graph.createEntity({ name: 'Stripe, Inc.', type: 'company' });
    const stripe = (await graph.findByName('Stripe')).find((e) => e.id !== dup.id);
    if (!stripe) throw new Error('fixture');
    await graph.merge(stripe.id, dup.id);
    expect(
      index
        .search('stripe')
        .filter((h) => h.name.startsWith('Stripe'))
        .map((h) => h.id),
    ).toEqual([stripe.id]);
    await graph.deleteEntity(mozilla.id);
    expect(index.search('mozilla').map((h) => h.id)).not.toContain(mozilla.id);
  });

  it('is deterministic with ties broken by name then id, and bounded by limit', () => {
    const index = new NameIndex();
    for (let i = 0; i < 50; i++)
      index.upsert({ id: `e_${String(i).padStart(3, '0')}` as never, name: `Acme ${i % 5}`, type: 'company', aliases: [] });
    const a = index.search('acme', { limit: 7 });
    expect(a).toHaveLength(7);
    expect(index.search('acme', { limit: 7 })).toEqual(a);
    expect(a.map((h) => h.name)).toEqual(['Acme 0', 'Acme 0', 'Acme 0', 'Acme 0', 'Acme 0', 'Acme 0', 'Acme 0']);
    expect(a.map((h) => h.id)).toEqual([...a.map((h) => h.id)].sort());
  });

  it('compacts tombstones and still answers (regression: removed entries resurfaced)', () => {
    const index = new NameIndex();
    for (let i = 0; i < 3000; i++) index.upsert({ id: `e_${i}` as never, name: `Company ${i}`, type: 'company', aliases: [] });
    for (let i = 0; i < 2500; i++) index.remove(`e_${i}` as never);
    expect(index.size).toBe(500);
    expect(index.search('company 2999')[0]).toMatchObject({ name: 'Company 2999', score: 1 });
    expect(index.search('company 12').every((h) => Number(h.name.split(' ')[1]) >= 2500)).toBe(true);
  });

  it('bounds the work of a query that needs the wide pass (regression: the p95 tail at 100k entities)', () => {
    // Every name shares every gram of the query, and the typos leave no confident match:
    // the worst case for candidate counting and re-scoring.
    const index = new NameIndex();
    for (let i = 0; i < 3000; i++) index.upsert({ id: `e_${i}` as never, name: `Zeta Holdings ${i}`, type: 'company', aliases: [] });
    const hits = index.search('zteaholdngs', { limit: 5 });
    expect(hits[0]?.name).toMatch(/^Zeta Holdings/);
    const work = index.lastSearchWork;
    expect(work.widePass).toBe(true);
    // The first pass's candidates are not scored again in the wide pass (was 96 + 512 = 608).
    expect(work.candidatesScored).toBeLessThanOrEqual(WIDE_CANDIDATES);
    // Each of the five shared grams' posting lists is read once (was 9,000 + 15,000).
    expect(work.postingsScanned).toBe(5 * 3000);
  });

  it('reads only the rare grams when the first pass is confident', () => {
    const index = new NameIndex();
    for (let i = 0; i < 3000; i++) index.upsert({ id: `e_${i}` as never, name: `Zeta Holdings ${i}`, type: 'company', aliases: [] });
    expect(index.search('zeta holdings 2999')[0]).toMatchObject({ name: 'Zeta Holdings 2999', score: 1 });
    expect(index.lastSearchWork).toMatchObject({ widePass: false, candidatesScored: MAX_CANDIDATES });
  });
});
