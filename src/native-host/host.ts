/**
 * The native messaging host: Chromium starts it when the extension calls
 * `connectNative`, talks to it over stdin/stdout (framed), and closes stdin when the
 * port closes. The host opens the profile's socket and relays between the MCP
 * servers connected there and the extension:
 *
 *   agent call {id}  →  call {callId: "<conn>:<id>", client}  →  worker
 *   agent ← result {id}  ←  result {callId}  ←  worker
 *
 * stdout carries frames only (anything else breaks the channel); logs go to a file.
 */
import { AriadneError, toErrorShape } from '../core/errors';
import type { FramedChannel } from './channel';
import { MAX_ASSEMBLED_CHARS, splitMessage } from './chunks';
import { MAX_TO_BROWSER_BYTES } from './framing';
import { listenOnSocket, type SocketServerHandle } from './socket';
import {
  agentMessageSchema,
  BRIDGE_PROTOCOL_VERSION,
  type BridgeClient,
  type BridgeTool,
  type HostMessage,
  type HostToAgent,
  workerMessageSchema,
} from './wire';

/** Calls one agent may have in flight; more is a runaway loop, refused. */
const MAX_PENDING_PER_CONNECTION = 64;

export interface NativeHostOptions {
  /** The framed stdin/stdout channel with Chromium. */
  readonly browser: FramedChannel;
  readonly socketPath: string;
  readonly pid: number;
  readonly log: (line: string) => void;
}

export interface NativeHost {
  /** Resolves once Chromium closed the channel and the socket is cleaned up. */
  readonly done: Promise<void>;
  readonly socket: SocketServerHandle;
}

interface Connection {
  readonly id: string;
  readonly channel: FramedChannel;
  client?: BridgeClient;
  readonly pending: Set<string>;
}

/**
 * Starts relaying. The socket is opened at once, so agents can connect while the
 * extension is still sending its catalogue.
 *
 * @example
 *   const browser = framedChannel(process.stdin, process.stdout, { maxOutBytes: MAX_TO_BROWSER_BYTES });
 *   const host = await startNativeHost({ browser, socketPath, pid: process.pid, log });
 *   await host.done;
 */
export async function startNativeHost(options: NativeHostOptions): Promise<NativeHost> {
  const { browser, log } = options;
  const connections = new Map<string, Connection>();
  const routes = new Map<string, { connection: Connection; id: number }>();
  let tools: readonly BridgeTool[] | undefined;
  let nextConnection = 0;

  const toBrowser = (message: HostMessage, chunkId: string): void => {
    for (const part of splitMessage(message, chunkId, MAX_TO_BROWSER_BYTES)) browser.send(part);
  };
  const reply = (connection: Connection, message: HostToAgent): void => {
    connection.channel.send(message);
  };

  const onAgentMessage = (connection: Connection, raw: unknown): void => {
    const parsed = agentMessageSchema.safeParse(raw);
    if (!parsed.success) {
      log(`${connection.id}: dropping a malformed message`);
      return;
    }
    const message = parsed.data;
    if (message.type === 'hello') {
      if (message.protocol !== BRIDGE_PROTOCOL_VERSION) {
        log(`${connection.id}: protocol ${message.protocol} is not ${BRIDGE_PROTOCOL_VERSION}; closing`);
        connection.channel.close();
        return;
      }
      connection.client = { connectionId: connection.id, ...message.client };
      toBrowser({ type: 'client', event: 'connected', client: connection.client }, `${connection.id}:hello`);
      return;
    }
    const failWith = (error: AriadneError): void =>
      reply(connection, { type: 'result', id: message.id, outcome: { ok: false, error: error.toShape() } });
    if (connection.pending.size >= MAX_PENDING_PER_CONNECTION) {
      failWith(
        new AriadneError('unavailable', `More than ${MAX_PENDING_PER_CONNECTION} calls are waiting; wait for answers before sending more.`),
      );
      return;
    }
    if ((JSON.stringify(message.arguments) ?? '').length > MAX_ASSEMBLED_CHARS) {
      failWith(
        new AriadneError(
          'invalid_arguments',
          `The arguments of ${message.tool} exceed ${MAX_ASSEMBLED_CHARS} characters; send less data per call.`,
        ),
      );
      return;
    }
    const callId = `${connection.id}:${message.id}`;
    if (routes.has(callId)) {
      failWith(new AriadneError('conflict', `Call id ${message.id} is already in flight on this connection.`));
      return;
    }
    const client = connection.client ?? { connectionId: connection.id, name: 'unknown', version: '0' };
    // Route first: the answer may come back before `send` returns.
    routes.set(callId, { connection, id: message.id });
    connection.pending.add(callId);
    try {
      toBrowser({ type: 'call', callId, client, tool: message.tool, arguments: message.arguments }, callId);
    } catch (error) {
      routes.delete(callId);
      connection.pending.delete(callId);
      reply(connection, { type: 'result', id: message.id, outcome: { ok: false, error: toErrorShape(error) } });
    }
  };

  const socket = await listenOnSocket(
    options.socketPath,
    (channel) => {
      nextConnection += 1;
      const connection: Connection = { id: `c${nextConnection}`, channel, pending: new Set() };
      connections.set(connection.id, connection);
      log(`${connection.id}: agent connected`);
      if (tools !== undefined) reply(connection, { type: 'tools', tools: [...tools] });
      channel.onMessage((raw) => onAgentMessage(connection, raw));
      channel.onClose(() => {
        connections.delete(connection.id);
        log(`${connection.id}: agent disconnected`);
        for (const callId of connection.pending) {
          routes.delete(callId);
          browser.send({ type: 'cancel', callId });
        }
        if (connection.client) browser.send({ type: 'client', event: 'disconnected', client: connection.client });
      });
    },
    log,
  );

  browser.onMessage((raw) => {
    const parsed = workerMessageSchema.safeParse(raw);
    if (!parsed.success) {
      log('dropping a malformed message from the extension');
      return;
    }
    const message = parsed.data;
    if (message.type === 'hello') {
      if (message.protocol !== BRIDGE_PROTOCOL_VERSION)
        log(`extension speaks protocol ${message.protocol}, host ${BRIDGE_PROTOCOL_VERSION}`);
      tools = message.tools;
      log(`extension ${message.extensionVersion} offers ${tools.length} tools`);
      for (const connection of connections.values()) reply(connection, { type: 'tools', tools: [...tools] });
      return;
    }
    const route = routes.get(message.callId);
    if (route === undefined) return; // the agent left meanwhile
    routes.delete(message.callId);
    route.connection.pending.delete(message.callId);
    reply(route.connection, { type: 'result', id: route.id, outcome: message.outcome });
  });

  const done = new Promise<void>((resolve) => {
    browser.onClose((error) => {
      log(error ? `browser channel failed: ${error.message}` : 'browser closed the channel');
      void socket.close().then(resolve, resolve);
    });
  });
  browser.send({ type: 'ready', protocol: BRIDGE_PROTOCOL_VERSION, pid: options.pid, socketPath: options.socketPath });
  log(`listening at ${options.socketPath}`);
  return { done, socket };
}
