/**
 * The words that state a relation, shared by the two readers of page sentences: the
 * extraction rules and classifier triggers (`src/extract/relations/`), which store typed
 * facts, and the query side's sentence reading (`src/core/query/sentence-reading.ts`),
 * which answers from stored sentences when the graph has no fact. One list per relation,
 * so a word learned for one reader is known to the other. Lower-case whole words, or word
 * beginnings ("acquir" for acquired, acquires, acquirer: `hasStem` in word-stems.ts says which
 * endings count). Data only, no logic.
 */

/** Job titles: a person tied to an organization by one of these holds a job there. */
export const ROLE_TITLES: readonly string[] = [
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cmo',
  'cio',
  'ciso',
  'president',
  'vice',
  'vp',
  'svp',
  'evp',
  'director',
  'head',
  'chief',
  'officer',
  'engineer',
  'professor',
  'researcher',
  'fellow',
  'analyst',
  'spokesman',
  'spokeswoman',
  'spokesperson',
  // "Acme's general counsel Ada": a lawyer or attorney "of" someone is their client's, no employee.
  'counsel',
  'treasurer',
  'secretary',
  'chairman',
  'chairwoman',
  'chair',
  'founder',
  'cofounder',
  'partner',
  'manager',
  'lead',
  'leader',
  'member',
  'employee',
  'staff',
  'editor',
  'reporter',
  'correspondent',
  'scientist',
  'developer',
  'designer',
  'architect',
  'administrator',
  'commissioner',
  'supervisor',
  'deputy',
  'executive',
  'historian',
  'economist',
  'lecturer',
  'technologist',
  'evangelist',
  'intern',
  'ranger',
  'advisor',
  'adviser',
  'consultant',
  'strategist',
  'principal',
  'associate',
  'chancellor',
  'dean',
  'governor',
  'minister',
  'senator',
  'mayor',
  'ambassador',
];

/** Verbs of holding a job ("works at", "joined"): said of employees, whatever their rank. */
export const JOB_VERBS: readonly string[] = ['works', 'worked', 'working', 'joined', 'joins', 'hired', 'employed'];

/** …and of leading, serving or founding ("heads", "served as"), which the extraction rules also read as a job. */
export const EMPLOYMENT_VERBS: readonly string[] = [
  ...JOB_VERBS,
  'leads',
  'served',
  'serves',
  'heads',
  'headed',
  'runs',
  'ran',
  'led',
  'founded',
  'cofounded',
];

/** Words that say who leads an organization ("CEO", "heads", "boss"). */
export const LEADER_WORDS: readonly string[] = [
  'ceo',
  'chief',
  'president',
  'chairman',
  'chairwoman',
  'head',
  'heads',
  'leads',
  'led',
  'boss',
  'runs',
];

/** Founding: whole words and beginnings ("co-founded" is tokenized "co", "founded"; "cofounder" whole). */
export const FOUNDER_WORDS: readonly string[] = ['started', 'creator', 'creators', 'established', 'incorporated'];
export const FOUNDER_PREFIXES: readonly string[] = ['found', 'cofound', 'establish'];

/** A maker and what it makes, as a verb ("developed", "launched", "ships"). */
export const MAKER_VERBS: readonly string[] = [
  'made',
  'makes',
  'built',
  'builds',
  'created',
  'creates',
  'designed',
  'released',
  'launched',
  'unveiled',
  'introduced',
  'introducing',
  'announced',
  'offers',
  'offered',
  'ships',
  'shipped',
  'manufactures',
  'manufactured',
];
export const MAKER_PREFIXES: readonly string[] = [
  'develop',
  'build',
  'make',
  'creat',
  'launch',
  'releas',
  'introduc',
  'unveil',
  'announc',
  'manufactur',
  'design',
];
/** …and as a noun ("the maker of", "Apple's products"). */
export const MAKER_NOUNS: readonly string[] = ['maker', 'makers', 'creator', 'product', 'products'];

/** A user and what it runs on ("adopted NSQ", "runs Android", "built on Qt"). */
export const USE_WORDS: readonly string[] = [
  'use',
  'uses',
  'used',
  'using',
  'adopt',
  'adopted',
  'adopts',
  'runs',
  'run',
  'running',
  'powered',
  'relies',
  'rely',
  'migrated',
  'switched',
  'deployed',
  'deploys',
  'supports',
  'support',
  'based',
  'built',
  'written',
  'implemented',
];

/** Buying another organization. */
export const ACQUIRE_WORDS: readonly string[] = ['bought', 'buys', 'buy', 'buying', 'takeover'];
export const ACQUIRE_PREFIXES: readonly string[] = ['acquir', 'purchas'];
/** Owning one ("Amazon-owned", "parent company", "a unit of"). */
export const OWN_WORDS: readonly string[] = [
  'owned',
  'owns',
  'own',
  'owner',
  'parent',
  'subsidiary',
  'subsidiaries',
  'division',
  'unit',
  'arm',
];

/** Rivals. */
export const COMPETE_WORDS: readonly string[] = ['vs', 'versus'];
export const COMPETE_PREFIXES: readonly string[] = ['compet', 'rival'];

/** Money given ("invested", "backed", "led the round"). */
export const FUND_WORDS: readonly string[] = [
  'invested',
  'invests',
  'invest',
  'investing',
  'investment',
  'investments',
  'stake',
  'backed',
  'backs',
  'funded',
  'funds',
  'funding',
  'raised',
  'raises',
  'raising',
  'round',
  'investors',
  'investor',
  'financing',
];

/** Working together. */
export const PARTNER_WORDS: readonly string[] = ['together', 'teamed', 'alliance'];
export const PARTNER_PREFIXES: readonly string[] = ['partnered', 'partnering', 'partnership', 'collaborat'];

/** Buying from someone: "customers include …", "a client of …". */
export const CUSTOMER_WORDS: readonly string[] = ['customer', 'customers', 'client', 'clients'];

/** An organization's seat. */
export const SEAT_WORDS: readonly string[] = ['based', 'headquartered', 'headquarters', 'hq', 'located', 'offices', 'office', 'situated'];

/**
 * Nouns that name a made thing: "Dell's infrastructure offering, PowerFlex", "the Zen
 * microarchitecture", "AMD's Ryzen PRO processors", "Cloudhop, a project from Contoso".
 */
export const PRODUCT_NOUNS: readonly string[] = [
  'product',
  'products',
  'robot',
  'robots',
  'app',
  'apps',
  'application',
  'platform',
  'platforms',
  'service',
  'device',
  'devices',
  'tool',
  'tools',
  'software',
  'processor',
  'processors',
  'cpu',
  'cpus',
  'chip',
  'chips',
  'offering',
  'offerings',
  'lineup',
  'vehicle',
  'project',
  'assistant',
  'browser',
  'smartphone',
  'smartphones',
  'console',
  'game',
  'microarchitecture',
  'framework',
  'library',
  'engine',
  'protocol',
  'standard',
];

/** Words that deny what their sentence would state. */
export const NEGATIONS: readonly string[] = ['not', 'never', 'no', 'nor', 't'];

/** Words that open a clause inside an apposition ("Ada, who spoke at Google"): what follows is no job or product phrase. */
export const CLAUSE_OPENERS: readonly string[] = ['who', 'which', 'that', 'when', 'where', 'whose', 'whom'];

/**
 * Words that, inside an apposition between a person and an organization, make it no job
 * phrase: a clause ("Ada, who spoke at Contoso"), a list ("Ada, Bo and Cy at Contoso") or
 * reported speech ("Ada, said a Contoso spokesman"). Read by capture's `jobAt` and the query
 * side's `tightBetween`; each adds its own (capture: places and visits, query: negations).
 */
export const NOT_A_JOB_WORDS: readonly string[] = ['who', 'which', 'that', 'when', 'where', 'whose', 'and', 'or', 'said', 'says'];

/** Words that make a title or a job a past one ("former CEO", "formerly an engineer at", "ex-Contoso"). */
export const PAST_MARKERS: readonly string[] = ['former', 'formerly', 'ex', 'onetime', 'then'];
/** …and the words that do so only right before a title ("the late founder", "ousted CEO"): "late" elsewhere is a time. */
export const PAST_TITLE_WORDS: readonly string[] = [...PAST_MARKERS, 'late', 'ousted', 'erstwhile'];

/** Verbs of starting an organization ("moved on to start Contoso", "launched Fabrikam in 2010"). */
export const START_VERBS: readonly string[] = [
  'start',
  'started',
  'starts',
  'launch',
  'launched',
  'launches',
  'established',
  'establishes',
];
