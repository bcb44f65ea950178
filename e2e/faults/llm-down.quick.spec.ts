// Faults: the configured LLM endpoint is down, slow, failing or answering
// garbage. A question in the side panel still gets the offline symbolic answer, with a
// notice saying the LLM failed. The endpoint is a local HTTP server scripted per case.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { serveDirectory } from '../../src/cli/static-server';
import { SETTINGS_STORAGE_KEY } from '../../src/core/settings';

/** The extension API inside the side panel page (evaluated there, not in Node). */
declare const chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } };

type Mode = 'garbage' | 'slow' | 'error' | 'down';
/** The shortest timeout the settings accept: the slow case waits past it. */
const LLM_TIMEOUT_MS = 1_000;

/** An OpenAI-compatible endpoint that misbehaves as told (CORS allowed, so the failure is the reply's). */
async function brokenLlm(mode: Mode): Promise<{ baseUrl: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    requests++;
    if (mode === 'garbage')
      return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{"choices": [ {"message": <html>not json');
    if (mode === 'error')
      return void res.writeHead(500, { ...cors, 'content-type': 'application/json' }).end('{"error":{"message":"model crashed"}}');
    // slow: answers long after the client gave up
    setTimeout(() => res.writeHead(200, cors).end('{}'), LLM_TIMEOUT_MS * 10).unref();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  if (mode === 'down') await new Promise<void>((done) => server.close(() => done())); // nothing listens there now
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () =>
      mode === 'down'
        ? Promise.resolve()
        : new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
  };
}

for (const mode of ['down', 'slow', 'error', 'garbage'] as const) {
  test(`LLM endpoint ${mode}: the question still gets the symbolic answer, with a notice`, async () => {
    test.setTimeout(90_000);
    const llm = await brokenLlm(mode);
    const site = await serveDirectory(resolve(import.meta.dirname, '../site'));
    const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-llm-fault-'));
    const { context, extensionId } = await launchWithExtension({
      profileDir,
      headless: true,
      allowOrigins: [site.origin, new URL(llm.baseUrl).origin],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${site.origin}/stripe.html`);
      await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(1);

      const panel = await context.newPage();
      await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      await panel.evaluate(async ([key, settings]) => chrome.storage.local.set({ [key]: settings }), [
        SETTINGS_STORAGE_KEY,
        { llm: { provider: 'openai-compatible', baseUrl: llm.baseUrl, model: 'test-model', timeoutMs: LLM_TIMEOUT_MS } },
      ] as const);
      await panel.reload();
      await expect(panel.getByTestId('entity-row').locator('.name')).toContainText(['Patrick Collison'], { timeout: 20_000 });

      await panel.getByRole('tab', { name: 'Ask' }).first().click();
      await panel.getByTestId('chat-input').fill('Who founded Stripe?');
      await panel.getByTestId('chat-input').press('Enter');
      const answer = panel.getByTestId('chat-answer').last();
      await expect(answer).toContainText('Patrick Collison', { timeout: 30_000 });
      await expect(answer).toContainText(/answerer failed.*offline symbolic answerer/i);
      if (mode !== 'down') expect(llm.requests()).toBeGreaterThan(0); // the LLM really was asked
    } finally {
      await context.close();
      await site.close();
      await llm.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  });
}
