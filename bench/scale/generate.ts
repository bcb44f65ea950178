/**
 * A synthetic graph for the scale bench (`npm run bench:scale`): `entities` entities with
 * realistic names (people as first + last name, companies as word + suffix, technologies,
 * products and places) and `relationshipsPerEntity` relationships each, whose ends follow
 * a heavy-tailed degree distribution (a few hubs with thousands of links, most entities
 * with one or two), plus one page and a mention evidence row per 20 entities.
 * Deterministic for a seed; generated in chunks so 1M entities never sit in memory at once.
 *
 * @example
 *   for (const chunk of generateGraph({ entities: 10_000 })) await write(chunk);
 */
import { indexKeys } from '../../src/core/graph/keys';
import type { Entity, EntityType, Evidence, Page, Relationship } from '../../src/core/graph/types';
import { mulberry32 } from '../../src/core/random';

export interface GraphSpec {
  readonly entities: number;
  /** Relationships per entity on average (the issue's graphs: 2 at 100k, 3 at 1M). */
  readonly relationshipsPerEntity?: number;
  readonly seed?: number;
  /** Records per chunk. */
  readonly chunk?: number;
}

export interface GraphChunk {
  readonly entities: Entity[];
  readonly relationships: Relationship[];
  readonly pages: Page[];
  readonly evidence: Evidence[];
}

const FIRST =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan Walter Evelyn Noah Judith Jeremy Megan Christian Andrea Keith Cheryl Roger Hannah Terry Jacqueline Gerald Martha Harold Gloria Sean Teresa Austin Ann Carl Sara Arthur Madison Lawrence Frances Dylan Kathryn Jesse Janice Jordan Jean Bryan Abigail Billy Alice Joe Judy Bruce Sophia Gabriel Grace Logan Denise Albert Amber Willie Doris Alan Marilyn Juan Danielle Wayne Beverly Elijah Isabella Randy Theresa Roy Diana Vincent Natalie Ralph Brittany Eugene Charlotte Russell Marie Bobby Kayla Mason Alexis Philip Lori Louis Wei Yuki Priya Ahmed Fatima Olga Lars Ingrid Pierre Chiara Mateo Aiko Kwame Amara Ravi Mei Dmitri Sven Lucia Hiroshi`.split(
    ' ',
  );
const LAST =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Ray Berry Perkins Hoffman Johnston Matthews Pena Richards Willis Carpenter Lawrence Sandoval Yamamoto Tanaka Okafor Mensah Kowalski Novak Larsen Dubois Rossi Muller Ivanova Sato Kaur Singh Haddad Cohen Zhang Wang Li Liu Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Gao Luo`.split(
    ' ',
  );
const ROOTS =
  `Acme Apex Arc Aurora Axis Beacon Birch Blue Bolt Bright Cedar Cinder Cipher Clear Cloud Cobalt Comet Coral Crest Crystal Cyan Delta Drift Echo Ember Epoch Falcon Fern Flint Forge Fox Frontier Fusion Galaxy Garnet Giant Glacier Globe Granite Graph Harbor Helix Horizon Hyper Indigo Iron Jade Kernel Kite Lattice Ledger Lumen Lunar Maple Matrix Meadow Meridian Mesa Metro Nimbus Noble Nova Oak Onyx Orbit Orchid Pacific Peak Pine Pixel Prism Pulse Quantum Quartz Radiant Raven River Rocket Sable Sage Signal Silver Solar Spark Spruce Stellar Stone Summit Swift Terra Thunder Tide Titan Trail True Vector Velvet Vertex Vista Wave Willow Zenith Zephyr`.split(
    ' ',
  );
const SECOND =
  `Labs Works Systems Data Logic Soft Net Bio Health Capital Energy Robotics Media Foods Motors Analytics Security Cloud Dynamics Networks Ventures Studios Pharma Finance Mobility Materials Devices Solutions Genomics Payments`.split(
    ' ',
  );
const SUFFIX = ['Inc', 'Ltd', 'GmbH', 'LLC', 'Corp', 'SA', 'AG', 'plc', '', '', '', ''];
const TECH =
  `Rust Go Kotlin Swift Python TypeScript Haskell Elixir Scala Julia Zig Lua Ruby Kafka Spark Flink Redis Postgres Cassandra Kubernetes Terraform WebAssembly GraphQL gRPC React Vue Svelte Angular TensorFlow PyTorch JAX Docker Nginx Envoy Linux FreeBSD LLVM CUDA OpenCL Vulkan`.split(
    ' ',
  );
const TECH_TAIL = ['', ' Core', ' Runtime', ' SDK', ' Engine', ' Compiler', ' Toolkit', ' Framework', ' DB', ' Stream'];
const PRODUCT = `Pro Max Mini Air One Studio Cloud Go Plus Edge Prime Ultra Lite Home Flow Hub Pay Vision Sync Desk`.split(' ');
const PLACE = `Spring Oak Maple Cedar River Lake Hill Green Fair Glen Ash Elm Pine Rock Stone Bridge Brook Wood Field Mill`.split(' ');
const PLACE_TAIL = `ton ville field burg ford port haven dale wood mont chester bury stead wick`.split(' ');
const LABELS: Record<EntityType, readonly string[]> = {
  person: ['works_at', 'founded', 'knows', 'invested_in'],
  company: ['uses', 'partner_of', 'acquired', 'located_in', 'competes_with'],
  technology: ['built_on', 'related_to'],
  product: ['made_by', 'uses'],
  location: ['part_of'],
  other: ['related_to'],
};
/** Share of each type, roughly what capture produces from news and docs. */
const TYPE_WEIGHTS: readonly [EntityType, number][] = [
  ['person', 0.38],
  ['company', 0.3],
  ['technology', 0.1],
  ['product', 0.1],
  ['location', 0.08],
  ['other', 0.04],
];
const T0 = Date.UTC(2025, 0, 1);
/**
 * Degree skew: an end is entity floor(n·u^SKEW). With 3, the first 0.1% of entities
 * (the hubs) hold ~10% of the link ends and the median entity has one or two links.
 */
const SKEW = 3;

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length] as T;

/** The entity id of index `i` (sortable, fixed width). */
export function entityIdOf(i: number): string {
  return `e_s${i.toString(36).padStart(6, '0')}`;
}

/** The type of entity `i` (a function of `i` alone, so relationship labels need no lookup). */
function typeOf(i: number): EntityType {
  const r = mulberry32(i * 2654435761)();
  let acc = 0;
  for (const [type, w] of TYPE_WEIGHTS) {
    acc += w;
    if (r < acc) return type;
  }
  return 'other';
}

/** The name of entity `i`: deterministic, realistic, with homonyms as real graphs have. */
export function nameOf(i: number): string {
  const r = mulberry32(i * 40503 + 17);
  switch (typeOf(i)) {
    case 'person':
      return `${pick(FIRST, r())} ${r() < 0.2 ? `${pick(FIRST, r()).charAt(0)}. ` : ''}${pick(LAST, r())}`;
    case 'company': {
      const suffix = pick(SUFFIX, r());
      return `${pick(ROOTS, r())}${r() < 0.5 ? pick(ROOTS, r()).toLowerCase() : ` ${pick(SECOND, r())}`}${suffix ? ` ${suffix}` : ''}`;
    }
    case 'technology':
      return `${pick(TECH, r())}${pick(TECH_TAIL, r())}${r() < 0.5 ? ` ${1 + Math.floor(r() * 20)}` : ''}`;
    case 'product':
      return `${pick(ROOTS, r())} ${pick(PRODUCT, r())}${r() < 0.4 ? ` ${1 + Math.floor(r() * 12)}` : ''}`;
    case 'location':
      return `${pick(PLACE, r())}${pick(PLACE_TAIL, r())}${r() < 0.3 ? ` ${pick(['North', 'South', 'East', 'West', 'Upper'], r())}` : ''}`;
    default:
      return `${pick(ROOTS, r())} ${pick(['Act', 'Accord', 'Summit', 'Award', 'Report', 'Protocol'], r())} ${2000 + Math.floor(r() * 26)}`;
  }
}

/**
 * The graph in chunks: entities first (ids ascending), then relationships, then pages
 * and evidence. Relationship ends are heavy-tailed (see SKEW); (from, label, to) is unique.
 */
export function* generateGraph(spec: GraphSpec): Generator<GraphChunk> {
  const n = spec.entities;
  const perEntity = spec.relationshipsPerEntity ?? 2;
  const chunk = spec.chunk ?? 5000;
  const random = mulberry32(spec.seed ?? 39);
  for (let start = 0; start < n; start += chunk) {
    const entities: Entity[] = [];
    for (let i = start; i < Math.min(n, start + chunk); i++) {
      const name = nameOf(i);
      const aliases = typeOf(i) === 'company' && i % 3 === 0 ? [name.split(' ')[0] ?? name] : [];
      const at = T0 + i * 1000;
      entities.push({
        id: entityIdOf(i) as Entity['id'],
        name,
        type: typeOf(i),
        aliases,
        attributes: {},
        createdAt: at,
        updatedAt: at,
        mentionCount: 1 + Math.floor(1 / (0.05 + random())),
        keys: indexKeys({ name, aliases }),
      });
    }
    yield { entities, relationships: [], pages: [], evidence: [] };
  }
  const total = Math.round(n * perEntity);
  const seen = new Set<string>();
  let relationships: Relationship[] = [];
  let made = 0;
  for (let attempt = 0; made < total && attempt < total * 3; attempt++) {
    const from = Math.floor(random() * n);
    const to = Math.floor(n * random() ** SKEW);
    if (from === to) continue;
    const label = pick(LABELS[typeOf(from)], random());
    const key = `${entityIdOf(from)}|${label}|${entityIdOf(to)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    relationships.push({
      id: `r_s${made.toString(36).padStart(7, '0')}` as Relationship['id'],
      from: entityIdOf(from) as Entity['id'],
      to: entityIdOf(to) as Entity['id'],
      label,
      key,
      createdAt: T0 + made,
      updatedAt: T0 + made,
    });
    made++;
    if (relationships.length === chunk) {
      yield { entities: [], relationships, pages: [], evidence: [] };
      relationships = [];
    }
  }
  if (relationships.length > 0) yield { entities: [], relationships, pages: [], evidence: [] };
  for (let start = 0; start < n; start += chunk * 20) {
    const pages: Page[] = [];
    const evidence: Evidence[] = [];
    for (let i = start; i < Math.min(n, start + chunk * 20); i += 20) {
      const url = `https://news.example/${i}`;
      const ids = Array.from({ length: Math.min(20, n - i) }, (_, k) => entityIdOf(i + k) as Entity['id']);
      const at = T0 + i * 1000;
      pages.push({ url, title: `Story ${i}`, site: 'news.example', capturedAt: at, entityIds: ids, relationshipIds: [] });
      for (const id of ids) {
        evidence.push({
          id: `v_${id}` as Evidence['id'],
          kind: 'mention',
          entityId: id,
          pageUrl: url,
          pageTitle: `Story ${i}`,
          snippet: `… ${id} …`,
          capturedAt: at,
        });
      }
    }
    yield { entities: [], relationships: [], pages, evidence };
  }
}
