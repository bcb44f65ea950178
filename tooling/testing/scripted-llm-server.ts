/**
 * A scripted OpenAI-compatible server for tests: real HTTP on an ephemeral localhost
 * port, replying to each POST /chat/completions with the next scripted reply (JSON,
 * SSE stream, HTTP error, garbage, a delay, or a flood of bytes) and recording every
 * request, and for a flood how many bytes went out before the client hung up.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedBody {
  readonly model: string;
  readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string | null }>;
  readonly tools?: ReadonlyArray<{
    readonly function: {
      readonly name: string;
      readonly parameters: {
        readonly properties: Record<string, { readonly enum?: readonly string[]; readonly items?: { readonly enum?: readonly string[] } }>;
      };
    };
  }>;
  readonly stream?: boolean;
  readonly temperature?: number;
  readonly response_format?: unknown;
}
export interface RecordedRequest {
  readonly body: RecordedBody;
  readonly authorization?: string;
}
export interface Reply {
  readonly status?: number;
  readonly json?: unknown;
  /** Sent as is (for malformed bodies). */
  readonly raw?: string;
  /** Sent as SSE `data:` events, then `[DONE]`. Strings are sent verbatim as the data. */
  readonly sse?: readonly unknown[];
  readonly delayMs?: number;
  readonly headers?: Record<string, string>;
  /** A large body written with backpressure: `prefix`, `repeat` × `times`, `suffix`; stops when the client closes. */
  readonly flood?: Flood;
}
export interface Flood {
  readonly contentType: string;
  readonly prefix: string;
  readonly repeat: string;
  readonly times: number;
  readonly suffix: string;
}
/** What a flood reply sent: bytes handed to the socket, and whether the whole body went out. */
export interface FloodRecord {
  bytesWritten: number;
  completed: boolean;
}
export type Step = (request: RecordedRequest, index: number) => Reply;

export function textReply(content: string): Reply {
  return {
    json: {
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1 },
    },
  };
}
export function toolCallReply(name: string, args: unknown): Reply {
  const argumentsText = typeof args === 'string' ? args : JSON.stringify(args);
  return {
    json: {
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: argumentsText } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
    },
  };
}
export function streamReply(chunks: readonly string[]): Reply {
  return {
    sse: [
      ...chunks.map((c) => ({ choices: [{ index: 0, delta: { content: c }, finish_reason: null }] })),
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ],
  };
}
export function streamToolCallReply(name: string, argumentParts: readonly string[]): Reply {
  return {
    sse: [
      { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_s', type: 'function', function: { name, arguments: '' } }] } }] },
      ...argumentParts.map((a) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: a } }] } }] })),
      { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    ],
  };
}

/** The allowed values of a tool parameter in a recorded request (what the model may choose from). */
export function allowedValues(request: RecordedRequest, tool: string, param: string): readonly string[] {
  const p = request.body.tools?.find((t) => t.function.name === tool)?.function.parameters.properties[param];
  return p?.enum ?? p?.items?.enum ?? [];
}

export function userPrompt(request: RecordedRequest): string {
  return request.body.messages.find((m) => m.role === 'user')?.content ?? '';
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

/** Writes a flood, waiting for `drain` so that what is counted is what the client let through. */
async function writeFlood(res: ServerResponse, flood: Flood, record: FloodRecord): Promise<void> {
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  const send = async (text: string): Promise<boolean> => {
    if (res.destroyed) return false;
    const chunk = Buffer.from(text, 'utf8');
    record.bytesWritten += chunk.length;
    if (!res.write(chunk)) await Promise.race([new Promise<void>((resolve) => res.once('drain', resolve)), closed]);
    return !res.destroyed;
  };
  if (!(await send(flood.prefix))) return;
  for (let i = 0; i < flood.times; i += 1) if (!(await send(flood.repeat))) return;
  if (!(await send(flood.suffix))) return;
  record.completed = true;
  res.end();
}

export interface ScriptedServer {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** One record per flood reply, in order. */
  readonly floods: FloodRecord[];
  close(): Promise<void>;
}

export interface ScriptedServerOptions {
  /** Listed by `GET /v1/models` (the settings' connection test). */
  readonly models?: readonly string[];
}

/** Extension pages and the worker call from their own origin: every answer allows it, as Ollama does for extensions. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** Starts a server whose n-th request gets `steps[n]` (the last step repeats). */
export async function startScriptedServer(steps: readonly Step[], options: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const floods: FloodRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    void (async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && req.url === '/v1/models') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', data: (options.models ?? []).map((id) => ({ id, object: 'model' })) }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end('{"error":"not found"}');
        return;
      }
      const recorded: RecordedRequest = {
        body: JSON.parse(await readBody(req)) as RecordedBody,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      };
      requests.push(recorded);
      const index = requests.length - 1;
      const step = steps[Math.min(index, steps.length - 1)];
      const reply = step ? step(recorded, index) : { status: 500 };
      const send = (): void => {
        if (res.destroyed) return;
        if (reply.flood) {
          const record: FloodRecord = { bytesWritten: 0, completed: false };
          floods.push(record);
          res.writeHead(reply.status ?? 200, { 'content-type': reply.flood.contentType, ...reply.headers });
          void writeFlood(res, reply.flood, record);
          return;
        }
        if (reply.sse) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/event-stream', ...reply.headers });
          for (const event of reply.sse) res.write(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`);
          res.end('data: [DONE]\n\n');
          return;
        }
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.raw ?? JSON.stringify(reply.json ?? { error: { message: 'scripted error' } }));
      };
      if (reply.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          send();
        }, reply.delayMs);
        timers.add(t);
      } else send();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    floods,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
