/**
 * The review queue's reasons in words a newcomer reads. The resolver states its reasons
 * for agents and logs ("best candidate's confidence 0.574 is below auto_accept_threshold
 * 0.85"); the panel says the same as a sentence with percentages. Reasons written for
 * people already (type clashes, part names) pass through unchanged.
 *
 * @example
 *   reviewReasonWords("best candidate's confidence 0.574 is below auto_accept_threshold 0.85")
 *   // 'Probably the same as one you have (57% sure), but Ariadne merges by itself only from 85%.'
 */

const BELOW_THRESHOLD = /^best candidate's confidence (\d(?:\.\d+)?) is below auto_accept_threshold (\d(?:\.\d+)?)$/;
const EQUALLY_LIKELY = /^(\d+) candidates are about equally likely/;

const percent = (x: string): string => `${Math.round(Number(x) * 100)}%`;

export function reviewReasonWords(reason: string): string {
  const below = BELOW_THRESHOLD.exec(reason);
  if (below !== null) {
    const [, confidence = '0', threshold = '0'] = below;
    return `Probably the same as one you have (${percent(confidence)} sure), but Ariadne merges by itself only from ${percent(threshold)}.`;
  }
  const equal = EQUALLY_LIKELY.exec(reason);
  if (equal !== null) return `${equal[1] ?? 'Several'} entities you have fit this name about equally well: which one is it, if any?`;
  if (reason === 'the resolver was not sure') return 'Ariadne was not sure whether this is one you already have.';
  return reason;
}
