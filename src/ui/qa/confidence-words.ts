/**
 * What an answer's confidence means, shown beside it in the chat. The offline answerer says
 * high only when every value it gives is a stored fact, for names matched exactly, and
 * nothing hints at more; medium when some values were read from page sentences, the list may
 * be incomplete (it says so), a name was matched loosely (a typo) or two entities are only
 * named together; and low when the graph does not hold the facts (values read from sentences alone); an LLM answerer is asked to rate itself on the
 * same scale (`src/core/query/prompt.ts`).
 *
 * @example
 *   `Confidence: high — ${CONFIDENCE_MEANING.high}`
 */
import type { Confidence } from '../../core/query/query-response';

export const CONFIDENCE_MEANING: Readonly<Record<Confidence, string>> = {
  high: 'the facts are in your graph, for the names you asked about',
  medium:
    'partly sure: some values are read from pages, the list may be incomplete, a name matched loosely, or pages only name them together',
  low: 'your graph holds little on this: check the sources',
};
