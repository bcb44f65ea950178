// The OpenAI-compatible client against a scripted server over real HTTP: protocol,
// streaming, tool-call deltas, and every failure mapped to a stable error code.
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import {
  MAX_COMPLETION_BYTES,
  MAX_ERROR_BODY_BYTES,
  MAX_STREAM_BYTES,
  MAX_TOOL_ARGUMENT_CHARS,
  OpenAiCompatibleClient,
} from './openai-compatible-client';
import {
  startScriptedServer,
  streamReply,
  streamToolCallReply,
  textReply,
  toolCallReply,
  type ScriptedServer,
  type Step,
} from '../../../tooling/testing/scripted-llm-server';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(steps: Step[], timeoutMs = 2000): Promise<OpenAiCompatibleClient> {
  server = await startScriptedServer(steps);
  return new OpenAiCompatibleClient({ baseUrl: server.baseUrl, model: 'test-model', apiKey: 'sk-test', timeoutMs });
}
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (e) {
    return e instanceof AriadneError ? e.code : `not an AriadneError: ${String(e)}`;
  }
}
const hello = { messages: [{ role: 'user' as const, content: 'hello' }] };

describe('OpenAiCompatibleClient', () => {
  it('sends the model, messages, tools and API key, and reads content and tool calls', async () => {
    const client = await clientFor([() => toolCallReply('expand_entity', { entityId: 'e_1' })]);
    const tools = [{ type: 'function' as const, function: { name: 'expand_entity', description: 'd', parameters: { type: 'object' } } }];
    const result = await client.chat({ ...hello, tools, temperature: 0.7 });
    expect(result.toolCalls).toEqual([{ id: 'call_1', name: 'expand_entity', arguments: '{"entityId":"e_1"}' }]);
    const sent = server?.requests[0];
    expect(sent?.body.model).toBe('test-model');
    expect(sent?.body.tools?.[0]?.function.name).toBe('expand_entity');
    expect(sent?.authorization).toBe('Bearer sk-test');
  });

  it('streams content deltas to onToken and returns the whole text', async () => {
    const client = await clientFor([() => streamReply(['Stripe ', 'uses ', 'Rust.'])]);
    const chunks: string[] = [];
    const result = await client.chat(hello, { onToken: (c) => chunks.push(c) });
    expect(chunks).toEqual(['Stripe ', 'uses ', 'Rust.']);
    expect(result.content).toBe('Stripe uses Rust.');
    expect(server?.requests[0]?.body.stream).toBe(true);
  });

  it('joins tool-call arguments streamed in pieces', async () => {
    const client = await clientFor([() => streamToolCallReply('get_entity_by_name', ['{"na', 'me":"Str', 'ipe"}'])]);
    const result = await client.chat(hello, { onToken: () => undefined });
    expect(result.toolCalls).toEqual([{ id: 'call_s', name: 'get_entity_by_name', arguments: '{"name":"Stripe"}' }]);
  });

  it('maps 429 to quota_exceeded with the retry delay', async () => {
    const client = await clientFor([() => ({ status: 429, json: { error: { message: 'Rate limit' } }, headers: { 'retry-after': '7' } })]);
    const error = await client.chat(hello).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AriadneError);
    expect(error instanceof AriadneError && error.code).toBe('quota_exceeded');
    expect(error instanceof AriadneError && error.details).toEqual({ status: 429, retryAfterSeconds: 7 });
  });

  it('maps 500 to unavailable, 401 to forbidden and 404 to not_found', async () => {
    const client = await clientFor([() => ({ status: 500 }), () => ({ status: 401 }), () => ({ status: 404 })]);
    expect(await codeOf(client.chat(hello))).toBe('unavailable');
    expect(await codeOf(client.chat(hello))).toBe('forbidden');
    expect(await codeOf(client.chat(hello))).toBe('not_found');
  });

  it('maps a body that is not JSON, or JSON that is not a completion, to internal', async () => {
    const client = await clientFor([() => ({ raw: '<html>oops' }), () => ({ json: { nothing: true } }), () => ({ sse: ['{not json'] })]);
    expect(await codeOf(client.chat(hello))).toBe('internal');
    expect(await codeOf(client.chat(hello))).toBe('internal');
    expect(await codeOf(client.chat(hello, { onToken: () => undefined }))).toBe('internal');
  });

  it('times out a slow server with code timeout', async () => {
    const client = await clientFor([() => ({ ...textReply('late'), delayMs: 1500 })], 150);
    const started = Date.now();
    expect(await codeOf(client.chat(hello))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('maps a refused connection to unavailable', async () => {
    const probe = await startScriptedServer([() => textReply('x')]);
    const baseUrl = probe.baseUrl;
    await probe.close();
    const client = new OpenAiCompatibleClient({ baseUrl, model: 'm', timeoutMs: 2000 });
    expect(await codeOf(client.chat(hello))).toBe('unavailable');
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new OpenAiCompatibleClient({ baseUrl: 'file:///etc', model: 'm' })).toThrow(AriadneError);
    expect(() => new OpenAiCompatibleClient({ baseUrl: 'not a url', model: 'm' })).toThrow(AriadneError);
  });

  describe('select (llm_select)', () => {
    const candidates = [
      { id: 'e_1', label: 'Stripe', type: 'company' },
      { id: 'e_2', label: 'Stripe (band)', type: 'other' },
    ];

    it('returns the chosen candidate, or null, schema-checked', async () => {
      const client = await clientFor([() => textReply('{"candidate_id":"e_2"}'), () => textReply('```json\n{"candidate_id": null}\n```')]);
      expect(await client.select({ name: 'Stripe', context: 'the band played' }, candidates)).toEqual({ candidateId: 'e_2' });
      expect(await client.select({ name: 'Stripe' }, candidates)).toEqual({ candidateId: null });
      expect(server?.requests[0]?.body.response_format).toEqual({ type: 'json_object' });
      expect(server?.requests[0]?.body.messages[1]?.content).toContain('<<<DATA');
    });

    it('rejects an id that is not a candidate, and a reply of the wrong shape', async () => {
      const client = await clientFor([() => textReply('{"candidate_id":"e_999"}'), () => textReply('I think the first one')]);
      expect(await codeOf(client.select({ name: 'Stripe' }, candidates))).toBe('internal');
      expect(await codeOf(client.select({ name: 'Stripe' }, candidates))).toBe('internal');
    });
  });

  // A hostile or broken endpoint sends far more than the caps; the client must stop
  // reading at the cap (cancel the stream, so the server sees the connection close)
  // instead of holding the whole body. SLACK is what socket buffers on both sides may
  // take in before the close reaches the server; the floods are far larger than cap + SLACK.
  describe('bounded reads (a flood is cut off at the cap, not read whole)', () => {
    const MB = 1024 * 1024;
    const SLACK = 8 * MB;
    const FLOOD_BYTES = 64 * MB;
    const piece = 'x'.repeat(64 * 1024);
    const floodClient = async (steps: Step[]): Promise<OpenAiCompatibleClient> => clientFor(steps, 20_000);

    it('a 64 MB completion body fails with too_large after about the completion cap', async () => {
      const client = await floodClient([
        () => ({
          flood: {
            contentType: 'application/json',
            prefix: '{"choices":[{"index":0,"message":{"role":"assistant","content":"',
            repeat: piece,
            times: FLOOD_BYTES / piece.length,
            suffix: '"},"finish_reason":"stop"}]}',
          },
        }),
      ]);
      expect(await codeOf(client.chat(hello))).toBe('too_large');
      const sent = server?.floods[0];
      expect(sent?.completed).toBe(false);
      expect(sent?.bytesWritten).toBeLessThan(MAX_COMPLETION_BYTES + SLACK);
    });

    it('a 64 MB error body is cut at the error cap, and its start is still quoted', async () => {
      const client = await floodClient([
        () => ({
          status: 500,
          flood: {
            contentType: 'application/json',
            prefix: '{"error":{"message":"model melted ',
            repeat: piece,
            times: FLOOD_BYTES / piece.length,
            suffix: '"}}',
          },
        }),
      ]);
      const error = await client.chat(hello).catch((e: unknown) => e);
      expect(error instanceof AriadneError && error.code).toBe('unavailable');
      expect(error instanceof AriadneError && error.message).toContain('model melted');
      const sent = server?.floods[0];
      expect(sent?.completed).toBe(false);
      expect(sent?.bytesWritten).toBeLessThan(MAX_ERROR_BODY_BYTES + SLACK);
    });

    it('64 MB of streamed tool-call arguments fail with too_large after about the arguments cap', async () => {
      const head = {
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index: 0, id: 'call_f', type: 'function', function: { name: 'expand_entity', arguments: '' } }] },
          },
        ],
      };
      const more = { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'a'.repeat(4000) } }] } }] };
      const event = `data: ${JSON.stringify(more)}\n\n`;
      const client = await floodClient([
        () => ({
          flood: {
            contentType: 'text/event-stream',
            prefix: `data: ${JSON.stringify(head)}\n\n`,
            repeat: event,
            times: Math.ceil(FLOOD_BYTES / event.length),
            suffix: 'data: [DONE]\n\n',
          },
        }),
      ]);
      expect(await codeOf(client.chat(hello, { onToken: () => undefined }))).toBe('too_large');
      const sent = server?.floods[0];
      expect(sent?.completed).toBe(false);
      expect(sent?.bytesWritten).toBeLessThan(MAX_TOOL_ARGUMENT_CHARS * 2 + SLACK);
    });

    it('a stream of empty events past the stream cap fails with too_large', async () => {
      const event = `data: ${JSON.stringify({ choices: [] })}\n\n`;
      const client = await floodClient([
        () => ({
          flood: {
            contentType: 'text/event-stream',
            prefix: '',
            repeat: event.repeat(1000),
            times: Math.ceil((MAX_STREAM_BYTES + 2 * SLACK) / (event.length * 1000)),
            suffix: 'data: [DONE]\n\n',
          },
        }),
      ]);
      expect(await codeOf(client.chat(hello, { onToken: () => undefined }))).toBe('too_large');
      const sent = server?.floods[0];
      expect(sent?.completed).toBe(false);
      expect(sent?.bytesWritten).toBeLessThan(MAX_STREAM_BYTES + SLACK);
    });
  });
});
