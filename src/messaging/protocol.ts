/**
 * The message protocol between extension contexts (side panel, content script,
 * `npm start`) and the background. One file declares every message: its request
 * schema, its result schema, and the types inferred from them (`z.infer` is the
 * single source of truth). The background parses every message on arrival; the
 * client parses every reply.
 *
 * Every reply has one envelope:
 *   { ok: true, result } | { ok: false, error: { code, message, details? } }
 *
 * @example
 *   const request: Request<'tool.call'> = { type: 'tool.call', tool: 'entity_search', arguments: { query: 'stri' } };
 */
import { z } from 'zod';
import { acceptCapture } from '../core/capture';
import { MAX_URL_LENGTH } from '../core/capture-limits';
import { ERROR_CODES } from '../core/errors';
import { teamConnectionSchema } from '../core/team/host-wire';

/** Tool names are snake_case identifiers; longer names are refused, not truncated. */
const MAX_TOOL_NAME_LENGTH = 64;
/** Capture ids are `c_` plus 32 hex digits (see `captureIdOf`). */
const CAPTURE_ID = /^c_[0-9a-f]{32}$/;

// ── Requests ────────────────────────────────────────────────────────────────

/** Call a registered tool by name (the only way extension pages change the graph). */
export const toolCallRequestSchema = z.object({
  type: z.literal('tool.call'),
  tool: z
    .string()
    .min(1)
    .max(MAX_TOOL_NAME_LENGTH)
    .regex(/^[a-z][a-z0-9_]*$/, 'tool names are snake_case'),
  arguments: z.record(z.string(), z.unknown()).default({}),
});

/** A content script hands over one page's capture for ingestion. */
export const pageCapturedRequestSchema = z.object({
  type: z.literal('page.captured'),
  // Checked here, not in the page: bad structured data is dropped with a note, a bad page refused.
  capture: z
    .unknown()
    .optional()
    .transform((raw, ctx) => {
      const accepted = acceptCapture(raw);
      if (accepted.ok) return accepted.capture;
      ctx.addIssue({ code: 'custom', message: accepted.message });
      return z.NEVER;
    }),
});

/** How far the capture queue is: for the badge, the side panel and `npm start`. */
export const captureStatusRequestSchema = z.object({
  type: z.literal('capture.status'),
  /** Ask about one capture; without it, only the queue's totals come back. */
  captureId: z.string().regex(CAPTURE_ID).optional(),
});

/** The user retries a parked capture: it gets a fresh set of attempts and is ingested again. */
export const captureRetryRequestSchema = z.object({
  type: z.literal('capture.retry'),
  captureId: z.string().regex(CAPTURE_ID),
});

/** The user gives up on a parked capture: it is removed from the inbox. */
export const captureDiscardRequestSchema = z.object({
  type: z.literal('capture.discard'),
  captureId: z.string().regex(CAPTURE_ID),
});

/** Longest reason a content script gives for giving up on a page (the capture notes' bound). */
export const MAX_GAVE_UP_REASON = 300;

/**
 * A content script gave up on its page (reading it threw, the background refused the capture
 * or did not answer): recorded so capture health and `npm start` can say which page and why,
 * instead of the page going missing silently.
 */
export const captureGaveUpRequestSchema = z.object({
  type: z.literal('capture.gaveUp'),
  url: z.string().url().max(MAX_URL_LENGTH),
  title: z.string().max(1000).default(''),
  reason: z.string().min(1).max(MAX_GAVE_UP_REASON),
});

/**
 * A content script starts reading its page. Sent before the (synchronous) reading: a page that
 * hangs the reader cannot report anything afterwards, so the background gives the reading a
 * deadline and records the page in capture health when neither a capture nor a give-up follows.
 */
export const captureStartedRequestSchema = z.object({
  type: z.literal('capture.started'),
  url: z.string().url().max(MAX_URL_LENGTH),
  title: z.string().max(1000).default(''),
});

/** Page URLs in LLM-reading messages: the graph's own bound. */
const LLM_PAGE_URL = z.string().url().max(MAX_URL_LENGTH);

/** The user asks for one page to be read with the LLM (its recent capture, or its kept sentences). */
export const llmReadRequestSchema = z.object({
  type: z.literal('llm.read'),
  url: LLM_PAGE_URL,
});

/** How far LLM reading is: queued, running, and what recent readings did. */
export const llmStatusRequestSchema = z.object({
  type: z.literal('llm.status'),
});

/** Delete what LLM reading added: of one page, or (no url) of every page of the active workspace, or of every workspace. */
export const llmForgetRequestSchema = z.object({
  type: z.literal('llm.forget'),
  url: LLM_PAGE_URL.optional(),
  /** Every workspace (archived ones are not written), not only the active one; ignored with `url`. */
  allWorkspaces: z.boolean().optional(),
});

/** The user asks for a captured page to be opened in a tab and captured again. */
export const pageRecaptureRequestSchema = z.object({
  type: z.literal('page.recapture'),
  url: LLM_PAGE_URL,
});

// ── Team sync (issue 19; docs/team.md) ─────────────────────────────────────

/** What the panel sees of team sync for the active local workspace. */
export const teamStatusRequestSchema = z.object({ type: z.literal('team.status') });

/** Link the active local workspace to a team database (tested through the native host before it is saved). */
export const teamLinkRequestSchema = teamConnectionSchema.extend({
  type: z.literal('team.link'),
  /** Absent: keep the secret the host already has (or the host's ~/.pgpass). Sent to the host only, never stored by the extension. */
  password: z.string().min(1).max(1024).optional(),
});

/** Stop syncing the active workspace (the local graph and the unsent queue stay). */
export const teamUnlinkRequestSchema = z.object({ type: z.literal('team.unlink') });

/** Push the queue, then pull, now. */
export const teamSyncRequestSchema = z.object({ type: z.literal('team.sync') });

export const requestSchema = z.discriminatedUnion('type', [
  toolCallRequestSchema,
  pageCapturedRequestSchema,
  captureStatusRequestSchema,
  captureRetryRequestSchema,
  captureDiscardRequestSchema,
  captureGaveUpRequestSchema,
  captureStartedRequestSchema,
  llmReadRequestSchema,
  llmStatusRequestSchema,
  llmForgetRequestSchema,
  pageRecaptureRequestSchema,
  teamStatusRequestSchema,
  teamLinkRequestSchema,
  teamUnlinkRequestSchema,
  teamSyncRequestSchema,
]);

export type AnyRequest = z.infer<typeof requestSchema>;
export type MessageType = AnyRequest['type'];
/** The request of one message type, as sent (defaults may be omitted). */
export type Request<T extends MessageType> = Extract<z.input<typeof requestSchema>, { type: T }>;
/** The request of one message type, after parsing (defaults filled). */
export type ParsedRequest<T extends MessageType> = Extract<AnyRequest, { type: T }>;

// ── Results ─────────────────────────────────────────────────────────────────

/** A tool's result is validated by the tool's own output schema in the registry. */
export const toolCallResultSchema = z.unknown();

export const pageCapturedResultSchema = z.object({
  /** Stable for the same url + capture time: a re-send lands on the same queue row. */
  captureId: z.string().regex(CAPTURE_ID),
  /** True when that capture was already queued or ingested (nothing new was stored). */
  duplicate: z.boolean(),
});

export const captureStateSchema = z.enum(['queued', 'ingested', 'failed', 'unknown']);

/** Parked captures listed in one status reply at most (the count says how many there are). */
export const MAX_PARKED_LISTED = 20;

/** A capture that failed to finish too many times: kept, not retried until the user says so. */
export const parkedCaptureSchema = z.object({
  captureId: z.string().regex(CAPTURE_ID),
  url: z.string(),
  title: z.string(),
  /** Times its ingestion was started. */
  attempts: z.number().int().nonnegative(),
  /** The last failure's message, or why it did not finish. */
  reason: z.string(),
});

/** Pages given up on listed in one status reply at most (newest first). */
export const MAX_GAVE_UP_LISTED = 20;

/** A page the content script gave up on, and why (`capture.gaveUp`). */
export const gaveUpPageSchema = z.object({
  url: z.string(),
  title: z.string(),
  reason: z.string(),
  /** When it gave up (ms since epoch). */
  at: z.number().int().nonnegative(),
});
export type GaveUpPage = z.infer<typeof gaveUpPageSchema>;

/**
 * A page the time budget cut, and where its re-read stands: `pending` (asked for once the
 * worker is idle), `done` (read again whole), `cut` (still cut, or could not be read again: `reason`).
 */
export const rereadPageSchema = z.object({
  url: z.string(),
  title: z.string(),
  state: z.enum(['pending', 'done', 'cut']),
  reason: z.string().optional(),
  /** When the state was last set (ms since epoch). */
  at: z.number().int().nonnegative(),
  /** The tab to ask (a `pending` entry): kept so a worker stopped meanwhile asks it on its next start. */
  tabId: z.number().int().nonnegative().optional(),
  /** Times a restarted worker took the pending re-read up again (bounded by `MAX_REREAD_RESUMES`). */
  resumes: z.number().int().nonnegative().max(100).optional(),
});
export type RereadPage = z.infer<typeof rereadPageSchema>;

export const captureStatusResultSchema = z.object({
  /** Captures waiting in the persisted queue (including the one being ingested). */
  pending: z.number().int().nonnegative(),
  /** Captures parked after failing to finish repeatedly (or that could not be recorded). */
  failed: z.number().int().nonnegative(),
  /** Captures ingested since the worker started. */
  ingested: z.number().int().nonnegative(),
  state: captureStateSchema.optional(),
  /** The last failure's message, for a parked capture. */
  error: z.string().optional(),
  /** The parked captures, oldest first (with the totals only), at most `MAX_PARKED_LISTED`. */
  parked: z.array(parkedCaptureSchema).max(MAX_PARKED_LISTED).optional(),
  /** Pages the content script gave up on and that were not captured since, newest first (with the totals only). */
  gaveUp: z.array(gaveUpPageSchema).max(MAX_GAVE_UP_LISTED).optional(),
  /** Pages the time budget cut and their re-reads, newest first (with the totals only). */
  rereads: z.array(rereadPageSchema).max(MAX_GAVE_UP_LISTED).optional(),
});

export const captureActionResultSchema = z.object({
  captureId: z.string().regex(CAPTURE_ID),
});

/** Readings listed in one status reply at most (newest first). */
export const MAX_LLM_READINGS_LISTED = 20;

export const llmReadingSchema = z.object({
  url: z.string(),
  /** done: findings stored; failed: the model could not be used; skipped: not sent (budget, blocked site, no provider). */
  state: z.enum(['done', 'failed', 'skipped']),
  model: z.string().optional(),
  /** Entities and relations kept after verification. */
  entities: z.number().int().nonnegative(),
  relations: z.number().int().nonnegative(),
  /** Findings dropped because the page does not say them (invented names, quotes, ends). */
  dropped: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  ms: z.number().nonnegative(),
  /** Why it failed or was skipped, or what was cut (malformed chunks, unread text). */
  note: z.string().optional(),
});

export const llmStatusResultSchema = z.object({
  /** Reading captured pages is on in the settings. */
  enabled: z.boolean(),
  queued: z.number().int().nonnegative(),
  /** The page being read now. */
  running: z.string().optional(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  tokensToday: z.number().int().nonnegative(),
  recent: z.array(llmReadingSchema).max(MAX_LLM_READINGS_LISTED),
});

export const llmReadResultSchema = z.object({ queued: z.literal(true), url: z.string() });

export const llmForgetResultSchema = z.object({
  pages: z.number().int().nonnegative(),
  evidenceRemoved: z.number().int().nonnegative(),
  relationshipsRemoved: z.number().int().nonnegative(),
  entitiesRemoved: z.number().int().nonnegative(),
  /** The names of the workspaces it covered. */
  workspaces: z.array(z.string().max(200)).max(200),
});

export const pageRecaptureResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('captured'), captureId: z.string() }),
  z.object({ status: z.literal('refused'), reason: z.string() }),
]);

const COUNT = z.number().int().nonnegative();

export const teamSyncCountsSchema = z.object({
  pushed: z.object({ batches: COUNT, applied: COUNT, duplicates: COUNT }),
  pulled: z.object({ changes: COUNT, position: COUNT }),
});

export const teamStatusSchema = z.object({
  linked: z.boolean(),
  /** The local workspace this status is about (the active one). */
  workspaceId: z.string(),
  connection: teamConnectionSchema.nullable(),
  /** Local changes waiting to be pushed (kept while offline or unlinked). */
  queued: COUNT,
  /** When the team database was last reached (epoch ms). */
  lastSyncAt: z.number().nullable(),
  lastResult: teamSyncCountsSchema.nullable(),
  lastError: z.object({ code: z.enum(ERROR_CODES), message: z.string() }).nullable(),
  /** The native host's team role: answered (`ready`), not installed (`missing`), not asked yet (`unknown`). */
  host: z.enum(['ready', 'missing', 'unknown']),
  /** The team log (`host:port/database#teamWorkspace`) the waiting changes were recorded for; linking to another drops them. */
  queuedFor: z.string().nullable(),
  /** Teammates' changes skipped since linking because this version's change schema refuses them; absent when none. */
  refused: z.object({ count: COUNT, lastPosition: COUNT, lastMessage: z.string() }).optional(),
});

/** `team.link`'s answer: the status, and how many unsent changes the link dropped (they were recorded for another team log). */
export const teamLinkResultSchema = teamStatusSchema.extend({ dropped: COUNT });

export const teamSyncResultSchema = teamSyncCountsSchema.extend({ status: teamStatusSchema });

export const resultSchemas = {
  'tool.call': toolCallResultSchema,
  'page.captured': pageCapturedResultSchema,
  'capture.status': captureStatusResultSchema,
  'capture.retry': captureActionResultSchema,
  'capture.discard': captureActionResultSchema,
  'capture.gaveUp': z.object({ recorded: z.boolean() }),
  'capture.started': z.object({ watched: z.boolean() }),
  'llm.read': llmReadResultSchema,
  'llm.status': llmStatusResultSchema,
  'llm.forget': llmForgetResultSchema,
  'page.recapture': pageRecaptureResultSchema,
  'team.status': teamStatusSchema,
  'team.link': teamLinkResultSchema,
  'team.unlink': teamStatusSchema,
  'team.sync': teamSyncResultSchema,
} as const satisfies Record<MessageType, z.ZodType>;

export type ResultOf<T extends MessageType> = z.infer<(typeof resultSchemas)[T]>;
export type CaptureStatus = z.infer<typeof captureStatusResultSchema>;
export type CaptureState = z.infer<typeof captureStateSchema>;
export type ParkedCapture = z.infer<typeof parkedCaptureSchema>;
export type LlmReading = z.infer<typeof llmReadingSchema>;
export type LlmStatus = z.infer<typeof llmStatusResultSchema>;
export type LlmForgetResult = z.infer<typeof llmForgetResultSchema>;
export type { TeamConnection } from '../core/team/host-wire';
export type TeamStatus = z.infer<typeof teamStatusSchema>;
export type TeamLinkResult = z.infer<typeof teamLinkResultSchema>;
export type TeamSyncCounts = z.infer<typeof teamSyncCountsSchema>;
export type TeamSyncResult = z.infer<typeof teamSyncResultSchema>;

// ── Reply envelope ──────────────────────────────────────────────────────────

export const errorShapeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});

export function replySchema<R extends z.ZodType>(result: R) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), result }),
    z.object({ ok: z.literal(false), error: errorShapeSchema }),
  ]);
}

export type Reply<R> = { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: z.infer<typeof errorShapeSchema> };
