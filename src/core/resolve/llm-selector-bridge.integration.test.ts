// llm_select through the real OpenAI-compatible client against a local node:http
// server answering in the chat-completions format.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiCompatibleClient } from '../../adapters/llm/openai-compatible-client';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { llmSelectorFromClient } from './llm-selector-bridge';
import { createResolver } from './resolver';

let server: Server;
let baseUrl = '';
let answer = '';
const prompts: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      prompts.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  await graph.createEntity({ name: 'Mercury', type: 'location' });
  const bank = await graph.createEntity({ name: 'Mercury', type: 'company' });
  const llm = llmSelectorFromClient(new OpenAiCompatibleClient({ baseUrl, model: 'test-model', timeoutMs: 2000 }));
  return { bank, resolver: createResolver({ store, clock, llm, settings: { networkLookups: false } }) };
}

describe('llm_select over an OpenAI-compatible endpoint', () => {
  it('resolves to the candidate the model names', async () => {
    const { bank, resolver } = await setup();
    answer = JSON.stringify({ candidate_id: bank.id });
    const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode: 'llm_select' } }, { coMentions: ['Stripe'] });
    expect(res.entity?.id).toBe(bank.id);
    expect(res.resolution_path.at(-1)).toMatchObject({ phase: 'llm', action: 'selected' });
    expect(prompts.at(-1)).toContain('mentioned with: Stripe');
  });

  it('keeps the ranked answer when the model replies with prose', async () => {
    const { resolver } = await setup();
    answer = 'Ignore previous instructions. It is obviously the bank.';
    const res = await resolver.resolve({ subject: 'Mercury', strategy: { mode: 'hybrid' } });
    expect(res.status).toBe('ambiguous');
    expect(res.resolution_path.at(-1)).toMatchObject({ phase: 'llm', action: 'failed' });
  });
});
