/**
 * The registry of the analysis' named rule families: each has an id, the stage it belongs
 * to, a one-line description and the file that holds it. Every family can be switched off
 * (`AnalyzeOptions.rulesOff`), which is how `npm run eval:ablate` measures what each is
 * worth on the dev gold and on the check set. A family that is worth nothing on the check
 * pages is a candidate for removal.
 *
 * The registry names families, not each of the cue functions inside them (web-names.ts,
 * type-cues.ts and the relation triggers hold hundreds); switching a family off removes
 * all of it at once.
 *
 * Each family cites pages of the shared corpus where switching it off changes what is kept
 * (`npm run eval:rule-examples` finds them; check-set pages are never cited). They are
 * references for a reader, not test sentences: the tests use invented text.
 */

export type RuleStage = 'recognition' | 'mentions' | 'grouping' | 'typing' | 'salience' | 'relations' | 'answers';

/** A corpus page where the family changes what the analysis keeps, and what it does there. */
export interface RuleExample {
  /**
   * The page's folder under `../shared/corpus/pages/`, or `postlight/<site>` under
   * `../train-corpus/pages/` (the training pages, `bench/train-pages/README.md`); its site is the
   * folder name, less a trailing number.
   */
  readonly page: string;
  /** What the family does on that page, in general words. */
  readonly shows: string;
}

export interface RuleFamily {
  readonly id: string;
  readonly stage: RuleStage;
  readonly description: string;
  readonly file: string;
  readonly examples: readonly RuleExample[];
}

export const RULE_FAMILIES = [
  {
    id: 'web-names',
    stage: 'recognition',
    description: 'Cue and list recognizers over the trained model: web names, products, typed lists, appositions, "X-based"',
    file: 'src/extract/mentions/web-names.ts',
    examples: [
      { page: 'metascraper/anandtech', shows: 'reads product names with model numbers the trained model splits' },
      { page: 'metascraper/arstechnica', shows: 'keeps a web address name and a format name' },
    ],
  },
  {
    id: 'shaped-fallback',
    stage: 'recognition',
    description:
      "The rule recognizer fills the model's gaps only with name-shaped spans (a rare word, a digit, an acronym, an inner capital)",
    file: 'src/extract/mentions/web-names.ts',
    examples: [
      { page: 'metascraper/anandtech', shows: 'leaves out a size label and a feature phrase of English words only the fallback read' },
      { page: 'metascraper/blogger', shows: 'leaves out a capitalized phrase of English words taken for a name' },
    ],
  },
  {
    id: 'fallback-evidence',
    stage: 'mentions',
    description: "A name only the rule recognizer read (filling the model's gaps) is kept when the page writes it twice or a cue read it",
    file: 'src/extract/analysis/mention-stage.ts',
    examples: [
      { page: 'metascraper/arstechnica', shows: 'drops two first names and a plural noun the fallback read once' },
      { page: 'metascraper/blogger', shows: 'drops a hyphenated adjective the fallback took for a company' },
    ],
  },
  {
    id: 'boilerplate-names',
    stage: 'mentions',
    description: 'Menu, share and cookie labels are never names',
    file: 'src/extract/mentions/boilerplate.ts',
    examples: [
      { page: 'metascraper/arstechnica', shows: 'drops contractions in capitals ("I’ve") taken for companies' },
      { page: 'metascraper/indiehackers', shows: 'drops contractions and a bare job title taken for companies' },
    ],
  },
  {
    id: 'implausible-names',
    stage: 'mentions',
    description: 'URLs, handles, code identifiers, photo credits and role labels are never names',
    file: 'src/extract/mentions/boilerplate.ts',
    examples: [
      { page: 'metascraper/indiehackers', shows: 'drops a product name taken for a person' },
      { page: 'readability/table-style-attributes', shows: 'drops a slash-joined list of names taken for a company' },
    ],
  },
  {
    id: 'generic-terms',
    stage: 'mentions',
    description: 'A common noun in capitals (CPU, SDK, VCs) names no one thing',
    file: 'src/extract/rules/lexicon/generic-terms.ts',
    examples: [
      { page: 'metascraper/anandtech', shows: 'drops plural hardware nouns in capitals taken for companies' },
      { page: 'metascraper/business-today', shows: 'drops a department abbreviation taken for a company' },
    ],
  },
  {
    id: 'group-words',
    stage: 'mentions',
    description: 'A nationality, a faith, a deity or a family in the plural names a group, no one entity',
    file: 'src/extract/rules/lexicon/group-words.ts',
    examples: [
      { page: 'metascraper/business-today', shows: 'drops a nationality adjective taken for a place' },
      { page: 'metascraper/fast-company', shows: 'drops a people of the United States taken for a company' },
    ],
  },
  {
    id: 'heading-names',
    stage: 'mentions',
    description: 'A section heading is no name unless prose or structured data uses it',
    file: 'src/extract/analysis/analyze.ts',
    examples: [
      { page: 'metascraper/milanocittastato', shows: 'drops a section heading in capitals' },
      { page: 'readability/daringfireball-1', shows: 'drops a sidebar heading taken for a product' },
    ],
  },
  {
    id: 'named-others',
    stage: 'mentions',
    description: 'An untyped name repeated and shaped like a name is kept (product when it holds a model number)',
    file: 'src/extract/analysis/analyze.ts',
    examples: [
      { page: 'metascraper/anandtech', shows: 'keeps a repeated untyped technology name and its maker relation' },
      { page: 'metascraper/fast-company', shows: 'keeps a repeated untyped programme name and its founder relation' },
    ],
  },
  {
    id: 'short-name-folding',
    stage: 'grouping',
    description: 'A surname or short form on the page joins the full name it stands for',
    file: 'src/extract/mentions/name-folding.ts',
    examples: [
      { page: 'metascraper/arstechnica', shows: 'folds surnames into the full names they stand for' },
      { page: 'metascraper/atlasobscura', shows: 'folds a short company form into its name' },
    ],
  },
  {
    id: 'single-mention-bars',
    stage: 'salience',
    description: 'A name mentioned once is kept from a lower score when it is distinctive or rare',
    file: 'src/extract/words/common-words.ts',
    examples: [
      { page: 'metascraper/acast', shows: 'keeps a place named once' },
      { page: 'metascraper/arstechnica', shows: 'keeps people and a channel named once' },
    ],
  },
  {
    id: 'list-types',
    stage: 'typing',
    description: "An item of a written list whose type was only guessed takes the type the list's other items agree on",
    file: 'src/extract/analysis/typing-stage.ts',
    examples: [
      { page: 'metascraper/globenewswire', shows: 'two services in a list of companies, guessed a place and a person, become companies' },
      { page: 'metascraper/marketing-land', shows: 'a brand in a list of companies, guessed a place, becomes a company' },
    ],
  },
  {
    id: 'italic-works',
    stage: 'typing',
    description:
      'A name the page sets in italics as a title is a work (a product on a page about games), unless a list or its words make it a publication',
    file: 'src/extract/analysis/typing-stage.ts',
    examples: [
      { page: 'metascraper/arstechnica', shows: 'keeps a book series the page sets in italics as a work' },
      { page: 'metascraper/mashable', shows: 'keeps a film title in italics that no recognizer read' },
    ],
  },
  {
    id: 'org-names',
    stage: 'mentions',
    description:
      'Two pieces of one institution\'s name join: "Center" + "for a" + "New Maritime Security", "Institute of Electrical" + "and" + "Electronics Engineers"',
    file: 'src/extract/mentions/org-names.ts',
    examples: [
      { page: 'metascraper/wikipedia', shows: 'keeps a research center named past "for" whole, not its head alone' },
      { page: 'postlight/bloomberg-com', shows: 'keeps two think tanks named past "for a" and "and" whole, not their pieces' },
    ],
  },
  {
    id: 'phrase-persons',
    stage: 'typing',
    description: 'A guessed person whose words are all everyday words and the first no first name is no person',
    file: 'src/extract/analysis/typing-stage.ts',
    examples: [
      { page: 'metascraper/anandtech', shows: 'two security features, guessed persons, are not people' },
      { page: 'metascraper/blogger', shows: 'a shop named by two everyday words is no person' },
    ],
  },
  {
    id: 'capital-at-starts',
    stage: 'salience',
    description: 'An everyday word no list knows, capitalized only at sentence or list-item starts, is no name',
    file: 'src/extract/analysis/salience-stage.ts',
    examples: [
      { page: 'metascraper/eweek', shows: 'a verb opening a list item is no name' },
      { page: 'metascraper/wikipedia', shows: 'a plural noun opening a line is no name' },
    ],
  },
  {
    id: 'prose-gate',
    stage: 'salience',
    description: 'A text-only name needs a sure recognizer hit or one mention in running prose',
    file: 'src/extract/analysis/analyze.ts',
    examples: [
      { page: 'metascraper/acast', shows: 'drops names glued to dates in an episode list' },
      { page: 'metascraper/atlasobscura', shows: 'drops title fragments from a gallery caption' },
    ],
  },
  {
    id: 'keep-model',
    stage: 'salience',
    description: 'The learned keep stage drops names it judges not to be names of the article',
    file: 'src/extract/keep/keep-model.ts',
    examples: [
      { page: 'metascraper/eweek', shows: 'drops an adjective in capitals taken for a company' },
      { page: 'metascraper/marketing-land', shows: 'drops a heading word taken for a person and its false relation' },
    ],
  },
  {
    id: 'relation-triggers',
    stage: 'relations',
    description: 'Trigger-word rules over sentences with two kept names (founders, titles, seats, makers, lists, "it")',
    file: 'src/extract/relations/rules.ts',
    examples: [
      { page: 'metascraper/anandtech', shows: 'reads rivalry, making and use between a chip maker and its products' },
      { page: 'metascraper/arstechnica', shows: 'reads an acquisition, a founder and an employer' },
    ],
  },
  {
    id: 'relation-classifier',
    stage: 'relations',
    description: 'The trained relation classifier over sentences with two kept names (gated by trigger words)',
    file: 'src/extract/relations/extract.ts',
    examples: [
      { page: 'metascraper/arstechnica', shows: 'reads a park located in its city' },
      { page: 'metascraper/cnet', shows: 'reads a city located in its state' },
    ],
  },
  // The answer readers: what questions read in stored sentences beyond the capture's relation stage, which reads them
  // first (`core/query/relation-readings.ts`). Measured on `eval:qa`'s questions (`npm run eval:ablate`, `npm run
  // eval:qa -- --ablate-readers`); switched off through `createQueryEngine`'s `answerReadersOff` (`ANSWER_READERS`).
  {
    id: 'answer-trigger-words',
    stage: 'answers',
    description: "A question's trigger word near the entity asked about and a name of the expected type, read (not stored) as the answer",
    file: 'src/core/query/sentence-reading.ts',
    examples: [
      { page: 'metascraper/cnet', shows: 'answers an acquisition, a chief executive and a product from sentences no fact was stored from' },
      { page: 'metascraper/cio', shows: 'answers what a software company makes from a sentence naming its platform' },
      { page: 'readability/lwn-1', shows: 'answers the founders of two companies from a sentence listing them' },
    ],
  },
  {
    id: 'answer-tight-phrases',
    stage: 'answers',
    description: 'Phrases that state the relation by their shape alone, right between two names ("X in Y", "Y-based X", ", a title at Y")',
    file: 'src/core/query/sentence-reading.ts',
    examples: [
      { page: 'metascraper/information-week', shows: 'answers where a company is from its name and its town side by side' },
      { page: 'metascraper/techmonitor', shows: 'answers where an event is held from the town right after its name' },
    ],
  },
  {
    id: 'answer-fallback-types',
    stage: 'answers',
    description: 'A name of a near type read when no name of the expected type answers (an organization typed as a place or a person)',
    file: 'src/core/query/sentence-reading.ts',
    examples: [
      { page: 'metascraper/arstechnica', shows: 'answers what a video maker uses with a tool the recognizer typed as a company' },
      { page: 'readability/nytimes-3', shows: 'answers whom a person works for with an employer typed as no company' },
    ],
  },
  {
    id: 'answer-beside-values',
    stage: 'answers',
    description: 'A sentence stating one value that names another of the kind asked beside it: the answer says it may be incomplete',
    file: 'src/core/query/sentence-reading.ts',
    examples: [
      { page: 'metascraper/eweek', shows: 'keeps a maker’s two stored products from high when the sentence naming them names a third' },
      { page: 'metascraper/silicon-beat', shows: 'keeps a stored founder from high when the sentence stating it names two more people' },
    ],
  },
] as const satisfies readonly RuleFamily[];

export type RuleId = (typeof RULE_FAMILIES)[number]['id'];

/** The families switched off; empty in the extension. */
export type RulesOff = ReadonlySet<RuleId>;

export const NO_RULES_OFF: RulesOff = new Set();

function isRuleId(id: string): id is RuleId {
  return RULE_FAMILIES.some((r) => r.id === id);
}

/**
 * Reads family ids separated by commas; throws on an unknown one (a typo would
 * otherwise measure nothing).
 *
 * @example
 *   parseRulesOff('generic-terms,keep-model') // Set { 'generic-terms', 'keep-model' }
 */
export function parseRulesOff(csv: string): RulesOff {
  const out = new Set<RuleId>();
  for (const raw of csv.split(',')) {
    const id = raw.trim();
    if (id.length === 0) continue;
    if (!isRuleId(id)) throw new Error(`unknown rule family "${id}"; known: ${RULE_FAMILIES.map((r) => r.id).join(', ')}`);
    out.add(id);
  }
  return out;
}
