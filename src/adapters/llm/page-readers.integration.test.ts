// The page readers speak each provider's structured-output protocol over real HTTP
// (the scripted OpenAI-compatible server; a scripted Ollama /api/chat) or to a fake
// Prompt API, and offer no tools.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTRACTION_JSON_SCHEMA } from '../../core/llm-read/schema';
import { defaultSettings } from '../../core/settings';
import { OllamaPageReader, OpenAiCompatiblePageReader, pageReaderFor, PromptApiPageReader } from './page-readers';
import type { LanguageModelApi } from './prompt-api-answerer';
import { OpenAiCompatibleClient } from './openai-compatible-client';
import { startScriptedServer, textReply } from '../../../tooling/testing/scripted-llm-server';

const request = { system: 'sys', user: 'user text', schema: EXTRACTION_JSON_SCHEMA, schemaName: 'page_facts', maxTokens: 500 };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('OpenAiCompatiblePageReader', () => {
  it('asks for the strict JSON schema, at temperature 0, with no tools', async () => {
    const server = await startScriptedServer([() => textReply('{"entities":[],"relations":[]}')]);
    closers.push(() => server.close());
    const reader = new OpenAiCompatiblePageReader(new OpenAiCompatibleClient({ baseUrl: server.baseUrl, model: 'm' }), 'm');
    const result = await reader.read(request);
    expect(result.text).toBe('{"entities":[],"relations":[]}');
    const body = server.requests[0]?.body;
    expect(body?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'page_facts', schema: EXTRACTION_JSON_SCHEMA, strict: true },
    });
    expect(body?.temperature).toBe(0);
    expect(body?.tools).toBeUndefined();
    expect(body?.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'user text' },
    ]);
  });

  it('maps a 5xx to unavailable', async () => {
    const server = await startScriptedServer([() => ({ status: 503, json: { error: 'down' } })]);
    closers.push(() => server.close());
    const reader = new OpenAiCompatiblePageReader(new OpenAiCompatibleClient({ baseUrl: server.baseUrl, model: 'm' }), 'm');
    await expect(reader.read(request)).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('OllamaPageReader', () => {
  async function ollama(reply: (body: Record<string, unknown>) => { status: number; body: string }) {
    const bodies: Record<string, unknown>[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as Record<string, unknown>;
        bodies.push({ ...body, path: req.url });
        const out = reply(body);
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(out.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies };
  }

  it("sends the schema as Ollama's format to /api/chat and reads its token counts", async () => {
    const { baseUrl, bodies } = await ollama(() => ({
      status: 200,
      body: JSON.stringify({
        message: { role: 'assistant', content: '{"entities":[],"relations":[]}' },
        prompt_eval_count: 42,
        eval_count: 7,
      }),
    }));
    const result = await new OllamaPageReader({ baseUrl, model: 'llama3.2' }).read(request);
    expect(result).toEqual({ text: '{"entities":[],"relations":[]}', usage: { promptTokens: 42, completionTokens: 7 } });
    expect(bodies[0]).toMatchObject({
      path: '/api/chat',
      model: 'llama3.2',
      stream: false,
      format: EXTRACTION_JSON_SCHEMA,
      options: { temperature: 0, num_predict: 500 },
    });
    expect(bodies[0]?.tools).toBeUndefined();
  });

  it('refuses an answer that is not a chat reply', async () => {
    const { baseUrl } = await ollama(() => ({ status: 200, body: '<html>' }));
    await expect(new OllamaPageReader({ baseUrl, model: 'm' }).read(request)).rejects.toMatchObject({ code: 'internal' });
  });
});

describe('PromptApiPageReader', () => {
  it('constrains the answer with the schema', async () => {
    const seen: unknown[] = [];
    const api: LanguageModelApi = {
      availability: () => Promise.resolve('available'),
      create: (options) => {
        seen.push(options.initialPrompts);
        return Promise.resolve({
          prompt: (input, opts) => {
            seen.push(input, opts?.responseConstraint);
            return Promise.resolve('{"entities":[],"relations":[]}');
          },
          destroy: () => undefined,
        });
      },
    };
    const result = await new PromptApiPageReader(api).read(request);
    expect(result.text).toBe('{"entities":[],"relations":[]}');
    expect(seen).toEqual([[{ role: 'system', content: 'sys' }], 'user text', EXTRACTION_JSON_SCHEMA]);
  });
});

describe('pageReaderFor', () => {
  const llm = defaultSettings().llm;
  it('picks the reader the settings name', () => {
    expect(pageReaderFor(llm)).toBeUndefined();
    expect(pageReaderFor({ ...llm, provider: 'openai-compatible', model: '' })).toBeUndefined();
    expect(
      pageReaderFor({ ...llm, provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' }),
    ).toBeInstanceOf(OllamaPageReader);
    expect(pageReaderFor({ ...llm, provider: 'openai-compatible', baseUrl: 'http://localhost:1234/v1', model: 'qwen' })).toBeInstanceOf(
      OpenAiCompatiblePageReader,
    );
    expect(pageReaderFor({ ...llm, provider: 'prompt-api' }, {})).toBeUndefined();
  });
});
