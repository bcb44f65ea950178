/**
 * Context cues that say what kind of thing a name is, read from the words next to
 * it: "written in Go" and "the Django framework" are technology, "the Pebble Core
 * device" and "the Overcast app" products, "Acme Inc." a company. A cue is stronger
 * evidence of the type than the model's guess from the name alone.
 */
import type { EntityType } from '../../core/graph/types';
import type { Token } from '../ner/tokenize';

/** A noun right after a name that makes it a technology ("the Django framework"). */
const TECH_AFTER = new Set([
  'framework',
  'frameworks',
  'library',
  'libraries',
  'language',
  'languages',
  'protocol',
  'protocols',
  'runtime',
  'runtimes',
  'api',
  'apis',
  'sdk',
  'engine',
  'database',
  'compiler',
  'toolchain',
  'kernel',
  'standard',
  'format',
  'interpreter',
  'specification',
  'spec',
  'codec',
  'bytecode',
  'module',
  'package',
  'toolkit',
  'algorithm',
]);
/** Words right before a name that make it a technology ("written in Go", "ported to WebAssembly"). */
const TECH_BEFORE = [
  ['written', 'in'],
  ['programmed', 'in'],
  ['implemented', 'in'],
  ['coded', 'in'],
  ['compiled', 'to'],
  ['compile', 'to'],
  ['ported', 'to'],
  ['rewritten', 'in'],
];
/** A noun right after a name that makes it a product ("the Overcast app"). */
const PRODUCT_AFTER = new Set([
  'app',
  'apps',
  'application',
  'device',
  'devices',
  'phone',
  'smartphone',
  'headset',
  'smartwatch',
  'watch',
  'console',
  'game',
  'games',
  'browser',
  'tablet',
  'laptop',
  'speaker',
  'camera',
  'podcast',
  'extension',
  'plugin',
  'chatbot',
]);
/** A token right after a name that makes it a company ("Acme Inc."). */
const COMPANY_AFTER = new Set([
  'inc',
  'inc.',
  'corp',
  'corp.',
  'ltd',
  'ltd.',
  'llc',
  'gmbh',
  'plc',
  'co.',
  'ag',
  'sa',
  'n.v.',
  'incorporated',
  'corporation',
]);
/** A word right before a name that makes it a company ("startup Wyzerr", "rival Fitbit"). */
const COMPANY_BEFORE = new Set(['startup', 'start-up', 'firm', 'rival', 'competitor', 'company', 'maker', 'retailer', 'vendor']);
/**
 * Nouns of works, written in lower case right before a name ("the film Bridesmaids", "the HBO
 * series Game of Thrones", "her memoir Becoming") or heading its apposition ("Arrival, a film
 * by …"): the name is a work, "other" by the gold's rules. Not "game", "podcast" or "app": made
 * things are products.
 */
const WORK_NOUNS = new Set([
  'film',
  'movie',
  'documentary',
  'sitcom',
  'series',
  'miniseries',
  'show',
  'novel',
  'memoir',
  'book',
  'biography',
  'album',
  'song',
  'musical',
  'opera',
  'play',
  'poem',
  'painting',
  'episode',
]);
/** Words before a work noun that make it one ("the film", "her memoir", "a new album"). */
const WORK_DETERMINERS = new Set([
  'the',
  'a',
  'an',
  'his',
  'her',
  'their',
  'its',
  'our',
  'my',
  'your',
  'this',
  'that',
  'new',
  'latest',
  'hit',
  'debut',
  'first',
]);

/**
 * The type the neighbouring words give the name spanning tokens [first, last), if any.
 *
 * @example
 *   const t = tokenize('It is written in Go.');
 *   cueType(t, 4, 5) // 'technology'
 */
export function cueType(tokens: readonly Token[], first: number, last: number): EntityType | undefined {
  const raw = tokens[last]?.text;
  if (raw !== undefined) {
    const next = raw.toLowerCase();
    if (COMPANY_AFTER.has(next) || (next === ',' && COMPANY_AFTER.has(tokens[last + 1]?.text.toLowerCase() ?? ''))) return 'company';
    // Nouns only as written in lower case: "Apple Watch" is a name, "the Overcast app" a cue.
    if (TECH_AFTER.has(raw) || (raw === 'programming' && tokens[last + 1]?.text === 'language')) return 'technology';
    if (PRODUCT_AFTER.has(raw)) return 'product';
  }
  const prev1 = tokens[first - 1]?.text;
  const prev2 = tokens[first - 2]?.text;
  if (prev1 !== undefined && prev2 !== undefined && TECH_BEFORE.some(([a, b]) => a === prev2 && b === prev1)) return 'technology';
  if (prev1 !== undefined && COMPANY_BEFORE.has(prev1)) return 'company';
  // "the film Bridesmaids", "the 2011 film Bridesmaids", "HBO series Kestrel": a determiner, a year or a name before
  // the noun; not a verb's "to play X", "to book X".
  if (
    prev1 !== undefined &&
    WORK_NOUNS.has(prev1) &&
    prev2 !== undefined &&
    (WORK_DETERMINERS.has(prev2) || /^(?:\d{4}|\p{Lu}[\p{L}-]*)$/u.test(prev2))
  )
    return 'other';
  // "an app called Instapaper", "a game named Thumper".
  if ((prev1 === 'called' || prev1 === 'named') && prev2 !== undefined && NAMED_PRODUCT_NOUNS.has(prev2)) return 'product';
  // "the Northwind Trust-backed Tailspin": a name glued to an adjective is none of the examples.
  if (/-\p{Ll}+$/u.test(tokens[last - 1]?.text ?? '')) return undefined;
  return appositionType(tokens, first, last) ?? exampleOfType(tokens, first);
}

/** Words that close an apposition's name ("its robot, Spot, and …", "… robot, Spot – the …"). */
const APPOSITION_CLOSERS = new Set([',', '.', ';', ')', '–', '—', 'and']);
/** Device nouns that say what a name in apposition with them is ("Gita, a robot that …"); no "service" or "site": "Acme, a delivery service" is a firm. */
const DEVICE_NOUNS = new Set(['robot', 'drone', 'headset', 'smartwatch', 'gadget', 'device', 'phone', 'smartphone', 'game']);
/** Nouns of made things that, right before a name in apposition, say it is a product ("another product, CodePair, …"). */
const MADE_NOUNS = new Set(['product', 'app', 'application', 'tool']);
/** Nouns of firms that say a name in apposition with them is a company ("Tailspin, a Danish company that …"). */
const FIRM_NOUNS = new Set([
  'company',
  'firm',
  'startup',
  'start-up',
  'corporation',
  'conglomerate',
  'retailer',
  'manufacturer',
  'brokerage',
  'bank',
  'lender',
  'insurer',
  'subsidiary',
  'supplier',
  'provider',
]);
/** Words that may follow the head noun of an apposition ("a robot that …", "a company based in …"): not another noun. */
const HEAD_FOLLOWERS = new Set([
  ',',
  '.',
  ';',
  ')',
  'that',
  'which',
  'whose',
  'with',
  'in',
  'based',
  'from',
  'for',
  'of',
  'and',
  'known',
  'founded',
  // "Arrival, a film by …", "Spot, a robot by Acme".
  'by',
]);
/** Describing words at most between "a" and the head noun ("a four-legged robot", "a French company"). */
const MAX_APPOSITION_WORDS = 3;

/**
 * A product or a company by its apposition: "its six-wheeled robot, Rover, …", "a second
 * product, Loom, in 2021" (a device or product noun right before, the name closed by a
 * comma, a stop or "and"), "Pip, a robot that …" and
 * "Tailspin, a Danish company that …" (after ", a", a few describing words, then the noun as
 * the phrase's head: "a company spokesman" is no company).
 */
function appositionType(tokens: readonly Token[], first: number, last: number): EntityType | undefined {
  const closed = last >= tokens.length || APPOSITION_CLOSERS.has(tokens[last]?.text ?? '');
  const before = tokens[first - 2]?.text ?? '';
  if (closed && tokens[first - 1]?.text === ',' && (DEVICE_NOUNS.has(before) || MADE_NOUNS.has(before))) return 'product';
  if (tokens[last]?.text !== ',' || (tokens[last + 1]?.text !== 'a' && tokens[last + 1]?.text !== 'an')) return undefined;
  for (let k = last + 2; k <= last + 2 + MAX_APPOSITION_WORDS && k < tokens.length; k++) {
    const w = tokens[k]?.text ?? '';
    if (!/^[\p{L}-]+$/u.test(w)) return undefined;
    const head = k + 1 >= tokens.length || HEAD_FOLLOWERS.has(tokens[k + 1]?.text ?? '');
    if (head && DEVICE_NOUNS.has(w)) return 'product';
    if (head && FIRM_NOUNS.has(w)) return 'company';
    if (head && WORK_NOUNS.has(w)) return 'other';
  }
  return undefined;
}

/** Plural nouns before "like" or "such as" that say what the names after them are ("apps like Loom and Skyvault"). */
const EXAMPLE_KINDS: ReadonlyMap<string, EntityType> = new Map<string, EntityType>([
  ['apps', 'product'],
  ['applications', 'product'],
  ['services', 'product'],
  ['websites', 'product'],
  ['sites', 'product'],
  ['games', 'product'],
  ['devices', 'product'],
  ['gadgets', 'product'],
  ['products', 'product'],
  ['browsers', 'product'],
  ['smartphones', 'product'],
  ['companies', 'company'],
  ['firms', 'company'],
  ['startups', 'company'],
  ['start-ups', 'company'],
  ['rivals', 'company'],
  ['competitors', 'company'],
  ['retailers', 'company'],
  ['banks', 'company'],
  ['universities', 'company'],
  ['languages', 'technology'],
  ['frameworks', 'technology'],
  ['libraries', 'technology'],
  ['protocols', 'technology'],
  ['databases', 'technology'],
  ['films', 'other'],
  ['movies', 'other'],
  ['novels', 'other'],
  ['books', 'other'],
  ['albums', 'other'],
  ['songs', 'other'],
  ['cities', 'location'],
  ['countries', 'location'],
]);
/** Verbs that open a list of examples after a plural kind ("products include …", "robots, including …"). */
const INCLUDE_WORDS = new Set(['include', 'includes', 'including']);
/** Tokens looked back over from a name to the "like" that opens its list ("like A, B and C"). */
const MAX_EXAMPLE_LOOKBACK = 8;

/**
 * The kind of a name given as an example: "apps like Loom and Skyvault", "events such as
 * ParcelCon", "companies like Acme, Initech and Globex", "Its main products include the Loom". The name follows "like" or "such as"
 * after a plural noun of `EXAMPLE_KINDS`, directly or as a later member of the list that
 * starts there (capitalized words, commas, "and", "or" between).
 *
 * @example
 *   exampleOfType(tokenize('It works with apps like Loom and Skyvault.'), 7) // 'product'
 */
export function exampleOfType(tokens: readonly Token[], first: number): EntityType | undefined {
  // "products like ISO-certified timber": an adjective compound is no example's name.
  if (/-\p{Ll}+$/u.test(tokens[first]?.text ?? '')) return undefined;
  let k = first - 1;
  let member = false;
  while (k >= 0 && first - k <= MAX_EXAMPLE_LOOKBACK) {
    const t = tokens[k];
    if (t === undefined || tokens[k + 1]?.newline === true) return undefined;
    if (t.text === 'like' || (t.text === 'as' && tokens[k - 1]?.text === 'such')) {
      const noun = tokens[t.text === 'like' ? k - 1 : k - 2]?.text;
      return noun === undefined ? undefined : EXAMPLE_KINDS.get(noun);
    }
    // "Its main products include the Loom", "robots, including Pip": the kind before the verb (and its comma).
    if (INCLUDE_WORDS.has(t.text)) {
      const noun = tokens[k - 1]?.text === ',' ? tokens[k - 2]?.text : tokens[k - 1]?.text;
      return noun === undefined ? undefined : EXAMPLE_KINDS.get(noun);
    }
    // Only list members and their glue lie between the name and the "like", and a list has one
    // "and" before its last member: "apps like A and B, and Apple has …" ends at B.
    if (t.text === 'and' || t.text === 'or') {
      if (member) return undefined;
    } else if (/^[\p{Lu}\p{N}]/u.test(t.text)) member = true;
    else if (t.text !== ',' && !(t.text === 'the' && INCLUDE_WORDS.has(tokens[k - 1]?.text ?? ''))) return undefined;
    k -= 1;
  }
  return undefined;
}

/** Nouns before "called" or "named" that make the name after them a product. */
const NAMED_PRODUCT_NOUNS = new Set([
  'app',
  'application',
  'game',
  'device',
  'gadget',
  'service',
  'product',
  'tool',
  'robot',
  'drone',
  'headset',
  'phone',
  'smartwatch',
  'podcast',
  'website',
  'site',
]);

/** Last words that make a multi-word name a technology ("Cache API", "Secure Memory Encryption"). */
const TECH_HEADS = new Set([
  'API',
  'APIs',
  'SDK',
  'Protocol',
  'Language',
  'Framework',
  'Library',
  'Format',
  'Standard',
  'Specification',
  'Algorithm',
  'Kernel',
  'Runtime',
  'Interface',
  'Encryption',
  'Virtualization',
  'Compiler',
  'Toolkit',
  'Architecture',
]);
/** Last words that make a multi-word name a product ("Tor Browser", "Arduino IDE", "App Store"). */
const PRODUCT_HEADS = new Set([
  'App',
  'Browser',
  'Editor',
  'Console',
  'Debugger',
  'Monitor',
  'Inspector',
  'IDE',
  'Store',
  'Edition',
  'Phone',
  'Watch',
  'Player',
  'Assistant',
  'Manager',
  'Designer',
  'Simulator',
  'Reader',
  'Messenger',
  'Headset',
  'Tablet',
  'Laptop',
  'Notebook',
  'Camera',
  'Drone',
  'Speaker',
  'Extension',
  'Plugin',
  'Add-on',
  'Podcast',
  'Server',
  'Suite',
  // A product line's model words ("Gita Plus", "Mac Mini", "HBO Max").
  'Plus',
  'Mini',
  'Max',
  'Ultra',
  'Lite',
]);

/** Last words that make a multi-word name an organization ("Boston Dynamics", "Thrive Capital"). */
const COMPANY_HEADS = new Set([
  'Inc',
  'Inc.',
  'Corp',
  'Corp.',
  'Corporation',
  'Ltd',
  'LLC',
  'GmbH',
  'Holdings',
  'Group',
  'Partners',
  'Ventures',
  'Capital',
  'Labs',
  'Lab',
  'Laboratories',
  'Games',
  'Studios',
  'Dynamics',
  'Robotics',
  'Technologies',
  'Networks',
  'Systems',
  'Foundation',
  'Institute',
  'University',
  'College',
  'Association',
  'Council',
  'Commission',
  'Agency',
  'Ministry',
  'Department',
  'Administration',
  'Bank',
  'Initiative',
  'Society',
  'Committee',
  'Bureau',
  'Fund',
  'Investments',
  'Club',
  'Accelerator',
  'Insights',
  'Organisation',
  'Organization',
  'Institution',
  'Center',
  'Centre',
  'Laboratory',
  'Party',
  'Authority',
  'Times',
  'Journal',
]);

/** Last words that make a multi-word name a place ("Stewart Island", "Ninety Mile Beach", "Sand Hill Road"). */
const LOCATION_HEADS = new Set([
  'Island',
  'Islands',
  'Beach',
  'Road',
  'Street',
  'Avenue',
  'Boulevard',
  'River',
  'Lake',
  'Valley',
  'County',
  'Peninsula',
  'Coast',
  'Bay',
  'Mountains',
  'Desert',
]);

/**
 * Last words of a named building or structure, a place by the gold's rules ("AT&T Stadium",
 * "Golden Gate Bridge", "National Mall"). Not the heads that are also surnames or brands:
 * "Hall" (Monty Hall), "Park" (a Korean surname), "Field" (Sally Field), "Terminal"
 * (Bloomberg Terminal), "Station" (the International Space Station), "Theatre" (a company),
 * "Palace" (the palace that speaks, as the White House does).
 */
const BUILDING_HEADS = new Set([
  'Stadium',
  'Arena',
  'Auditorium',
  'Ballpark',
  'Coliseum',
  'Colosseum',
  'Amphitheater',
  'Amphitheatre',
  'Speedway',
  'Raceway',
  'Racecourse',
  'Airport',
  'Bridge',
  'Tower',
  'Towers',
  'Mall',
  'Plaza',
  'Square',
  'Cathedral',
  'Basilica',
  'Garden',
  'Gardens',
  'Canyon',
  'Falls',
  'Heights',
  'Hills',
  'Highway',
  'Freeway',
  'Expressway',
  'Motorway',
  'Parkway',
  'Turnpike',
  'Tunnel',
  'Harbor',
  'Harbour',
]);

/** True when `word` is a last word that makes a name a place ("Road", "Beach", "Stadium"). */
export function isLocationHead(word: string): boolean {
  return LOCATION_HEADS.has(word) || BUILDING_HEADS.has(word);
}

/** True when `word` is a last word that makes a name a law, a treaty or a licence ("Act", "License"). */
export function isLawHead(word: string): boolean {
  return LAW_HEADS.has(word);
}

/** First words of a code name ("Project Harmony", "Operation Barbarossa"). */
const CODE_NAME_LEADS = new Set(['Project', 'Operation']);

/** Last words that make a multi-word name an event ("AI Summit", "Google I/O Conference"). */
const EVENT_HEADS = new Set(['Summit', 'Conference', 'Festival', 'Expo', 'Awards', 'Championship', 'Olympics']);
/** Last words that make a multi-word name a law, a treaty or a licence ("Patriot Act", "Simplified BSD License"). */
const LAW_HEADS = new Set(['Act', 'License', 'Licence', 'Treaty', 'Accord', 'Accords', 'Convention', 'Directive']);

/**
 * The type a multi-word name's head noun (its last word) gives it, if any.
 *
 * @example
 *   headType('Cache API')   // 'technology'
 *   headType('Tor Browser') // 'product'
 *   headType('Stewart Island') // 'location'
 */
export function headType(name: string): EntityType | undefined {
  const words = name.split(' ');
  if (words.length < 2) return undefined;
  const head = words[words.length - 1] ?? '';
  // "Project Loon", "Operation Barbarossa": a code name, not a person.
  if (CODE_NAME_LEADS.has(words[0] ?? '')) return 'other';
  // "Competitive Services Act 2015": a law with its year.
  if (/^\d{4}$/.test(head) && LAW_HEADS.has(words[words.length - 2] ?? '')) return 'other';
  if (TECH_HEADS.has(head)) return 'technology';
  if (PRODUCT_HEADS.has(head)) return 'product';
  if (COMPANY_HEADS.has(head)) return 'company';
  if (isLocationHead(head)) return 'location';
  if (EVENT_HEADS.has(head) || LAW_HEADS.has(head)) return 'other';
  return undefined;
}

/**
 * Nouns after a name that suggest a technology ("CORS headers", "ZIP files", "SPDY
 * support"), weaker than `cueType`'s: "Dell servers" is still Dell the company, so they
 * only type names no list knows that the model took for an organization or left untyped.
 */
const WEAK_TECH_AFTER = new Set([
  'support',
  'implementation',
  'implementations',
  'header',
  'headers',
  'request',
  'requests',
  'file',
  'files',
  'server',
  'servers',
  'client',
  'clients',
  'code',
  'bindings',
  'stack',
  'compression',
  'encoding',
  'cluster',
  'clusters',
  'instance',
  'instances',
  'queries',
  'query',
  'script',
  'scripts',
  'connection',
  'connections',
  'endpoint',
  'endpoints',
  'tokens',
  'token',
  'messages',
  'packets',
  'traffic',
  'version',
  'versions',
  'syntax',
  'parser',
  'binary',
  'binaries',
  'developers',
  'project',
  'community',
  'ecosystem',
  'tooling',
  'build',
  'builds',
  'release',
  'releases',
  'integration',
]);
/** Words before a name that suggest a technology ("based on zlib", "support for WebFinger"). */
const WEAK_TECH_BEFORE = [
  ['based', 'on'],
  ['support', 'for'],
  ['built', 'on'],
  ['built', 'with'],
  ['runs', 'on'],
  ['run', 'on'],
  ['implementation', 'of'],
  ['version', 'of'],
];

/**
 * @example
 *   weakCueType(tokenize('It sends CORS headers.'), 2, 3) // 'technology'
 */
export function weakCueType(tokens: readonly Token[], first: number, last: number): EntityType | undefined {
  const next = tokens[last]?.text;
  if (next !== undefined && WEAK_TECH_AFTER.has(next)) return 'technology';
  const prev1 = tokens[first - 1]?.text;
  const prev2 = tokens[first - 2]?.text;
  if (prev1 !== undefined && prev2 !== undefined && WEAK_TECH_BEFORE.some(([a, b]) => a === prev2 && b === prev1)) return 'technology';
  if (last - first === 1 && isTechShaped(tokens[first]?.text ?? '') && techWordNear(tokens, first, last)) return 'technology';
  return undefined;
}

/** Tokens looked at on each side of an acronym for a technology word: the same clause. */
const TECH_WINDOW = 4;
/** An acronym (2–5 capitals, a digit allowed: "JVM", "HTTP2") or one starting a camel-case name ("URLSearchParams", "IOUtils"). */
const TECH_SHAPE = /^(?:[A-Z]{2,5}\d?|[A-Z]{2,}[A-Z][a-z]+(?:[A-Z][a-z]+)*)$/;

/** Acronyms of organizations are as common as those of technologies: the shape needs a technology word near it. */
function isTechShaped(word: string): boolean {
  return TECH_SHAPE.test(word);
}

/** A technology noun ("protocol", "API", "library") within `TECH_WINDOW` tokens of [first, last). */
function techWordNear(tokens: readonly Token[], first: number, last: number): boolean {
  for (let i = Math.max(0, first - TECH_WINDOW); i < Math.min(tokens.length, last + TECH_WINDOW); i++) {
    if (i >= first && i < last) continue;
    const t = tokens[i]?.text ?? '';
    if (TECH_AFTER.has(t) || TECH_HEADS.has(t)) return true;
  }
  return false;
}

/** Words right before a brand that say the page uses it as a service ("via Instapaper", "using Slack"; "on" is also "reported on TechCrunch"). */
const SERVICE_BEFORE = new Set(['via', 'using']);
/** Nouns right after a brand that say the page uses it as a service ("Yelp reviews", "Twitter followers"). */
const SERVICE_AFTER = new Set([
  'users',
  'user',
  'account',
  'accounts',
  'reviews',
  'review',
  'feed',
  'feeds',
  'post',
  'posts',
  'profile',
  'profiles',
  'followers',
  'subscribers',
  'listing',
  'listings',
  'channel',
  'channels',
  'page',
  'pages',
  'timeline',
  'subscription',
]);

/**
 * A brand the page uses as a service, not as a firm: "via Instapaper", "Yelp reviews" make it
 * a product. Only for names a list knows as a brand (company or product); for those
 * "on" and a following noun are about the service.
 *
 * @example
 *   serviceUseType(tokenize('Saved via Instapaper.'), 2, 3) // 'product'
 */
export function serviceUseType(tokens: readonly Token[], first: number, last: number): EntityType | undefined {
  if (serviceNounType(tokens, last) !== undefined) return 'product';
  const prev = tokens[first - 1]?.text;
  if (prev !== undefined && SERVICE_BEFORE.has(prev)) return 'product';
  return undefined;
}

/**
 * A service's noun right after a name ("my Adsense account", "Flickr users", "Yelp reviews"):
 * a product. For names no list knows that only the capitals made a firm ("via", "using" say
 * less there: "using Kubernetes" is a technology).
 *
 * @example
 *   serviceNounType(tokenize('my Adsense account'), 2) // 'product'
 */
export function serviceNounType(tokens: readonly Token[], last: number): EntityType | undefined {
  const next = tokens[last]?.text;
  return next !== undefined && SERVICE_AFTER.has(next) ? 'product' : undefined;
}

/** Roles held at an organization: "CEO of X", "analyst for X", "co-founder of X" make X one. */
const ORG_ROLE_BEFORE = new Set([
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cmo',
  'founder',
  'co-founder',
  'cofounder',
  'president',
  'chairman',
  'chairwoman',
  'director',
  'analyst',
  'spokesperson',
  'spokesman',
  'spokeswoman',
  'engineer',
  'vp',
  'employees',
  'executive',
  'officer',
]);
/**
 * Belonging to a group: "the leader of Ennahda" makes it one, but not "a member of Hori
 * Parata's team", where the group is what the name has.
 */
const MEMBERSHIP = new Set(['leader', 'member', 'members']);
/** Nouns after a possessive that only an organization has ("Segment's customers", "Gartner's CIO"). */
const ORG_POSSESSIONS = new Set([
  'customers',
  'customer',
  'clients',
  'employees',
  'staff',
  'ceo',
  'cto',
  'cfo',
  'coo',
  'founder',
  'co-founder',
  'cofounder',
  'headquarters',
  'shares',
  'stock',
  'board',
  'investors',
  'revenue',
  'acquisition',
  'subsidiary',
  'offices',
  'engineers',
]);

/**
 * An organization by its context ("CEO of X", "X's customers"): for a name no list knows
 * that the model took for a person or a place. Neither holds such a role nor has customers.
 *
 * @example
 *   orgContextType(tokenize('said Ada, CEO of Segment.'), 6, 7) // 'company'
 */
export function orgContextType(tokens: readonly Token[], first: number, last: number): EntityType | undefined {
  const prep = tokens[first - 1]?.text.toLowerCase();
  const possessive = tokens[last]?.text;
  const owned = possessive === "'s" || possessive === '’s';
  const role = tokens[first - 2]?.text.toLowerCase() ?? '';
  if ((prep === 'of' || prep === 'at' || prep === 'for') && (ORG_ROLE_BEFORE.has(role) || (!owned && MEMBERSHIP.has(role))))
    return 'company';
  if (owned && ORG_POSSESSIONS.has(tokens[last + 1]?.text.toLowerCase() ?? '')) return 'company';
  return undefined;
}

/** Roles right after a name that only an institution has ("White House press secretary", "Pentagon spokesman"). */
const SPEAKER_AFTER = new Set(['spokesman', 'spokeswoman', 'spokesperson', 'spokespeople']);

/**
 * A place that has a spokesman or a press secretary is the institution seated there ("White
 * House press secretary Josh Earnest", "a Kremlin spokesman"): an organization. Only for names
 * read as places; a person's spokesman is still the person's ("Obama spokesman").
 *
 * @example
 *   institutionType(tokenize('White House press secretary Josh Earnest said'), 0, 2) // 'company'
 */
export function institutionType(tokens: readonly Token[], first: number, last: number): EntityType | undefined {
  const next = tokens[last]?.text;
  if (next === undefined || tokens[last]?.newline === true) return undefined;
  if (SPEAKER_AFTER.has(next) || (next === 'press' && tokens[last + 1]?.text === 'secretary')) return 'company';
  return undefined;
}
