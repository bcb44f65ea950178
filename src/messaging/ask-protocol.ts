/**
 * The question port: how the side panel asks the background a question and reads
 * the answer as it is written. The panel opens a runtime port named `ariadne.ask`,
 * sends one `ask`; the background answers with `entity_query` through its tool
 * registry (one query loop, one name index, one history, the answerer the settings
 * chose), posting each piece of streamed text as a `token`, then one `answer` or one
 * `error`, and closes the port. The panel closing the port cancels the question.
 *
 * @example
 *   port.postMessage({ type: 'ask', question: 'who founded Stripe?' } satisfies AskRequest);
 *   // ← { type: 'token', text: 'Stripe was ' } … ← { type: 'answer', result: { answer: '…', … } }
 */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../core/capture-limits';
import { errorShapeSchema } from './protocol';

export const ASK_PORT_NAME = 'ariadne.ask';

/** Longest question: the same bound as `entity_query`'s input. */
export const MAX_QUESTION_LENGTH = 2000;

export const askRequestSchema = z.object({
  type: z.literal('ask'),
  question: z.string().min(1).max(MAX_QUESTION_LENGTH),
  page_url: z.string().max(MAX_URL_LENGTH).optional(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

export const askReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('token'), text: z.string() }),
  /** `entity_query`'s result, checked against its output schema by the registry. */
  z.object({ type: z.literal('answer'), result: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('error'), error: errorShapeSchema }),
]);
export type AskReply = z.infer<typeof askReplySchema>;
