/**
 * Answers a question in the chat: the background answers it (`entity_query` through
 * its tool registry, with the answerer the settings chose) and streams the answer's
 * text over the question port while it is written; this fills in what the chat shows
 * for the fields an answer may leave out (no confidence: low; no sources, no
 * follow-ups: none).
 *
 * @example
 *   const result = await ask('who founded Stripe?', { onToken: (t) => append(t) });
 */
import type { AskOptions, OpenAskPort, QuestionAnswer } from '../../messaging/ask-client';
import { askBackground } from '../../messaging/ask-client';

/** An answer as the chat shows it: every optional field of `entity_query`'s result filled in. */
export type ChatAnswer = QuestionAnswer & Required<Pick<QuestionAnswer, 'confidence' | 'sources' | 'follow_ups'>>;

export async function ask(question: string, options: AskOptions = {}, open?: OpenAskPort): Promise<ChatAnswer> {
  const result = await askBackground(question, options, open);
  return { ...result, confidence: result.confidence ?? 'low', sources: result.sources ?? [], follow_ups: result.follow_ups ?? [] };
}
