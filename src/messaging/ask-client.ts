/**
 * The side panel's side of the question port (`ask-protocol.ts`): asks the background
 * one question, hands each streamed piece of text to `onToken`, and resolves with
 * `entity_query`'s result (or rejects with the `AriadneError` the background sent).
 * Aborting the signal closes the port, which cancels the question in the background.
 *
 * @example
 *   const result = await askBackground('who founded Stripe?', { onToken: (t) => append(t) });
 *   result.answer // 'Stripe was founded by Patrick Collison and John Collison.'
 */
import { AriadneError } from '../core/errors';
import type { ToolOutput } from '../core/tools/catalog';
import { ASK_PORT_NAME, type AskRequest, askReplySchema } from './ask-protocol';

/** The parts of `runtime.Port` the question needs. */
export interface AskPort {
  postMessage(message: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(listener: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(listener: () => void): void };
}
export type OpenAskPort = (name: string) => AskPort | Promise<AskPort>;

export interface AskOptions {
  readonly onToken?: (chunk: string) => void;
  readonly pageUrl?: string;
  readonly signal?: AbortSignal;
}

export type QuestionAnswer = ToolOutput<'entity_query'>;

/** `runtime.connect` of the extension; resolved lazily so the module loads in Node. */
const runtimePort: OpenAskPort = async (name) => {
  const { browser } = await import('wxt/browser');
  return browser.runtime.connect({ name });
};

export async function askBackground(question: string, options: AskOptions = {}, open: OpenAskPort = runtimePort): Promise<QuestionAnswer> {
  if (options.signal?.aborted === true) throw new AriadneError('timeout', 'The question was cancelled.');
  const port = await open(ASK_PORT_NAME);
  return new Promise<QuestionAnswer>((resolve, reject) => {
    if (options.signal?.aborted === true) {
      port.disconnect();
      reject(new AriadneError('timeout', 'The question was cancelled.'));
      return;
    }
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      outcome();
    };
    options.signal?.addEventListener('abort', () => {
      settle(() => reject(new AriadneError('timeout', 'The question was cancelled.')));
      port.disconnect();
    });
    port.onDisconnect.addListener(() =>
      settle(() => reject(new AriadneError('unavailable', 'The Ariadne background stopped before it answered. Ask again.'))),
    );
    port.onMessage.addListener((raw) => {
      const reply = askReplySchema.safeParse(raw);
      if (!reply.success) return settle(() => reject(new AriadneError('internal', 'The background sent a malformed answer.')));
      const message = reply.data;
      if (message.type === 'token') options.onToken?.(message.text);
      // The registry checked the result against entity_query's output schema before it was sent.
      else if (message.type === 'answer') settle(() => resolve(message.result as QuestionAnswer));
      else settle(() => reject(new AriadneError(message.error.code, message.error.message, message.error.details)));
    });
    const request: AskRequest = { type: 'ask', question, ...(options.pageUrl === undefined ? {} : { page_url: options.pageUrl }) };
    port.postMessage(request);
  });
}
