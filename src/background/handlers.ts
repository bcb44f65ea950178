/**
 * The background's handler map: one typed handler per message of the protocol.
 * Tool calls go to the registry, which runs writing tools under the graph's single
 * writer (`GraphService.exclusive`), the one ingestion uses too; read-only tools run
 * without waiting.
 *
 * @example
 *   const route = createRouter(createHandlers({ tools: () => registryReady, queue, settings: readSettings }), policy);
 */
import { AriadneError } from '../core/errors';
import type { PageCapture } from '../core/capture';
import type { Settings } from '../core/settings';
import type { CallerKind } from '../core/tools/tool';
import { capturePolicy } from '../core/capture-policy';
import type { Handlers } from '../messaging/router';
import { captureIdOf } from './capture-id';
import type { CaptureQueue } from './capture-queue';
import type { GaveUpLog } from './gave-up-log';
import type { RereadWhenIdle } from './reread-when-idle';
import type { ReadWatch } from './read-watch';
import type { LlmReadingService } from './llm-reading';
import type { RecaptureOutcome } from './recapture';
import type { TeamLinkResult, TeamStatus, TeamSyncResult, ParsedRequest } from '../messaging/protocol';

/** What the `team.*` messages need of the team service (`background/team.ts`). */
export interface TeamHandling {
  status(): Promise<TeamStatus>;
  link(request: ParsedRequest<'team.link'>): Promise<TeamLinkResult>;
  unlink(): Promise<TeamStatus>;
  sync(): Promise<TeamSyncResult>;
}

/** What the handlers need of the tool registry (`ToolRegistry` satisfies it). */
export interface ToolCaller {
  call(name: string, args: unknown, options: { readonly caller: { readonly kind: CallerKind } }): Promise<unknown>;
}

export interface HandlerServices {
  /** The registry, once built (the search index loads first). */
  readonly tools: () => Promise<ToolCaller>;
  readonly queue: CaptureQueue;
  /** The user's current settings (capture policy). */
  readonly settings: () => Promise<Settings>;
  /** Told when a tab's capture is accepted (the badge shows its count there once ingested). */
  readonly onAccepted?: (captureId: string, tabId: number) => void;
  /** Reading pages with the LLM; without it the `llm.*` messages answer `unavailable`. */
  readonly llm?: LlmReadingService;
  /** Opens a page in a tab and captures it again (`recapture.ts`); without it `page.recapture` answers `unavailable`. */
  readonly recapture?: (url: string) => Promise<RecaptureOutcome>;
  /** Team sync (issue 19); without it the `team.*` messages answer `unavailable`. */
  readonly team?: TeamHandling;
  /** Pages content scripts gave up on; without it `capture.gaveUp` is answered but not kept. */
  readonly gaveUp?: Pick<GaveUpLog, 'record' | 'captured' | 'list'>;
  /** Re-reads at worker idle of pages the time budget cut (issue 34.12); without it none are asked for. */
  readonly rereads?: Pick<RereadWhenIdle, 'captured' | 'list'>;
  /** Deadlines on readings content scripts started (a page that hangs the reader still shows in capture health). */
  readonly readWatch?: Pick<ReadWatch, 'started' | 'settled'>;
}

/**
 * A capture into the queue, from a content script or the background's PDF reader: the
 * capture policy is checked again (a capture of a blocked site is refused whoever sends
 * it), and the tab it came from is told to the badge.
 */
export async function queueCapture(
  services: Pick<HandlerServices, 'queue' | 'settings' | 'onAccepted'>,
  capture: PageCapture,
  tabId: number | undefined,
): Promise<{ captureId: string; duplicate: boolean }> {
  const decision = capturePolicy(capture.url, (await services.settings()).capture, capture.trigger);
  if (!decision.allowed) throw new AriadneError('forbidden', decision.reason);
  // Told before enqueueing: ingestion starts right away and may end before enqueue returns.
  if (tabId !== undefined) services.onAccepted?.(captureIdOf(capture), tabId);
  return services.queue.enqueue(capture);
}

export function createHandlers({
  tools,
  queue,
  settings,
  onAccepted,
  llm,
  recapture,
  team,
  gaveUp,
  rereads,
  readWatch,
}: HandlerServices): Handlers {
  const reading = (): NonNullable<HandlerServices['llm']> => {
    if (llm === undefined) throw new AriadneError('unavailable', 'Reading pages with the LLM is not available in this context.');
    return llm;
  };
  const teamSync = (): TeamHandling => {
    if (team === undefined) throw new AriadneError('unavailable', 'Team sync is not available in this context.');
    return team;
  };
  return {
    'tool.call': async (request, sender) => {
      const registry = await tools();
      const caller = { kind: sender.kind satisfies CallerKind };
      return registry.call(request.tool, request.arguments, { caller });
    },
    'page.captured': async (request, sender) => {
      const tabId = sender.kind === 'content' ? sender.tabId : undefined;
      readWatch?.settled(tabId, request.capture.url);
      const accepted = await queueCapture({ queue, settings, onAccepted }, request.capture, tabId);
      // Captured after all: a give-up recorded for the page earlier no longer stands.
      await gaveUp?.captured(request.capture.url).catch(() => undefined);
      // Cut by the time budget: read again once the worker is idle (or the re-read's own outcome).
      if (!accepted.duplicate) await rereads?.captured(request.capture, tabId).catch(() => undefined);
      return accepted;
    },
    'capture.status': async (request) => {
      const status = await queue.status(request.captureId);
      if (request.captureId !== undefined) return status;
      const pages = (await gaveUp?.list()) ?? [];
      const reread = (await rereads?.list()) ?? [];
      return { ...status, ...(pages.length === 0 ? {} : { gaveUp: pages }), ...(reread.length === 0 ? {} : { rereads: reread }) };
    },
    'capture.started': async (request, sender) => ({
      watched:
        sender.kind === 'content' &&
        sender.tabId !== undefined &&
        readWatch !== undefined &&
        readWatch.started(sender.tabId, request.url, request.title),
    }),
    'capture.gaveUp': async (request, sender) => {
      readWatch?.settled(sender.kind === 'content' ? sender.tabId : undefined, request.url);
      // Logged where the user's capture problems go too: the worker's console.
      console.warn(`Ariadne: gave up on ${request.url}: ${request.reason}`);
      return gaveUp === undefined ? { recorded: false } : gaveUp.record(request);
    },
    'capture.retry': (request) => queue.retry(request.captureId),
    'capture.discard': (request) => queue.discard(request.captureId),
    'llm.read': (request) => reading().readPage(request.url),
    'llm.status': () => reading().status(),
    'llm.forget': (request) => reading().forget(request.url, request.allWorkspaces === true),
    'page.recapture': (request) => {
      if (recapture === undefined) throw new AriadneError('unavailable', 'Capturing a page again is not available in this context.');
      return recapture(request.url);
    },
    'team.status': () => teamSync().status(),
    'team.link': (request) => teamSync().link(request),
    'team.unlink': () => teamSync().unlink(),
    'team.sync': () => teamSync().sync(),
  };
}
