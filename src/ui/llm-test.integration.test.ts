// "Test connection" against a real local HTTP server speaking the OpenAI /models shape.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from './llm-test';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/v1/models' && req.headers.authorization === 'Bearer good') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'llama3.2' }, { id: 'qwen2.5' }] }));
    } else if (req.url === '/v1/models') {
      res.writeHead(401).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('testConnection', () => {
  it('lists the models and confirms the chosen one', async () => {
    expect(await testConnection({ baseUrl: `${base}/v1/`, model: 'llama3.2', apiKey: 'good' })).toEqual({
      ok: true,
      text: 'Connected: 2 model(s) available, including “llama3.2”.',
    });
  });
  it('says when the model is not served', async () => {
    expect(await testConnection({ baseUrl: `${base}/v1`, model: 'gpt-9', apiKey: 'good' })).toMatchObject({ ok: false });
  });
  it('says when the key is refused, the path is wrong, or the URL is not one', async () => {
    expect((await testConnection({ baseUrl: `${base}/v1`, model: '', apiKey: 'bad' })).text).toContain('refused the API key');
    expect((await testConnection({ baseUrl: `${base}/nope`, model: '', apiKey: '' })).text).toContain('HTTP 404');
    expect((await testConnection({ baseUrl: 'not a url', model: '', apiKey: '' })).ok).toBe(false);
  });
  it('says when nothing answers', async () => {
    expect((await testConnection({ baseUrl: 'http://127.0.0.1:9/v1', model: '', apiKey: '' })).text).toContain(
      'Could not reach the server',
    );
  });
});
