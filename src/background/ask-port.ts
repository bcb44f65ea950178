/**
 * The background's end of the question port (`ariadne.ask`): every question the side
 * panel asks is answered here, by `entity_query` through the tool registry, with the
 * answer's text streamed back as it is written. Only Ariadne's own pages may connect;
 * one question per port; the panel closing the port cancels the question.
 *
 * @example
 *   serveQuestions({ tools: registry, runtime: { onConnect, extensionId, extensionOrigin } });
 */
import { AriadneError, toErrorShape } from '../core/errors';
import type { CallOptions } from '../core/tools/registry';
import { ASK_PORT_NAME, type AskReply, askRequestSchema, MAX_QUESTION_LENGTH } from '../messaging/ask-protocol';
import type { PortLike } from './bridge/native-bridge';
import { isOwnPage } from './own-page';

/** What the question port needs of the tool registry (`ToolRegistry` satisfies it). */
export interface QuestionTools {
  call(name: 'entity_query', args: unknown, options: CallOptions): Promise<unknown>;
}

export interface QuestionServices {
  /** The registry, or the promise of it (the background builds it asynchronously). */
  readonly tools: QuestionTools | Promise<QuestionTools>;
  readonly runtime: {
    onConnect(listener: (port: PortLike) => void): void;
    readonly extensionId: string;
    /** `chrome-extension://<id>/`: only pages under it may ask. */
    readonly extensionOrigin: string;
  };
}

/** Answers the one question a port carries, then closes it. */
async function answer(port: PortLike, raw: unknown, tools: QuestionServices['tools'], signal: AbortSignal): Promise<void> {
  const post = (reply: AskReply): void => {
    if (!signal.aborted) port.postMessage(reply);
  };
  try {
    const request = askRequestSchema.safeParse(raw);
    if (!request.success) {
      const issue = request.error.issues[0];
      const where = issue === undefined ? '' : ` (${issue.path.map(String).join('.') || 'message'}: ${issue.message})`;
      throw new AriadneError(
        'invalid_arguments',
        `Ask one question of 1 to ${MAX_QUESTION_LENGTH} characters: { type: "ask", question }${where}.`,
      );
    }
    const { question, page_url } = request.data;
    const result = await (
      await tools
    ).call(
      'entity_query',
      { question, ...(page_url === undefined ? {} : { page_url }) },
      {
        caller: { kind: 'extension' },
        signal,
        streamContent: (text) => post({ type: 'token', text }),
      },
    );
    if (typeof result !== 'object' || result === null) throw new AriadneError('internal', 'entity_query answered with no result.');
    post({ type: 'answer', result: { ...result } });
  } catch (error) {
    post({ type: 'error', error: toErrorShape(error) });
  } finally {
    if (!signal.aborted) port.disconnect();
  }
}

export function serveQuestions({ tools, runtime }: QuestionServices): void {
  runtime.onConnect((port) => {
    if (port.name !== ASK_PORT_NAME) return;
    if (!isOwnPage(port, runtime)) {
      port.disconnect(); // web pages and other extensions get no answers
      return;
    }
    const controller = new AbortController();
    let asked = false;
    port.onDisconnect.addListener(() => controller.abort());
    port.onMessage.addListener((raw) => {
      if (asked) return; // one question per port
      asked = true;
      void answer(port, raw, tools, controller.signal);
    });
  });
}
