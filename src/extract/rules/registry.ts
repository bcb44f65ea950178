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
 */

export type RuleStage = 'recognition' | 'mentions' | 'grouping' | 'typing' | 'salience' | 'relations';

export interface RuleFamily {
  readonly id: string;
  readonly stage: RuleStage;
  readonly description: string;
  readonly file: string;
}

export const RULE_FAMILIES = [
  {
    id: 'web-names',
    stage: 'recognition',
    description: 'Cue and list recognizers over the trained model: web names, products, typed lists, appositions, "X-based"',
    file: 'src/extract/mentions/web-names.ts',
  },
  {
    id: 'team-sense',
    stage: 'mentions',
    description: 'On a sports page a country beating another is a team, not a place',
    file: 'src/extract/mentions/team-sense.ts',
  },
  {
    id: 'boilerplate-names',
    stage: 'mentions',
    description: 'Menu, share and cookie labels are never names',
    file: 'src/extract/mentions/boilerplate.ts',
  },
  {
    id: 'implausible-names',
    stage: 'mentions',
    description: 'URLs, handles, code identifiers, photo credits and role labels are never names',
    file: 'src/extract/mentions/boilerplate.ts',
  },
  {
    id: 'generic-terms',
    stage: 'mentions',
    description: 'A common noun in capitals (CPU, SDK, VCs) names no one thing',
    file: 'src/extract/rules/lexicon/generic-terms.ts',
  },
  {
    id: 'heading-names',
    stage: 'mentions',
    description: 'A section heading is no name unless prose or structured data uses it',
    file: 'src/extract/analysis/analyze.ts',
  },
  {
    id: 'byline-name',
    stage: 'mentions',
    description: "The byline's author is page metadata, not a name of the text",
    file: 'src/extract/analysis/analyze.ts',
  },
  {
    id: 'named-others',
    stage: 'mentions',
    description: 'An untyped name repeated and shaped like a name is kept (product when it holds a model number)',
    file: 'src/extract/analysis/analyze.ts',
  },
  {
    id: 'fuller-org-name',
    stage: 'grouping',
    description: 'An organization is shown by its fuller proper form ("X Group" after "X")',
    file: 'src/extract/analysis/analyze.ts',
  },
  {
    id: 'short-name-folding',
    stage: 'grouping',
    description: 'A surname or short form on the page joins the full name it stands for',
    file: 'src/extract/mentions/name-folding.ts',
  },
  {
    id: 'single-mention-bars',
    stage: 'salience',
    description: 'A name mentioned once is kept from a lower score when it is distinctive or rare',
    file: 'src/extract/words/common-words.ts',
  },
  {
    id: 'list-types',
    stage: 'typing',
    description: "An item of a written list whose type was only guessed takes the type the list's other items agree on",
    file: 'src/extract/analysis/typing-stage.ts',
  },
  {
    id: 'prose-gate',
    stage: 'salience',
    description: 'A text-only name needs a sure recognizer hit or one mention in running prose',
    file: 'src/extract/analysis/analyze.ts',
  },
  {
    id: 'keep-model',
    stage: 'salience',
    description: 'The learned keep stage drops names it judges not to be names of the article',
    file: 'src/extract/keep/keep-model.ts',
  },
  {
    id: 'text-patterns',
    stage: 'relations',
    description: 'Hand-written relation patterns and triggers over sentences',
    file: 'src/extract/relations/text-relations.ts',
  },
  {
    id: 'relation-triggers',
    stage: 'relations',
    description: 'Trigger-word rules over sentences with two kept names (founders, titles, seats, makers, lists, "it")',
    file: 'src/extract/relations/rules.ts',
  },
  {
    id: 'relation-classifier',
    stage: 'relations',
    description: 'The trained relation classifier over sentences with two kept names (gated by trigger words)',
    file: 'src/extract/relations/extract.ts',
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
 * Parses a comma-separated list of family ids; throws on an unknown one (a typo would
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
