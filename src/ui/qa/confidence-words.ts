/**
 * What an answer's confidence means, shown beside it in the chat. The offline answerer says
 * high when the facts are in the graph for names matched exactly, medium when a name was
 * matched loosely (a typo), a count is partial or two entities are only named together, and
 * low when the graph does not hold the facts; an LLM answerer is asked to rate itself on the
 * same scale (`src/core/query/prompt.ts`).
 *
 * @example
 *   `Confidence: high — ${CONFIDENCE_MEANING.high}`
 */
import type { Confidence } from '../../core/query/query-response';

export const CONFIDENCE_MEANING: Readonly<Record<Confidence, string>> = {
  high: 'the facts are in your graph, for the names you asked about',
  medium: 'partly sure: a name matched loosely, facts may be missing, or pages only name them together',
  low: 'your graph holds little on this: check the sources',
};
