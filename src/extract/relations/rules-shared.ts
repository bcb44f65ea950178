/**
 * What the trigger rules (`rules.ts` and its families) share: a decision's shape, its
 * confidence by label, and the token tests more than one family reads (word stems are
 * core/text/word-stems.ts's `hasStem`): the auxiliaries before a verb, a possessive, the window
 * read after the second name.
 */
import type { Token } from './features';

/** A label a rule stated, its direction (`forward`: first name → second), and its confidence. */
export interface RuleDecision {
  readonly label: RuleLabel;
  readonly forward: boolean;
  readonly confidence: number;
  /** The phrase itself calls the second name a made thing ("another product, CodePair"), whatever its type. */
  readonly thing?: boolean;
}
export type RuleLabel =
  | 'develops'
  | 'uses'
  | 'founded_by'
  | 'ceo_of'
  | 'works_for'
  | 'acquired'
  | 'competes_with'
  | 'invested_in'
  | 'partners_with'
  | 'customer_of'
  | 'subsidiary_of'
  | 'located_in'
  | 'spouse_of';

/**
 * Confidences of rule relations: under the hand-written patterns' (which are exact
 * phrases) and above the classifier's bar; role words are the surest, money the least.
 */
export const CONFIDENCE: Readonly<Record<RuleLabel, number>> = {
  develops: 0.65,
  uses: 0.65,
  founded_by: 0.75,
  ceo_of: 0.8,
  works_for: 0.7,
  acquired: 0.75,
  competes_with: 0.7,
  invested_in: 0.65,
  partners_with: 0.65,
  customer_of: 0.65,
  subsidiary_of: 0.7,
  located_in: 0.7,
  spouse_of: 0.7,
};
/** Tokens after the second name read for its possessive and a role ("Dell's head of channel"). */
export const ROLE_AFTER = 3;

/** Words that may stand between a subject and its verb, and verbs that lead in to it ("we decided to adopt", "started using"). */
export const AUXILIARIES = new Set([
  'has',
  'have',
  'had',
  'also',
  'recently',
  'now',
  'today',
  'just',
  'first',
  'then',
  'later',
  'is',
  'was',
  'will',
  'decided',
  'chose',
  'began',
  'started',
  'continues',
  'continued',
  'to',
  // "we're currently deployed on AWS", "we've been running on Kafka".
  "'",
  're',
  've',
  'are',
  'were',
  'been',
  'currently',
  'still',
  'already',
]);

export const decide = (label: RuleLabel, forward: boolean, confidence = CONFIDENCE[label]): RuleDecision => ({
  label,
  forward,
  confidence,
});

/** A possessive "'s" at token `i` (the tokenizer splits "Google's" into "google", "'", "s"). */
export function isPossessive(tokens: readonly Token[], i: number): boolean {
  return tokens[i]?.text === "'" && tokens[i + 1]?.text === 's';
}
