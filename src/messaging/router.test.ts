// The router's boundaries: parsing on arrival, who may send what, and the reply envelope.
import { describe, expect, it } from 'vitest';
import { AriadneError, NotFoundError } from '../core/errors';
import { sendMessage } from './client';
import type { Handlers, MessageSenderInfo } from './router';
import { createRouter } from './router';

const policy = { extensionId: 'ariadne-id', extensionOrigin: 'chrome-extension://ariadne-id/' };
const sidePanel: MessageSenderInfo = { id: 'ariadne-id', url: 'chrome-extension://ariadne-id/sidepanel.html' };
const contentOn = (url: string): MessageSenderInfo => ({ id: 'ariadne-id', url, tab: { id: 7 } });

const capture = (url: string) => ({ url, title: 'A page', text: 'Some text.', capturedAt: 1_700_000_000_000 });

function makeRouter() {
  const calls: string[] = [];
  const handlers: Handlers = {
    'tool.call': async (req, sender) => {
      calls.push(`tool:${req.tool}:${sender.kind}`);
      if (req.tool === 'entity_get') throw new NotFoundError('No entity named "Nope".');
      return { echoed: req.arguments };
    },
    'page.captured': async (req, sender) => {
      calls.push(`capture:${req.capture.url}:${sender.kind}:${req.capture.entities.length}`);
      return { captureId: `c_${'0'.repeat(32)}`, duplicate: false };
    },
    'capture.status': async () => ({ pending: 0, failed: 0, ingested: 3 }),
    'capture.retry': async (req) => ({ captureId: req.captureId }),
    'capture.discard': async (req) => ({ captureId: req.captureId }),
    'capture.gaveUp': async () => ({ recorded: true }),
    'capture.started': async () => ({ watched: true }),
    'llm.read': async (req) => ({ queued: true, url: req.url }),
    'llm.status': async () => ({ enabled: false, queued: 0, done: 0, failed: 0, skipped: 0, tokensToday: 0, recent: [] }),
    'llm.forget': async () => ({ pages: 0, evidenceRemoved: 0, relationshipsRemoved: 0, entitiesRemoved: 0, workspaces: [] }),
    'page.recapture': async () => ({ status: 'refused', reason: 'not in this test' }),
    'team.status': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
    'team.link': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
    'team.unlink': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
    'team.sync': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
  };
  return { route: createRouter(handlers, policy), calls };
}

describe('message router', () => {
  it('routes a tool call from an extension page and wraps the result', async () => {
    const { route, calls } = makeRouter();
    const reply = await route({ type: 'tool.call', tool: 'entity_search', arguments: { query: 'stri' } }, sidePanel);
    expect(reply).toEqual({ ok: true, result: { echoed: { query: 'stri' } } });
    expect(calls).toEqual(['tool:entity_search:extension']);
  });

  it('turns a thrown AriadneError into { ok: false, error } with its code', async () => {
    const { route } = makeRouter();
    const reply = await route({ type: 'tool.call', tool: 'entity_get', arguments: {} }, sidePanel);
    expect(reply).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('rejects unknown message types and malformed fields as invalid_arguments, naming the field', async () => {
    const { route, calls } = makeRouter();
    expect(await route({ type: 'graph.drop' }, sidePanel)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    const bad = await route({ type: 'tool.call', tool: 'Entity Search!' }, sidePanel);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(bad.ok ? '' : bad.error.message).toContain('tool');
    expect(await route('not an object', sidePanel)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(calls).toEqual([]);
  });

  it('content scripts may send their own page capture, validated field by field', async () => {
    const { route, calls } = makeRouter();
    const ok = await route({ type: 'page.captured', capture: capture('https://example.test/a') }, contentOn('https://example.test/a'));
    expect(ok).toMatchObject({ ok: true });
    const tooLong = { ...capture('https://example.test/a'), title: 'x'.repeat(5000) };
    expect(await route({ type: 'page.captured', capture: tooLong }, contentOn('https://example.test/a'))).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(calls).toEqual(['capture:https://example.test/a:content:0']);
  });

  it('a capture whose structured data breaks the contract keeps its page: the data is dropped with a note', async () => {
    const received: unknown[] = [];
    const route = createRouter(
      {
        'tool.call': async () => ({}),
        'page.captured': async (req) => {
          received.push(req.capture);
          return { captureId: `c_${'0'.repeat(32)}`, duplicate: false };
        },
        'capture.status': async () => ({ pending: 0, failed: 0, ingested: 0 }),
        'capture.retry': async (req) => ({ captureId: req.captureId }),
        'capture.discard': async (req) => ({ captureId: req.captureId }),
        'capture.gaveUp': async () => ({ recorded: true }),
        'capture.started': async () => ({ watched: true }),
        'llm.read': async (req) => ({ queued: true, url: req.url }),
        'llm.status': async () => ({ enabled: false, queued: 0, done: 0, failed: 0, skipped: 0, tokensToday: 0, recent: [] }),
        'llm.forget': async () => ({ pages: 0, evidenceRemoved: 0, relationshipsRemoved: 0, entitiesRemoved: 0, workspaces: [] }),
        'page.recapture': async () => ({ status: 'refused', reason: 'not in this test' }),
        'team.status': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
        'team.link': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
        'team.unlink': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
        'team.sync': async () => Promise.reject(new AriadneError('unavailable', 'not in this test')),
      },
      policy,
    );
    const hostile = { ...capture('https://example.test/a'), entities: [{ ref: 'x', name: 'X', type: 'weapon', origin: 'json-ld' }] };
    expect(await route({ type: 'page.captured', capture: hostile }, contentOn('https://example.test/a'))).toMatchObject({ ok: true });
    expect(received).toMatchObject([
      { url: 'https://example.test/a', entities: [], notes: [expect.stringMatching(/^structured data dropped/)] },
    ]);
  });

  it('content scripts may not call tools or read status (forbidden)', async () => {
    const { route, calls } = makeRouter();
    const sender = contentOn('https://evil.test/');
    expect(await route({ type: 'tool.call', tool: 'entity_add', arguments: { name: 'X', entity_type: 'company' } }, sender)).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await route({ type: 'capture.status' }, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // A web page may not retry or discard the user's parked captures either.
    for (const type of ['capture.retry', 'capture.discard'] as const) {
      expect(await route({ type, captureId: `c_${'1'.repeat(32)}` }, sender)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(calls).toEqual([]);
  });

  it('a content script may not send another origin’s capture', async () => {
    const { route, calls } = makeRouter();
    const reply = await route({ type: 'page.captured', capture: capture('https://bank.test/account') }, contentOn('https://evil.test/'));
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toEqual([]);
  });

  it('refuses other extensions and senders without a tab or extension URL', async () => {
    const { route } = makeRouter();
    const msg = { type: 'capture.status' };
    expect(await route(msg, { id: 'other-extension', url: 'chrome-extension://other-extension/x.html' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await route(msg, { id: 'ariadne-id' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await route(msg, { url: 'https://example.test/', tab: { id: 1 } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('the typed client returns results and throws the background’s error code', async () => {
    const { route } = makeRouter();
    const transport = (message: unknown) => route(message, sidePanel);
    expect(await sendMessage({ type: 'capture.status' }, transport)).toEqual({ pending: 0, failed: 0, ingested: 3 });
    await expect(sendMessage({ type: 'tool.call', tool: 'entity_get', arguments: {} }, transport)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(sendMessage({ type: 'capture.status' }, async () => ({ nonsense: true }))).rejects.toMatchObject({ code: 'internal' });
    await expect(sendMessage({ type: 'capture.status' }, async () => Promise.reject(new Error('no receiver')))).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});
