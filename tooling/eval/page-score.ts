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
  /** The precision lists (`bench/gold-pages/README.md`), when the file carries all three. */
  readonly precision?: PrecisionGold;
}

/** What judges a stored entity: the article's names beyond `must`, and the two kinds of error. */
export interface PrecisionGold {
  readonly entities: readonly GoldEntity[];
  readonly notEntities: readonly string[];
  readonly furniture: readonly string[];
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

/** How one stored entity is judged against a page's precision gold. */
export type Verdict = 'right' | 'loose' | 'wrong_type' | 'not_entity' | 'furniture' | 'unjudged';

export interface StoredScore {
  readonly page: string;
  readonly stored: number;
  /** Stored entities some list judges (all but the unjudged). */
  readonly judged: number;
  /** Judged names of the gold type. */
  readonly right: number;
  /** Judged names of the gold type with technology ≈ product. */
  readonly rightLoose: number;
  readonly wrongType: number;
  readonly notEntity: number;
  readonly furniture: number;
  /** Per stored type: [judged, right strict]. */
  readonly byStoredType: Readonly<Record<EntityType, readonly [number, number]>>;
  /** "name (type)" of every stored entity no list judges: the gold's next names to write. */
  readonly unjudged: readonly string[];
  /** "name: why" of every stored entity judged wrong. */
  readonly errors: readonly string[];
}

/**
 * The judge of one page's stored entities: each is judged by its name first, then by its
 * aliases in order, against the article's names (`must` ∪ `entities`), then
 * `not_entities`, then `furniture`.
 *
 * @example
 *   storedJudge(gold)({ name: 'Acme', type: 'company', aliases: [] }) // 'right' when Acme is a company of the article
 */
export function storedJudge(gold: PageGold): (entity: ScoredEntity) => Verdict {
  const judge = judgeWithTypes(gold);
  return (entity) => judge(entity).verdict;
}

/** `storedJudge`'s verdict, with the article's types of the name that decided it (the error list, `npm run train:type`). */
export function judgeWithTypes(gold: PageGold): (entity: ScoredEntity) => { verdict: Verdict; types: readonly EntityType[] } {
  const precision = gold.precision;
  if (precision === undefined) return () => ({ verdict: 'unjudged', types: [] });
  const article = new Map<string, EntityType[]>();
  for (const g of [...gold.must, ...precision.entities])
    for (const n of [g.name, ...g.aliases]) article.set(goldKey(n), [...(article.get(goldKey(n)) ?? []), g.type]);
  const notEntities = new Set(precision.notEntities.map(goldKey));
  const furniture = new Set(precision.furniture.map(goldKey));
  return (entity) => {
    for (const n of [entity.name, ...entity.aliases].map(goldKey)) {
      const types = article.get(n);
      if (types !== undefined) {
        if (types.includes(entity.type)) return { verdict: 'right', types };
        return { verdict: types.some((t) => looseType(t) === looseType(entity.type)) ? 'loose' : 'wrong_type', types };
      }
      if (notEntities.has(n)) return { verdict: 'not_entity', types: [] };
      if (furniture.has(n)) return { verdict: 'furniture', types: [] };
    }
    return { verdict: 'unjudged', types: [] };
  };
}

/** Scores what a page's graph stores against its precision gold; undefined without one. */
export function scoreStored(gold: PageGold, entities: readonly ScoredEntity[]): StoredScore | undefined {
  if (gold.precision === undefined) return undefined;
  const byStoredType = perType((): [number, number] => [0, 0]);
  const count = { right: 0, loose: 0, wrong_type: 0, not_entity: 0, furniture: 0, unjudged: 0 };
  const unjudged: string[] = [];
  const errors: string[] = [];
  const judge = judgeWithTypes(gold);
  for (const e of entities) {
    const { verdict: v, types } = judge(e);
    count[v] += 1;
    if (v === 'unjudged') {
      unjudged.push(`${e.name} (${e.type})`);
      continue;
    }
    byStoredType[e.type][0] += 1;
    if (v === 'right') byStoredType[e.type][1] += 1;
    if (v === 'wrong_type') errors.push(`${e.name}: stored as ${e.type}, not its type (${[...new Set(types)].join('/')})`);
    if (v === 'loose') errors.push(`${e.name}: stored as ${e.type} (technology ≈ product)`);
    if (v === 'not_entity') errors.push(`${e.name}: not an entity`);
    if (v === 'furniture') errors.push(`${e.name}: page furniture`);
  }
  return {
    page: gold.page,
    stored: entities.length,
    judged: entities.length - count.unjudged,
    right: count.right,
    rightLoose: count.right + count.loose,
    wrongType: count.wrong_type,
    notEntity: count.not_entity,
    furniture: count.furniture,
    byStoredType,
    unjudged,
    errors,
  };
}

export interface TotalPrecision {
  readonly pages: number;
  readonly stored: number;
  readonly judged: number;
  readonly unjudged: number;
  /** Right type / judged. */
  readonly typedPrecision: number;
  /** Right type with technology ≈ product / judged. */
  readonly typedPrecisionLoose: number;
  readonly wrongTypeShare: number;
  readonly notEntityShare: number;
  readonly furnitureShare: number;
  /** Per stored type: judged and strict precision. */
  readonly byStoredType: Readonly<Record<EntityType, { readonly judged: number; readonly precision: number }>>;
}

/** Micro-averaged over all judged stored entities of the pages that have a precision gold. */
export function totalPrecision(scores: readonly StoredScore[]): TotalPrecision {
  const sum = (f: (s: StoredScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const judged = sum((s) => s.judged);
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);
  return {
    pages: scores.length,
    stored: sum((s) => s.stored),
    judged,
    unjudged: sum((s) => s.unjudged.length),
    typedPrecision: ratio(
      sum((s) => s.right),
      judged,
    ),
    typedPrecisionLoose: ratio(
      sum((s) => s.rightLoose),
      judged,
    ),
    wrongTypeShare: ratio(
      sum((s) => s.wrongType),
      judged,
    ),
    notEntityShare: ratio(
      sum((s) => s.notEntity),
      judged,
    ),
    furnitureShare: ratio(
      sum((s) => s.furniture),
      judged,
    ),
    byStoredType: perType((t) => {
      const n = sum((s) => s.byStoredType[t][0]);
      return {
        judged: n,
        precision: ratio(
          sum((s) => s.byStoredType[t][1]),
          n,
        ),
      };
    }),
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
  const goldEntities = (list: readonly unknown[], field: string) =>
    list.map((m: unknown, i): GoldEntity => {
      if (typeof m !== 'object' || m === null) throw new Error(`${where}: ${field}[${i}] is not an object`);
      const name: unknown = Reflect.get(m, 'name');
      const type: unknown = Reflect.get(m, 'type');
      const aliases: unknown = Reflect.get(m, 'aliases');
      if (typeof name !== 'string' || typeof type !== 'string' || !isEntityType(type))
        throw new Error(`${where}: ${field}[${i}] needs a name and a known type`);
      const list = Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === 'string') : [];
      return { name, type, aliases: list };
    });
  const strings = (list: readonly unknown[]) => list.filter((j): j is string => typeof j === 'string');
  const entities = get('entities');
  const notEntities = get('not_entities');
  const furniture = get('furniture');
  const hasPrecision = [entities, notEntities, furniture].filter((l) => l !== undefined);
  if (hasPrecision.length > 0 && (!Array.isArray(entities) || !Array.isArray(notEntities) || !Array.isArray(furniture)))
    throw new Error(`${where}: the precision lists come together: entities[], not_entities[], furniture[]`);
  return {
    page,
    title: typeof title === 'string' ? title : '',
    must: goldEntities(must, 'must'),
    junk: strings(junk),
    ...(Array.isArray(entities) && Array.isArray(notEntities) && Array.isArray(furniture)
      ? { precision: { entities: goldEntities(entities, 'entities'), notEntities: strings(notEntities), furniture: strings(furniture) } }
      : {}),
  };
}
