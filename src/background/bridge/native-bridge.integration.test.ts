/**
 * The whole bridge minus Chromium: a real ToolRegistry behind the extension's bridge,
 * a stand-in for Chromium's native port (two framed streams, as Chromium frames them),
 * the real native host on a real Unix socket, our MCP server, and the SDK's Client.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fixedClock } from '../../core/graph/ids';
import { defineTool, ToolRegistry } from '../../core/tools/registry';
import { framedChannel } from '../../native-host/channel';
import { MAX_TO_BROWSER_BYTES } from '../../native-host/framing';
import { startNativeHost, type NativeHost } from '../../native-host/host';
import { createMcpBridge, type McpBridge } from '../../native-host/mcp-server';
import { BRIDGE_PORT_NAME, type BridgeSettings, type BridgeState, bridgeToPanelSchema } from '../../native-host/panel-protocol';
import { type BridgeRuntime, createNativeBridge, type NativeBridgeHandle, type PortLike } from './native-bridge';

interface Notes {
  readonly items: string[];
}
const noteAdd = defineTool({
  name: 'note_add',
  description: 'Adds a note.',
  sideEffectClass: 'side-effecting',
  inputSchema: z.object({ text: z.string().min(1) }),
  outputSchema: z.object({ count: z.number() }),
  examples: [{ input: { text: 'a' }, output: { count: 1 } }],
  execute: async ({ text }, ctx: { deps: Notes }) => {
    ctx.deps.items.push(text);
    return { count: ctx.deps.items.length };
  },
});
const noteSearch = defineTool({
  name: 'note_search',
  description: 'Finds notes.',
  sideEffectClass: 'read-only',
  maxResultTokens: 200,
  inputSchema: z.object({ query: z.string() }),
  outputSchema: z.object({ notes: z.array(z.string()) }),
  examples: [{ input: { query: 'a' }, output: { notes: [] } }],
  execute: async ({ query }, ctx: { deps: Notes }) => ({ notes: ctx.deps.items.filter((n) => n.includes(query)) }),
});
const secret = defineTool({ ...noteSearch, name: 'capture_internal', internal: true });

/** Chromium's side of `connectNative`: launches "the host" and frames both ways. */
function chromiumStandIn(socketFile: string) {
  const hosts: { host: NativeHost; kill: () => void }[] = [];
  const starting: Promise<void>[] = [];
  const panelListeners: ((port: PortLike) => void)[] = [];
  let lastError: string | undefined;
  let installed = true;
  const runtime: BridgeRuntime = {
    connectNative: () => {
      const toHost = new PassThrough();
      const fromHost = new PassThrough();
      const extensionSide = framedChannel(fromHost, toHost);
      const messageListeners: ((m: unknown) => void)[] = [];
      const disconnectListeners: (() => void)[] = [];
      extensionSide.onMessage((m) => messageListeners.forEach((l) => l(m)));
      extensionSide.onClose(() => queueMicrotask(() => disconnectListeners.forEach((l) => l())));
      if (!installed) {
        lastError = 'Specified native messaging host not found.';
        toHost.end();
        fromHost.end();
      } else {
        const browserChannel = framedChannel(toHost, fromHost, { maxOutBytes: MAX_TO_BROWSER_BYTES });
        starting.push(
          startNativeHost({ browser: browserChannel, socketPath: socketFile, pid: hosts.length + 1, log: () => {} }).then((host) => {
            hosts.push({
              host,
              kill: () => {
                toHost.end();
                fromHost.end();
              },
            });
          }),
        );
      }
      return {
        name: 'native',
        postMessage: (m: unknown) => void extensionSide.send(m),
        disconnect: () => toHost.end(),
        onMessage: { addListener: (l) => void messageListeners.push(l) },
        onDisconnect: { addListener: (l) => void disconnectListeners.push(l) },
      };
    },
    lastErrorMessage: () => lastError,
    onConnect: (listener) => void panelListeners.push(listener),
    extensionId: 'eebibmahgbadobamlhmdgblmbhkkjnkj',
    extensionOrigin: 'chrome-extension://eebibmahgbadobamlhmdgblmbhkkjnkj/',
  };
  /** Opens the side panel's port, as `runtime.connect({ name })` from sidepanel.html. */
  const openPanel = (url = 'chrome-extension://eebibmahgbadobamlhmdgblmbhkkjnkj/sidepanel.html') => {
    const states: BridgeState[] = [];
    const toBridge: ((m: unknown) => void)[] = [];
    let disconnected = false;
    const port: PortLike = {
      name: BRIDGE_PORT_NAME,
      sender: { id: 'eebibmahgbadobamlhmdgblmbhkkjnkj', url },
      postMessage: (m) => states.push(bridgeToPanelSchema.parse(m).state),
      disconnect: () => {
        disconnected = true;
      },
      onMessage: { addListener: (l) => void toBridge.push(l) },
      onDisconnect: { addListener: () => undefined },
    };
    panelListeners.forEach((l) => l(port));
    return {
      states,
      latest: () => states[states.length - 1],
      send: (m: unknown) => toBridge.forEach((l) => l(m)),
      get disconnected() {
        return disconnected;
      },
    };
  };
  return {
    runtime,
    hosts,
    starting,
    openPanel,
    setInstalled: (value: boolean) => {
      installed = value;
      lastError = undefined;
    },
  };
}

describe('extension bridge ⇄ host ⇄ MCP server, with a real registry', () => {
  let dir: string;
  let socketFile: string;
  let chromium: ReturnType<typeof chromiumStandIn>;
  let bridge: NativeBridgeHandle;
  let mcp: McpBridge;
  let client: Client;
  let saved: BridgeSettings[];
  let notes: Notes;

  const start = async (settings: BridgeSettings = { enabled: true, grants: [] }) => {
    notes = { items: ['Stripe is a payments company'] };
    const registry = new ToolRegistry<Notes>({ deps: notes });
    registry.register(noteAdd);
    registry.register(noteSearch);
    registry.register(secret);
    bridge = createNativeBridge({
      tools: registry,
      runtime: chromium.runtime,
      settings: { load: async () => settings, save: async (s) => void saved.push(s) },
      clock: fixedClock(),
      extensionVersion: '0.1.0',
      approvalTimeoutMs: 300,
    });
    await bridge.ready;
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ariadne-bridge-'));
    socketFile = path.join(dir, 'p.sock');
    chromium = chromiumStandIn(socketFile);
    saved = [];
    mcp = createMcpBridge({ socketPath: async () => socketFile, version: 'test', log: () => {}, connectGraceMs: 1_500, pollMs: 50 });
    client = new Client({ name: 'claude-code', version: '2.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([mcp.server.connect(b), client.connect(a)]);
  });

  afterEach(async () => {
    await client.close();
    await mcp.close();
    await Promise.all(chromium.starting);
    await bridge?.setEnabled(false);
    for (const { host } of chromium.hosts) await host.done;
    await rm(dir, { recursive: true, force: true });
  });

  const approveNext = async (panel: ReturnType<ReturnType<typeof chromiumStandIn>['openPanel']>, decision: 'once' | 'always' | 'deny') => {
    await expect.poll(() => panel.latest()?.pending.length ?? 0).toBeGreaterThan(0);
    panel.send({ type: 'decide', id: panel.latest()?.pending[0]?.id, decision });
  };

  it('is off by default: no port is opened until the user turns it on', async () => {
    await start({ enabled: false, grants: [] });
    expect(bridge.state().status).toBe('off');
    const call = await client.callTool({ name: 'note_search', arguments: { query: 'x' } });
    expect(call.isError).toBe(true);
    const panel = chromium.openPanel();
    panel.send({ type: 'setEnabled', enabled: true });
    await expect.poll(() => bridge.state().status).toBe('connected');
    expect(saved.at(-1)?.enabled).toBe(true);
    expect((await client.callTool({ name: 'note_search', arguments: { query: 'Stripe' } })).isError).toBeFalsy();
  });

  it('lists the registry tools except internal ones, with annotations', async () => {
    await start();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['note_add', 'note_search']);
    expect(tools.find((t) => t.name === 'note_search')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'note_add')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it('runs a read at once and reports the client as connected', async () => {
    await start();
    const panel = chromium.openPanel();
    const result = await client.callTool({ name: 'note_search', arguments: { query: 'Stripe' } });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ notes: ['Stripe is a payments company'] }) }]);
    await expect.poll(() => panel.latest()?.clients.map((c) => c.name)).toEqual(['claude-code']);
  });

  it('holds a write until the panel approves it once', async () => {
    await start();
    const panel = chromium.openPanel();
    const call = client.callTool({ name: 'note_add', arguments: { text: 'Adyen competes with Stripe' } });
    await approveNext(panel, 'once');
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(notes.items).toContain('Adyen competes with Stripe');
    expect(panel.latest()?.pending).toEqual([]);
  });

  it('a denied write fails with approval_denied and changes nothing', async () => {
    await start();
    const panel = chromium.openPanel();
    const call = client.callTool({ name: 'note_add', arguments: { text: 'nope' } });
    await approveNext(panel, 'deny');
    const result = await call;
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result)).error.code).toBe('approval_denied');
    expect(notes.items).not.toContain('nope');
  });

  it('an unanswered write times out with a clear error', async () => {
    await start();
    const result = await client.callTool({ name: 'note_add', arguments: { text: 'late' } });
    expect(JSON.parse(textOf(result)).error).toMatchObject({ code: 'timeout', message: expect.stringContaining('side panel') });
    expect(notes.items).not.toContain('late');
  });

  it('"always for this client" lets the next write through and is persisted', async () => {
    await start();
    const panel = chromium.openPanel();
    const first = client.callTool({ name: 'note_add', arguments: { text: 'one' } });
    await approveNext(panel, 'always');
    expect((await first).isError).toBeFalsy();
    expect(saved.at(-1)?.grants).toMatchObject([{ client: 'claude-code', tool: 'note_add' }]);
    expect((await client.callTool({ name: 'note_add', arguments: { text: 'two' } })).isError).toBeFalsy();
    expect(notes.items).toEqual(expect.arrayContaining(['one', 'two']));
  });

  it('invalid arguments are refused by the registry without bothering the user', async () => {
    await start();
    const result = await client.callTool({ name: 'note_add', arguments: { text: '' } });
    expect(JSON.parse(textOf(result)).error.code).toBe('invalid_arguments');
    expect(bridge.state().pending).toEqual([]);
  });

  it('internal and unknown tools are not_found from outside', async () => {
    await start();
    for (const name of ['capture_internal', 'nope']) {
      const result = await client.callTool({ name, arguments: { query: 'x' } });
      const error = JSON.parse(textOf(result)).error;
      expect(error.code).toBe('not_found');
      expect(error.message).toMatch(/Available: note_add, note_search\.$/);
    }
  });

  it('results respect maxResultTokens', async () => {
    await start();
    notes.items.push(...Array.from({ length: 200 }, (_, i) => `Stripe note number ${i} with some padding text`));
    const result = await client.callTool({ name: 'note_search', arguments: { query: 'Stripe' } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result).length / 4).toBeLessThanOrEqual(200);
  });

  it('reconnects with backoff after the host dies; the next call succeeds', async () => {
    await start();
    expect((await client.callTool({ name: 'note_search', arguments: { query: 'S' } })).isError).toBeFalsy();
    await expect.poll(() => chromium.hosts.length).toBe(1);
    chromium.hosts[0]?.kill();
    await expect.poll(() => chromium.hosts.length).toBe(2);
    const after = await client.callTool({ name: 'note_search', arguments: { query: 'S' } });
    expect(after.isError).toBeFalsy();
  });

  it('says how to fix a missing host, and keeps retrying', async () => {
    chromium.setInstalled(false);
    await start();
    await expect.poll(() => bridge.state().status).toBe('waiting');
    expect(bridge.state().lastError).toMatch(/not found.*npm run mcp -- install/);
    chromium.setInstalled(true);
    await expect.poll(() => bridge.state().status, { timeout: 3_000 }).toBe('connected');
  });

  it('turning the bridge off closes the host and agents get "browser not running"', async () => {
    await start();
    await expect.poll(() => bridge.state().status).toBe('connected');
    await bridge.setEnabled(false);
    await chromium.hosts[0]?.host.done;
    const result = await client.callTool({ name: 'note_search', arguments: { query: 'x' } });
    expect(JSON.parse(textOf(result)).error.code).toBe('unavailable');
  });

  it('refuses the panel port from anything but an extension page', async () => {
    await start();
    const intruder = chromium.openPanel('https://evil.example/');
    expect(intruder.disconnected).toBe(true);
    expect(intruder.states).toEqual([]);
  });
});

function textOf(result: unknown): string {
  const content = (result as { content: { text: string }[] }).content;
  return content[0]?.text ?? '';
}
