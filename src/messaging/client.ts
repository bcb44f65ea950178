/**
 * The typed client of the message protocol, for extension pages (the side panel,
 * `npm start`'s page). It sends one request, parses the reply envelope with the
 * protocol's schema, and returns the result or throws the `AriadneError` the
 * background answered with.
 *
 * @example
 *   const { results } = await callTool('entity_search', { query: 'stri' }); // typed by the tool's schemas
 *   const status = await sendMessage({ type: 'capture.status' });
 */
import { AriadneError } from '../core/errors';
import type { ToolInput, ToolName, ToolOutput } from '../core/tools/catalog';
import type { MessageType, Request, ResultOf } from './protocol';
import { replySchema, resultSchemas } from './protocol';

import { runtimeTransport } from './transport';
import type { Transport } from './transport';

export { runtimeTransport };
export type { Transport };

export async function sendMessage<T extends MessageType>(
  request: Request<T>,
  transport: Transport = runtimeTransport,
): Promise<ResultOf<T>> {
  let raw: unknown;
  try {
    raw = await transport(request);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new AriadneError('unavailable', `The Ariadne background did not answer (${why}). Reload the extension and retry.`);
  }
  const schema = replySchema(resultSchemas[request.type]);
  const reply = schema.safeParse(raw);
  if (!reply.success) throw new AriadneError('internal', `The background sent a malformed reply to "${request.type}".`);
  if (!reply.data.ok) throw new AriadneError(reply.data.error.code, reply.data.error.message, reply.data.error.details);
  // Parsed with resultSchemas[request.type] just above; TypeScript cannot follow the index.
  return reply.data.result as ResultOf<T>;
}

/**
 * Calls a tool through the background, typed by name: the arguments and the result are
 * the tool's own schema types (`ToolInput`, `ToolOutput` of `core/tools/catalog.ts`), so
 * a renamed tool or field fails to compile here. The registry has parsed the arguments
 * and checked the result against the tool's output schema before it answers.
 */
export async function callTool<N extends ToolName>(tool: N, args: ToolInput<N>, transport?: Transport): Promise<ToolOutput<N>> {
  const result = await sendMessage({ type: 'tool.call', tool, arguments: args }, transport);
  // The wire type is `unknown`; the background checked it against tool N's output schema.
  return result as ToolOutput<N>;
}
