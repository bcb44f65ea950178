/**
 * Page-gold scoring: compares the entities a graph built from one page
 * holds with the page's gold (`bench/gold-pages/*.json`), by the rules of the gold's
 * README — a must entity is found when some graph entity's name or alias equals its
 * name or one of its aliases, case-folded with spaces collapsed; typed when such an
 * entity has the gold type (loose: technology and product count as one); junk when a
 * listed boilerplate string became an entity name or alias. Pure: no I/O.
 */
import type { EntityType } from '../../src/core/graph/types';
import { isEntityType } from '../../src/core/graph/types';

export interface GoldEntity {
  readonly name: string;
  readonly type: EntityType;
  readonly aliases: readonly string[];
}

export interface PageGold {
  readonly page: string;
  readonly title: string;
  readonly must: readonly GoldEntity[];
  readonly junk: readonly string[];
}

/** What the scorer needs of a graph entity. */
export interface ScoredEntity {
  readonly name: string;
  readonly type: EntityType;
  readonly aliases: readonly string[];
}

export interface PageScore {
  readonly page: string;
  readonly must: number;
  readonly found: number;
  readonly typedStrict: number;
  readonly typedLoose: number;
  readonly junkListed: number;
  readonly junkHit: number;
  readonly entities: number;
  /** Per gold type: [must, found, typed strict]. */
  readonly byType: Readonly<Record<EntityType, readonly [number, number, number]>>;
  readonly missed: readonly string[];
  /** "name: gold type → graph type(s)". */
  readonly mistyped: readonly string[];
  readonly junkFound: readonly string[];
}

/** Case-folded, spaces collapsed: the gold README's matching key. */
export function goldKey(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** One value per entity type (a literal, so the record is complete without a cast). */
function perType<T>(f: (t: EntityType) => T): Record<EntityType, T> {
  return {
    company: f('company'),
    person: f('person'),
    technology: f('technology'),
    product: f('product'),
    location: f('location'),
    other: f('other'),
  };
}

function looseType(t: EntityType): string {
  return t === 'product' ? 'technology' : t;
}

/**
 * @example
 *   scorePage(gold, [{ name: 'Pebble', type: 'company', aliases: [] }]).found // 1 if Pebble is a must entity
 */
export function scorePage(gold: PageGold, entities: readonly ScoredEntity[]): PageScore {
  const byKey = new Map<string, ScoredEntity[]>();
  for (const e of entities) {
    for (const n of new Set([e.name, ...e.aliases].map(goldKey))) {
      const list = byKey.get(n) ?? [];
      list.push(e);
      byKey.set(n, list);
    }
  }
  const byType = perType((): [number, number, number] => [0, 0, 0]);
  let found = 0;
  let typedStrict = 0;
  let typedLoose = 0;
  const missed: string[] = [];
  const mistyped: string[] = [];
  for (const m of gold.must) {
    const counts = byType[m.type];
    counts[0] += 1;
    const hits = new Set<ScoredEntity>();
    for (const n of [m.name, ...m.aliases]) for (const e of byKey.get(goldKey(n)) ?? []) hits.add(e);
    if (hits.size === 0) {
      missed.push(`${m.name} (${m.type})`);
      continue;
    }
    found += 1;
    counts[1] += 1;
    const types = [...hits].map((e) => e.type);
    if (types.includes(m.type)) {
      typedStrict += 1;
      counts[2] += 1;
    } else {
      mistyped.push(`${m.name}: ${m.type} → ${[...new Set(types)].join('/')}`);
    }
    if (types.some((t) => looseType(t) === looseType(m.type))) typedLoose += 1;
  }
  const junkFound = gold.junk.filter((j) => byKey.has(goldKey(j)));
  return {
    page: gold.page,
    must: gold.must.length,
    found,
    typedStrict,
    typedLoose,
    junkListed: gold.junk.length,
    junkHit: junkFound.length,
    entities: entities.length,
    byType,
    missed,
    mistyped,
    junkFound,
  };
}

export interface TotalScore {
  readonly pages: number;
  readonly mustRecall: number;
  readonly typedStrict: number;
  readonly typedLoose: number;
  readonly junkRate: number;
  readonly entitiesPerPage: number;
  /** Per gold type: found / must and typed strict / must. */
  readonly byType: Readonly<Record<EntityType, { readonly must: number; readonly recall: number; readonly typed: number }>>;
}

/** Micro-averaged over all pages' must entities and junk strings. */
export function totalScore(scores: readonly PageScore[]): TotalScore {
  const sum = (f: (s: PageScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const must = sum((s) => s.must);
  const junk = sum((s) => s.junkListed);
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);
  const byType = perType((t) => {
    const n = sum((s) => s.byType[t][0]);
    return {
      must: n,
      recall: ratio(
        sum((s) => s.byType[t][1]),
        n,
      ),
      typed: ratio(
        sum((s) => s.byType[t][2]),
        n,
      ),
    };
  });
  return {
    pages: scores.length,
    mustRecall: ratio(
      sum((s) => s.found),
      must,
    ),
    typedStrict: ratio(
      sum((s) => s.typedStrict),
      must,
    ),
    typedLoose: ratio(
      sum((s) => s.typedLoose),
      must,
    ),
    junkRate: ratio(
      sum((s) => s.junkHit),
      junk,
    ),
    entitiesPerPage: scores.length === 0 ? 0 : Math.round((sum((s) => s.entities) / scores.length) * 10) / 10,
    byType,
  };
}

/** Parses one gold file's JSON; throws a message naming the field that is wrong. */
export function parsePageGold(value: unknown, where: string): PageGold {
  if (typeof value !== 'object' || value === null) throw new Error(`${where}: not an object`);
  const get = (k: string): unknown => (Object.hasOwn(value, k) ? Reflect.get(value, k) : undefined);
  const page = get('page');
  const title = get('title');
  const must = get('must');
  const junk = get('junk');
  if (typeof page !== 'string' || !Array.isArray(must) || !Array.isArray(junk)) throw new Error(`${where}: needs page, must[], junk[]`);
  const entities = must.map((m: unknown, i): GoldEntity => {
    if (typeof m !== 'object' || m === null) throw new Error(`${where}: must[${i}] is not an object`);
    const name: unknown = Reflect.get(m, 'name');
    const type: unknown = Reflect.get(m, 'type');
    const aliases: unknown = Reflect.get(m, 'aliases');
    if (typeof name !== 'string' || typeof type !== 'string' || !isEntityType(type))
      throw new Error(`${where}: must[${i}] needs a name and a known type`);
    const list = Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string') : [];
    return { name, type, aliases: list };
  });
  return {
    page,
    title: typeof title === 'string' ? title : '',
    must: entities,
    junk: junk.filter((j): j is string => typeof j === 'string'),
  };
}
