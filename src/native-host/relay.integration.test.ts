/**
 * The Node half of the bridge, end to end in one process: an MCP client (the SDK's
 * `Client`) → our MCP server → a real Unix socket → our native host → a framed stdio
 * pair standing in for Chromium, answered by a small scripted extension.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { framedChannel } from './channel';
import { ChunkAssembler } from './chunks';
import { MAX_TO_BROWSER_BYTES } from './framing';
import { connectToSocket } from './socket';
import { startNativeHost, type NativeHost } from './host';
import { createMcpBridge, type McpBridge, type ToolsCache } from './mcp-server';
import { type BridgeTool, type HostMessage, hostMessageSchema } from './wire';

const searchTool: BridgeTool = {
  name: 'entity_search',
  description: 'Search entities by name.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};
const echoTool: BridgeTool = { ...searchTool, name: 'echo', description: 'Echo the arguments.' };

/** A scripted stand-in for the extension's service worker, on the far side of stdio. */
function fakeExtension() {
  const toHost = new PassThrough();
  const fromHost = new PassThrough();
  const browserSide = framedChannel(fromHost, toHost);
  const hostSide = framedChannel(toHost, fromHost, { maxOutBytes: MAX_TO_BROWSER_BYTES });
  const received: HostMessage[] = [];
  const assembler = new ChunkAssembler();
  browserSide.onMessage((raw) => {
    let message = hostMessageSchema.parse(raw);
    if (message.type === 'chunk') {
      const whole = assembler.accept(message);
      if (whole === undefined) return;
      message = hostMessageSchema.parse(whole);
    }
    received.push(message);
    if (message.type !== 'call') return;
    if (message.tool === 'echo') {
      browserSide.send({
        type: 'result',
        callId: message.callId,
        outcome: { ok: true, text: JSON.stringify({ client: message.client.name, arguments: message.arguments }) },
      });
    } else if (message.tool !== 'slow') {
      browserSide.send({
        type: 'result',
        callId: message.callId,
        outcome: { ok: false, error: { code: 'not_found', message: `no tool ${message.tool}` } },
      });
    }
  });
  return {
    hostSide,
    received,
    hello: (tools: BridgeTool[]) => browserSide.send({ type: 'hello', protocol: 1, extensionVersion: '0.1.0', tools }),
    close: () => {
      toHost.end();
      browserSide.close();
    },
  };
}

function memoryCache(): ToolsCache & { value?: BridgeTool[] } {
  const cache: ToolsCache & { value?: BridgeTool[] } = {
    read: async () => cache.value,
    write: async (tools) => {
      cache.value = [...tools];
    },
  };
  return cache;
}

describe('MCP server ⇄ socket ⇄ native host', () => {
  let dir: string;
  let socketFile: string;
  let bridge: McpBridge;
  let client: Client;
  let cache: ReturnType<typeof memoryCache>;
  const hosts: { host: NativeHost; extension: ReturnType<typeof fakeExtension> }[] = [];

  const startBrowser = async (tools: BridgeTool[] = [searchTool, echoTool]) => {
    const extension = fakeExtension();
    const host = await startNativeHost({ browser: extension.hostSide, socketPath: socketFile, pid: 4242, log: () => {} });
    extension.hello(tools);
    hosts.push({ host, extension });
    return { host, extension };
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ariadne-relay-'));
    socketFile = path.join(dir, 'run', 'p-test.sock');
    cache = memoryCache();
    bridge = createMcpBridge({
      socketPath: async () => socketFile,
      version: 'test',
      log: () => {},
      cache,
      connectGraceMs: 400,
      pollMs: 50,
    });
    client = new Client({ name: 'relay-test-agent', version: '1.2.3' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([bridge.server.connect(serverTransport), client.connect(clientTransport)]);
  });

  afterEach(async () => {
    await client.close();
    await bridge.close();
    for (const { extension, host } of hosts.splice(0)) {
      extension.close();
      await host.done;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('lists the catalogue the extension sent, with its annotations', async () => {
    await startBrowser();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['entity_search', 'echo']);
    expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['query'] });
  });

  it('forwards a call with the agent identity and returns the text result', async () => {
    const { extension } = await startBrowser();
    const result = await client.callTool({ name: 'echo', arguments: { query: 'Stripe' } });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify({ client: 'relay-test-agent', arguments: { query: 'Stripe' } }) },
    ]);
    expect(extension.received.some((m) => m.type === 'client' && m.event === 'connected' && m.client.name === 'relay-test-agent')).toBe(
      true,
    );
  });

  it('turns a registry error into an MCP tool error carrying the code', async () => {
    await startBrowser();
    const result = await client.callTool({ name: 'entity_nope', arguments: {} });
    expect(result.isError).toBe(true);
    expect(errorOf(result)).toEqual({ code: 'not_found', message: 'no tool entity_nope' });
  });

  it('answers "browser not running" when no host listens, and works once the browser starts', async () => {
    const early = await client.callTool({ name: 'echo', arguments: {} });
    expect(early.isError).toBe(true);
    expect(errorOf(early)).toMatchObject({ code: 'unavailable', message: expect.stringContaining('browser is not running') });
    await expect(client.listTools()).rejects.toThrow(/browser is not running/);

    await startBrowser();
    const late = await client.callTool({ name: 'echo', arguments: { n: 1 } });
    expect(late.isError).toBeFalsy();
  });

  it('lists the cached catalogue while the browser is closed', async () => {
    const { extension, host } = await startBrowser();
    await client.listTools();
    extension.close();
    await host.done;
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['entity_search', 'echo']);
  });

  it('survives the host dying: the next call reaches the new host', async () => {
    const first = await startBrowser();
    expect((await client.callTool({ name: 'echo', arguments: {} })).isError).toBeFalsy();
    first.extension.close();
    await first.host.done;
    await startBrowser();
    const after = await client.callTool({ name: 'echo', arguments: { again: true } });
    expect(after.isError).toBeFalsy();
  });

  it('notifies the client when the catalogue changes', async () => {
    const { extension } = await startBrowser([searchTool]);
    await client.listTools();
    let notified = false;
    client.fallbackNotificationHandler = async (n) => {
      if (n.method === 'notifications/tools/list_changed') notified = true;
    };
    extension.hello([searchTool, echoTool]);
    await expect.poll(() => notified).toBe(true);
    expect((await client.listTools()).tools).toHaveLength(2);
  });

  it('splits arguments above 1 MiB into chunks the extension reassembles', async () => {
    await startBrowser();
    const big = 'ü'.repeat(700_000); // 1.4 MB as UTF-8
    const result = await client.callTool({ name: 'echo', arguments: { big } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result)).arguments.big).toBe(big);
  });

  it('refuses arguments above the 16 MiB the extension would reassemble, without sending them', async () => {
    const { extension } = await startBrowser();
    // Straight onto the socket: the MCP SDK's own parsing of 17 MB would dominate the test.
    const raw = await connectToSocket(socketFile, 1_000);
    const answer = new Promise<unknown>((resolve) => raw.onMessage((m) => (m as { type: string }).type === 'result' && resolve(m)));
    raw.send({ type: 'call', id: 1, tool: 'echo', arguments: { big: 'x'.repeat(17 * 1024 * 1024) } });
    expect(await answer).toMatchObject({ type: 'result', id: 1, outcome: { ok: false, error: { code: 'invalid_arguments' } } });
    raw.close();
    expect(extension.received.filter((m) => m.type === 'call')).toHaveLength(0);
  });

  it('keeps the socket private to the user (mode 0600) and removes it when the browser leaves', async () => {
    const { extension, host } = await startBrowser();
    expect((await stat(socketFile)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(socketFile))).mode & 0o777).toBe(0o700);
    extension.close();
    await host.done;
    await expect(stat(socketFile)).rejects.toThrow();
  });

  it('cancels the calls of an agent that disconnects before the answer', async () => {
    const extension = fakeExtension();
    const host = await startNativeHost({ browser: extension.hostSide, socketPath: socketFile, pid: 1, log: () => {} });
    hosts.push({ host, extension });
    extension.hello([searchTool]);
    await client.listTools();
    const silent = createMcpBridge({ socketPath: async () => socketFile, version: 'test', log: () => {}, connectGraceMs: 400 });
    const other = new Client({ name: 'leaving-agent', version: '1' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([silent.server.connect(b), other.connect(a)]);
    void other.callTool({ name: 'slow', arguments: {} }).catch(() => undefined);
    await expect.poll(() => extension.received.some((m) => m.type === 'call' && m.tool === 'slow')).toBe(true);
    await other.close();
    await silent.close();
    await expect.poll(() => extension.received.some((m) => m.type === 'cancel')).toBe(true);
    expect(extension.received.some((m) => m.type === 'client' && m.event === 'disconnected' && m.client.name === 'leaving-agent')).toBe(
      true,
    );
  });
});

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return content[0]?.text ?? '';
}
function errorOf(result: unknown): unknown {
  return (JSON.parse(textOf(result)) as { error: unknown }).error;
}
