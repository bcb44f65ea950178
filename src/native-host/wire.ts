/**
 * The bridge's wire protocol, declared once for its three parties: the extension's
 * service worker, the native messaging host, and the MCP server an agent launches.
 *
 *   MCP server ──socket──▶ host ──stdout──▶ worker     hello · call
 *   MCP server ◀──socket── host ◀──stdin─── worker     tools · result
 *
 * Every message crossing a process boundary is parsed with these schemas (a peer may
 * be an old version or a stranger on the socket). Pure: no Node or browser imports.
 */
import { z } from 'zod';
import { ERROR_CODES } from '../core/errors';

/** Bumped when a message changes shape; peers refuse other versions with a clear error. */
export const BRIDGE_PROTOCOL_VERSION = 1;
/** More tools than this is a bug in the registry, not a catalogue to advertise. */
export const MAX_BRIDGE_TOOLS = 200;

export const errorShapeSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});

export const toolAnnotationsSchema = z.object({
  title: z.string().max(120).optional(),
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
});
export type BridgeToolAnnotations = z.infer<typeof toolAnnotationsSchema>;

/** One tool as advertised to MCP clients (built from the registry by the extension). */
export const bridgeToolSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
  description: z.string().max(10_000),
  /** JSON Schema of the arguments; MCP requires `type: "object"` at the top. */
  inputSchema: z.looseObject({ type: z.literal('object') }),
  annotations: toolAnnotationsSchema,
});
export type BridgeTool = z.infer<typeof bridgeToolSchema>;

export const clientInfoSchema = z.object({
  name: z.string().max(200),
  version: z.string().max(100),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

/** A tool's answer as text for the model, or an error with a registry code. */
export const resultBody = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), text: z.string() }),
  z.object({ ok: z.literal(false), error: errorShapeSchema }),
]);
export type ResultBody = z.infer<typeof resultBody>;

export const chunkMessageSchema = z.object({
  type: z.literal('chunk'),
  chunkId: z.string().max(200),
  index: z.number().int().min(0),
  count: z.number().int().min(1).max(1024),
  data: z.string(),
});
export type ChunkMessage = z.infer<typeof chunkMessageSchema>;

// ── worker → host ────────────────────────────────────────────────────────────────
export const workerMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    protocol: z.number().int(),
    extensionVersion: z.string().max(50),
    tools: z.array(bridgeToolSchema).max(MAX_BRIDGE_TOOLS),
  }),
  z.object({ type: z.literal('result'), callId: z.string().max(200), outcome: resultBody }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

// ── host → worker ────────────────────────────────────────────────────────────────
export const bridgeClientSchema = clientInfoSchema.extend({ connectionId: z.string().max(50) });
export type BridgeClient = z.infer<typeof bridgeClientSchema>;

export const hostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), protocol: z.number().int(), pid: z.number().int(), socketPath: z.string() }),
  z.object({
    type: z.literal('call'),
    callId: z.string().max(200),
    client: bridgeClientSchema,
    tool: z.string().max(100),
    arguments: z.unknown(),
  }),
  z.object({ type: z.literal('cancel'), callId: z.string().max(200) }),
  z.object({ type: z.literal('client'), event: z.enum(['connected', 'disconnected']), client: bridgeClientSchema }),
  chunkMessageSchema,
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

// ── MCP server → host (socket) ───────────────────────────────────────────────────
export const agentMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), protocol: z.number().int(), client: clientInfoSchema }),
  z.object({ type: z.literal('call'), id: z.number().int(), tool: z.string().max(100), arguments: z.unknown() }),
]);
export type AgentMessage = z.infer<typeof agentMessageSchema>;

// ── host → MCP server (socket) ───────────────────────────────────────────────────
export const hostToAgentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tools'), tools: z.array(bridgeToolSchema).max(MAX_BRIDGE_TOOLS) }),
  z.object({ type: z.literal('result'), id: z.number().int(), outcome: resultBody }),
]);
export type HostToAgent = z.infer<typeof hostToAgentSchema>;
