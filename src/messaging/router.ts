/**
 * The background's message router: a typed map of handlers, one per message type
 * (not an if-chain). Every message is parsed with its zod schema on arrival and
 * checked against who sent it before any handler runs; every outcome, including a
 * thrown error, becomes the reply envelope `{ ok, result | error }`.
 *
 * Who may send what (e2e/journeys/boundaries.spec.ts tries each refusal):
 *   - content scripts (a tab, a web page's URL) may only send `page.captured`, for
 *     their own page's origin;
 *   - extension pages (the side panel, `npm start`'s page) may send everything;
 *   - other extensions and web pages are refused (there is no `externally_connectable`).
 *
 * @example
 *   const route = createRouter(handlers, { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') });
 *   browser.runtime.onMessage.addListener((msg, sender, reply) => { route(msg, sender).then(reply); return true; });
 */
import { AriadneError, InvalidArgumentsError, toErrorShape } from '../core/errors';
import type { MessageType, ParsedRequest, Reply, ResultOf } from './protocol';
import { requestSchema } from './protocol';

/** The parts of `runtime.MessageSender` the router reads. */
export interface MessageSenderInfo {
  readonly id?: string;
  readonly url?: string;
  readonly origin?: string;
  readonly tab?: { readonly id?: number };
}

export type SenderKind = 'extension' | 'content';

export interface SenderContext {
  readonly kind: SenderKind;
  readonly tabId?: number;
  readonly url?: string;
}

export interface RouterPolicy {
  /** This extension's id: messages from any other sender id are refused. */
  readonly extensionId: string;
  /** This extension's base URL, e.g. `chrome-extension://<id>/`. */
  readonly extensionOrigin: string;
}

export type Handler<T extends MessageType> = (request: ParsedRequest<T>, sender: SenderContext) => Promise<ResultOf<T>>;
export type Handlers = { readonly [T in MessageType]: Handler<T> };

/** Which senders may send each message type. */
export const ALLOWED_SENDERS: { readonly [T in MessageType]: readonly SenderKind[] } = {
  'tool.call': ['extension'],
  'page.captured': ['content', 'extension'],
  'capture.status': ['extension'],
  'capture.retry': ['extension'],
  'capture.discard': ['extension'],
  'capture.gaveUp': ['content'],
  'capture.started': ['content'],
  'llm.read': ['extension'],
  'llm.status': ['extension'],
  'llm.forget': ['extension'],
  'page.recapture': ['extension'],
  'team.status': ['extension'],
  'team.link': ['extension'],
  'team.unlink': ['extension'],
  'team.sync': ['extension'],
};

/** How many validation issues an error reply lists (the rest are counted). */
const MAX_ISSUES_REPORTED = 5;

/** Classifies a sender, or refuses it (another extension, or no usable identity). */
export function classifySender(sender: MessageSenderInfo, policy: RouterPolicy): SenderContext {
  if (sender.id !== policy.extensionId) {
    throw new AriadneError('forbidden', 'Messages are only accepted from Ariadne itself.');
  }
  const url = sender.url ?? '';
  const tabId = sender.tab?.id;
  if (url.startsWith(policy.extensionOrigin)) {
    return { kind: 'extension', url, ...(tabId === undefined ? {} : { tabId }) };
  }
  if (tabId !== undefined && url.length > 0) return { kind: 'content', url, tabId };
  throw new AriadneError('forbidden', 'The sender is neither an extension page nor a content script in a tab.');
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function checkPermission(request: ParsedRequest<MessageType>, sender: SenderContext): void {
  if (!ALLOWED_SENDERS[request.type].includes(sender.kind)) {
    throw new AriadneError('forbidden', `A ${sender.kind} script may not send "${request.type}".`);
  }
  // A content script speaks for its own page only: the capture must be of the sender's origin.
  const pageUrl =
    request.type === 'page.captured'
      ? request.capture.url
      : request.type === 'capture.gaveUp' || request.type === 'capture.started'
        ? request.url
        : undefined;
  if (pageUrl !== undefined && sender.kind === 'content') {
    const own = sender.url === undefined ? undefined : originOf(sender.url);
    if (own === undefined || own !== originOf(pageUrl)) {
      throw new AriadneError('forbidden', 'A content script may only speak for its own page.');
    }
  }
}

function dispatch<T extends MessageType>(handlers: Handlers, request: ParsedRequest<T>, sender: SenderContext): Promise<ResultOf<T>> {
  const handler: Handler<T> = handlers[request.type];
  return handler(request, sender);
}

/** Builds the function that answers one raw message. It never throws. */
export function createRouter(handlers: Handlers, policy: RouterPolicy) {
  return async function route(raw: unknown, senderInfo: MessageSenderInfo): Promise<Reply<unknown>> {
    try {
      const sender = classifySender(senderInfo, policy);
      const parsed = requestSchema.safeParse(raw);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`);
        const more = issues.length > MAX_ISSUES_REPORTED ? ` (+${issues.length - MAX_ISSUES_REPORTED} more)` : '';
        throw new InvalidArgumentsError(`Malformed message: ${issues.slice(0, MAX_ISSUES_REPORTED).join('; ')}${more}`);
      }
      checkPermission(parsed.data, sender);
      const result = await dispatch(handlers, parsed.data, sender);
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: toErrorShape(error) };
    }
  };
}
