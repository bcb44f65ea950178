// The question port end to end in Node: the panel's askBackground talks to the
// background's serveQuestions over a pair of in-memory ports, and the answer comes from
// the real registry's entity_query over a real graph.
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../core/errors';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { InMemoryGraphStore } from '../core/graph/memory-store';
import { GraphService } from '../core/graph/service';
import { NameIndex } from '../core/search/name-index';
import { createRegistry } from '../core/tools';
import { askBackground } from '../messaging/ask-client';
import type { AskPort } from '../messaging/ask-client';
import { ASK_PORT_NAME } from '../messaging/ask-protocol';
import { serveQuestions } from './ask-port';
import type { PortLike } from './bridge/native-bridge';

const EXTENSION = { id: 'ariadne-id', origin: 'chrome-extension://ariadne-id/' };

type Listener<T> = (value: T) => void;
function channel<T>() {
  const listeners: Listener<T>[] = [];
  return { addListener: (l: Listener<T>) => void listeners.push(l), emit: (value: T) => listeners.forEach((l) => l(value)) };
}

/** Two connected ends of a runtime port, delivering in a later task as Chromium's IPC does. */
const later = (fn: () => void): void => void setTimeout(fn, 0);
function portPair(name: string, senderUrl: string): { panel: AskPort; background: PortLike; sent: unknown[] } {
  const toPanel = channel<unknown>();
  const toBackground = channel<unknown>();
  const panelClosed = channel<undefined>();
  const backgroundClosed = channel<undefined>();
  const sent: unknown[] = [];
  let open = true;
  const close = (other: ReturnType<typeof channel<undefined>>) => () => {
    if (!open) return;
    open = false;
    later(() => other.emit(undefined));
  };
  const panel: AskPort = {
    postMessage: (m) => void (open && later(() => toBackground.emit(m))),
    disconnect: close(backgroundClosed),
    onMessage: { addListener: toPanel.addListener },
    onDisconnect: { addListener: (l) => panelClosed.addListener(() => l()) },
  };
  const background: PortLike = {
    name,
    sender: { id: EXTENSION.id, url: senderUrl },
    postMessage: (m) => {
      sent.push(m);
      if (open) later(() => toPanel.emit(m));
    },
    disconnect: close(panelClosed),
    onMessage: { addListener: toBackground.addListener },
    onDisconnect: { addListener: (l) => backgroundClosed.addListener(() => l()) },
  };
  return { panel, background, sent };
}

async function world(senderUrl = `${EXTENSION.origin}sidepanel.html`) {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  const stripe = await graph.createEntity({ name: 'Stripe', type: 'company', attributes: { founded: '2010' } });
  const patrick = await graph.createEntity({ name: 'Patrick Collison', type: 'person' });
  await graph.relate(stripe.id, 'founded_by', patrick.id);
  const connect = channel<PortLike>();
  serveQuestions({
    tools: createRegistry({ graph, store, search }),
    runtime: { onConnect: connect.addListener, extensionId: EXTENSION.id, extensionOrigin: EXTENSION.origin },
  });
  const opened: ReturnType<typeof portPair>[] = [];
  const open = (name: string): AskPort => {
    const pair = portPair(name, senderUrl);
    opened.push(pair);
    connect.emit(pair.background);
    return pair.panel;
  };
  return { open, opened };
}

function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'ok',
    (e: unknown) => (e instanceof AriadneError ? e.code : `not AriadneError: ${String(e)}`),
  );
}

describe('the question port', () => {
  it('answers in the background from the graph, streaming the answer text before the result', async () => {
    const { open } = await world();
    const tokens: string[] = [];
    const result = await askBackground('who founded Stripe?', { onToken: (t) => tokens.push(t) }, open);
    expect(result.answer).toContain('Patrick Collison');
    expect(result.sources?.map((s) => s.name)).toContain('Stripe');
    expect(tokens.join('')).toContain('Patrick Collison');
  });

  it('refuses a page that is not the extension’s own: the port is closed unanswered', async () => {
    const { open, opened } = await world('https://evil.example/');
    expect(await codeOf(askBackground('who founded Stripe?', {}, open))).toBe('unavailable');
    expect(opened[0]?.sent).toEqual([]);
  });

  it('answers a malformed question with invalid_arguments', async () => {
    const { open } = await world();
    expect(await codeOf(askBackground('', {}, open))).toBe('invalid_arguments');
    expect(await codeOf(askBackground('x'.repeat(2001), {}, open))).toBe('invalid_arguments');
  });

  it('a cancelled question closes its port, and nothing is posted after it closed', async () => {
    const { open, opened } = await world();
    const controller = new AbortController();
    const asked = askBackground('who founded Stripe?', { signal: controller.signal }, open);
    controller.abort();
    expect(await codeOf(asked)).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened[0]?.sent).toEqual([]);
    expect(ASK_PORT_NAME).toBe('ariadne.ask');
  });
});
