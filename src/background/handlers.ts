/**
 * The background's handler map: one typed handler per message of the protocol.
 * Writing tool calls and ingestion share the single writer, so the graph has one
 * writer whatever arrives at once; read-only tools run without waiting.
 *
 * @example
 *   const route = createRouter(createHandlers({ tools: () => registryReady, queue, writer }), policy);
 */
import { AriadneError } from '../core/errors';
import type { Settings } from '../core/settings';
import type { CallerKind, SideEffectClass } from '../core/tools/tool';
import { capturePolicy } from '../content/capture-policy';
import type { Handlers } from '../messaging/router';
import { captureIdOf } from './capture-id';
import type { CaptureQueue } from './capture-queue';
import type { SerialWriter } from './serial-writer';

/** What the handlers need of the tool registry (`ToolRegistry` satisfies it). */
export interface ToolCaller {
  get(name: string): { readonly __sideEffectClass: SideEffectClass } | undefined;
  call(name: string, args: unknown, options: { readonly caller: { readonly kind: CallerKind } }): Promise<unknown>;
}

export interface HandlerServices {
  /** The registry, once built (the search index loads first). */
  readonly tools: () => Promise<ToolCaller>;
  readonly queue: CaptureQueue;
  readonly writer: SerialWriter;
  /** The user's current settings (capture policy). */
  readonly settings: () => Promise<Settings>;
  /** Told when a tab's capture is accepted (the badge shows its count there once ingested). */
  readonly onAccepted?: (captureId: string, tabId: number) => void;
}

export function createHandlers({ tools, queue, writer, settings, onAccepted }: HandlerServices): Handlers {
  return {
    'tool.call': async (request, sender) => {
      const registry = await tools();
      const caller = { kind: sender.kind satisfies CallerKind };
      const call = () => registry.call(request.tool, request.arguments, { caller });
      const effect = registry.get(request.tool)?.__sideEffectClass;
      // Unknown tools go straight to the registry, which answers not_found with the known names.
      return effect === undefined || effect === 'read-only' ? call() : writer.run(call);
    },
    'page.captured': async (request, sender) => {
      // Checked again here: a capture of a blocked site is refused whoever sends it.
      const decision = capturePolicy(request.capture.url, (await settings()).capture, request.capture.trigger);
      if (!decision.allowed) throw new AriadneError('forbidden', decision.reason);
      // Told before enqueueing: ingestion starts right away and may end before enqueue returns.
      if (sender.tabId !== undefined && sender.kind === 'content') onAccepted?.(captureIdOf(request.capture), sender.tabId);
      return queue.enqueue(request.capture);
    },
    'capture.status': (request) => queue.status(request.captureId),
    'capture.retry': (request) => queue.retry(request.captureId),
    'capture.discard': (request) => queue.discard(request.captureId),
  };
}
