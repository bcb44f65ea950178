/**
 * The extension's end of the MCP bridge, in the service worker. When the user has
 * turned the bridge on, it opens the native messaging port (Chromium starts the
 * host), sends the registry's catalogue, runs the calls agents make through the
 * registry as caller `mcp`, and keeps the user in charge of writes (ApprovalBook).
 * A port that closes is reopened with backoff; an open port also keeps the worker
 * alive while agents may call.
 *
 * The side panel connects a port named `ariadne.bridge` to see the state (pending
 * approvals, connected agents, grants) and to answer.
 */
import { AriadneError, NotFoundError, toErrorShape } from '../../core/errors';
import type { Clock } from '../../core/graph/ids';
import type { ApprovalHook, CallOptions } from '../../core/tools/registry';
import { ChunkAssembler } from '../../bridge/chunks';
import { NATIVE_HOST_NAME } from '../../bridge/extension-key';
import {
  BRIDGE_PORT_NAME,
  type BridgeSettings,
  bridgeSettingsSchema,
  type BridgeState,
  type ConnectedClient,
  MAX_LISTED_CLIENTS,
  panelToBridgeSchema,
} from '../../bridge/panel-protocol';
import { BRIDGE_PROTOCOL_VERSION, type BridgeClient, type HostMessage, hostMessageSchema, type WorkerMessage } from '../../bridge/wire';
import { ApprovalBook, realTimers, type Timers } from './approvals';
import { type CatalogTool, toBridgeCatalog } from './catalog';

/** First retry soon (a crashed host restarts at once), then slower up to 30 s (host not installed). */
export const BACKOFF_INITIAL_MS = 250;
export const BACKOFF_MAX_MS = 30_000;
/** Calls running at once from all agents; more is a runaway agent, refused. */
const MAX_IN_FLIGHT = 64;

/** The parts of `runtime.Port` the bridge uses (Chromium's ports satisfy it). */
export interface PortLike {
  readonly name: string;
  readonly sender?: { readonly id?: string; readonly url?: string };
  postMessage(message: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(listener: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(listener: () => void): void };
}

export interface BridgeRuntime {
  /** `runtime.connectNative`; undefined when the manifest lacks `nativeMessaging`. */
  readonly connectNative: ((application: string) => PortLike) | undefined;
  /** `runtime.lastError?.message`, read inside onDisconnect. */
  lastErrorMessage(): string | undefined;
  /** `runtime.onConnect.addListener`. */
  onConnect(listener: (port: PortLike) => void): void;
  readonly extensionId: string;
  /** `chrome-extension://<id>/`: only pages under it may open the panel port. */
  readonly extensionOrigin: string;
}

export interface SettingsStore {
  load(): Promise<unknown>;
  save(settings: BridgeSettings): Promise<void>;
}

/** What the bridge needs of the tool registry (`ToolRegistry` satisfies it). */
export interface BridgeTools {
  list(): readonly CatalogTool[];
  call(name: string, args: unknown, options: CallOptions): Promise<unknown>;
}

/** The background's single writer: writing calls queue behind ingestion. */
export interface Writer {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export interface NativeBridgeDeps {
  /** The registry, or the promise of it (the background builds it asynchronously). */
  readonly tools: BridgeTools | Promise<BridgeTools>;
  readonly writer?: Writer;
  readonly runtime: BridgeRuntime;
  readonly settings: SettingsStore;
  readonly clock: Clock;
  readonly timers?: Timers;
  readonly extensionVersion: string;
  readonly approvalTimeoutMs?: number;
  readonly log?: (line: string) => void;
}

export interface NativeBridgeHandle {
  state(): BridgeState;
  setEnabled(enabled: boolean): Promise<void>;
  /** Resolves once the saved settings were read (and the port opened if enabled). */
  readonly ready: Promise<void>;
  readonly approvals: ApprovalBook;
}

/**
 * @example
 *   // src/background/start.ts, at the end of startBackground():
 *   startNativeBridge({ tools, writer }); // index.ts fills in the Chromium runtime
 */
export function createNativeBridge(deps: NativeBridgeDeps): NativeBridgeHandle {
  const log = deps.log ?? (() => {});
  const timers = deps.timers ?? realTimers;
  const panels = new Set<PortLike>();
  const clients = new Map<string, ConnectedClient>();
  const inFlight = new Map<string, AbortController>();
  let settings: BridgeSettings = { enabled: false, grants: [] };
  let port: PortLike | undefined;
  let status: BridgeState['status'] = 'off';
  let lastError: string | undefined;
  let retryAt: number | undefined;
  let retryTimer: unknown;
  let backoff = BACKOFF_INITIAL_MS;
  let assembler = new ChunkAssembler();

  const snapshot = (): BridgeState => ({
    enabled: settings.enabled,
    status,
    ...(lastError === undefined ? {} : { lastError: lastError.slice(0, 500) }),
    ...(retryAt === undefined ? {} : { retryAt }),
    clients: [...clients.values()].slice(0, MAX_LISTED_CLIENTS),
    pending: approvals.pending(),
    grants: approvals.grants(),
  });
  const publish = (): void => {
    const message = { type: 'state', state: snapshot() };
    for (const panel of panels) panel.postMessage(message);
  };
  const persist = (): void => {
    void deps.settings.save(settings).catch((error: unknown) => log(`cannot save bridge settings: ${String(error)}`));
  };

  const approvals = new ApprovalBook({
    clock: deps.clock,
    timers,
    ...(deps.approvalTimeoutMs === undefined ? {} : { timeoutMs: deps.approvalTimeoutMs }),
    onChange: publish,
    onGrantsChange: (grants) => {
      settings = { ...settings, grants: [...grants] };
      persist();
    },
  });

  const toHost = (message: WorkerMessage): void => {
    try {
      port?.postMessage(message);
    } catch (error) {
      log(`cannot post to the host: ${String(error)}`);
    }
  };

  const toolsReady = Promise.resolve(deps.tools);
  const catalogue = async (): Promise<Map<string, CatalogTool>> =>
    new Map((await toolsReady).list().filter((t) => t.internal !== true).map((t) => [t.name, t]));

  const runCall = async (callId: string, client: BridgeClient, name: string, args: unknown): Promise<void> => {
    const controller = new AbortController();
    inFlight.set(callId, controller);
    try {
      const registry = await toolsReady;
      const tools = await catalogue();
      const tool = tools.get(name);
      if (tool === undefined) {
        throw new NotFoundError(`No tool is named "${name.slice(0, 80)}". Available: ${[...tools.keys()].sort().join(', ')}.`);
      }
      const ask: ApprovalHook = (request) =>
        approvals.ask({ callId, tool: request.tool, sideEffectClass: request.sideEffectClass, client: client.name, input: request.input });
      // Writes are approved before they queue behind the single writer, so a user who
      // takes their time does not hold up page ingestion. Invalid arguments skip the
      // question: the registry refuses them with invalid_arguments.
      const write = tool.__sideEffectClass !== 'read-only';
      const parsed = tool.inputSchema.safeParse(args ?? {});
      let approve = ask;
      if (parsed.success && (write || tool.needsApproval === true)) {
        const approved = await ask({ tool: name, sideEffectClass: tool.__sideEffectClass, input: parsed.data, caller: { kind: 'mcp', clientId: client.name }, requestId: callId });
        if (!approved) throw new AriadneError('approval_denied', `The user refused ${name} for ${client.name}.`);
        approve = async () => true;
      }
      const options: CallOptions = { caller: { kind: 'mcp', clientId: client.name }, requestId: callId, signal: controller.signal, approve };
      const call = () => registry.call(name, args ?? {}, options);
      const result = write && deps.writer ? await deps.writer.run(call) : await call();
      toHost({ type: 'result', callId, outcome: { ok: true, text: JSON.stringify(result) ?? 'null' } });
    } catch (error) {
      toHost({ type: 'result', callId, outcome: { ok: false, error: toErrorShape(error) } });
    } finally {
      inFlight.delete(callId);
    }
  };

  const onHostMessage = (raw: unknown): void => {
    let parsed = hostMessageSchema.safeParse(raw);
    if (!parsed.success) {
      log('dropping a malformed message from the host');
      return;
    }
    if (parsed.data.type === 'chunk') {
      let whole: unknown;
      try {
        whole = assembler.accept(parsed.data);
      } catch (error) {
        log(`dropping a broken chunked message: ${toErrorShape(error).message}`);
        return;
      }
      if (whole === undefined) return;
      parsed = hostMessageSchema.safeParse(whole);
      if (!parsed.success || parsed.data.type === 'chunk') return;
    }
    const message: HostMessage = parsed.data;
    switch (message.type) {
      case 'ready':
        status = 'connected';
        lastError = undefined;
        retryAt = undefined;
        backoff = BACKOFF_INITIAL_MS;
        log(`host ${message.pid} listening at ${message.socketPath}`);
        break;
      case 'client':
        if (message.event === 'connected') {
          clients.set(message.client.connectionId, { ...message.client, connectedAt: deps.clock.now() });
        } else {
          clients.delete(message.client.connectionId);
        }
        break;
      case 'cancel':
        inFlight.get(message.callId)?.abort();
        approvals.cancel(message.callId);
        return;
      case 'call':
        if (inFlight.size >= MAX_IN_FLIGHT) {
          toHost({ type: 'result', callId: message.callId, outcome: { ok: false, error: { code: 'unavailable', message: `${MAX_IN_FLIGHT} calls are already running; wait for answers before sending more.` } } });
          return;
        }
        void runCall(message.callId, message.client, message.tool, message.arguments);
        return;
    }
    publish();
  };

  const connect = (): void => {
    retryTimer = undefined;
    retryAt = undefined;
    if (!settings.enabled || port !== undefined) return;
    if (deps.runtime.connectNative === undefined) {
      status = 'waiting';
      lastError = 'This build lacks the "nativeMessaging" permission, so agents cannot connect.';
      publish();
      return;
    }
    status = 'connecting';
    assembler = new ChunkAssembler();
    let opened: PortLike;
    try {
      opened = deps.runtime.connectNative(NATIVE_HOST_NAME);
    } catch (error) {
      onClosed(String(error));
      return;
    }
    port = opened;
    opened.onMessage.addListener(onHostMessage);
    opened.onDisconnect.addListener(() => {
      if (port !== opened) return;
      onClosed(deps.runtime.lastErrorMessage());
    });
    publish();
    void toolsReady.then(
      (registry) => {
        if (port !== opened) return;
        toHost({ type: 'hello', protocol: BRIDGE_PROTOCOL_VERSION, extensionVersion: deps.extensionVersion, tools: toBridgeCatalog(registry.list()) });
      },
      (error: unknown) => log(`the tool registry failed to start: ${String(error)}`),
    );
  };

  const onClosed = (reason: string | undefined): void => {
    port = undefined;
    clients.clear();
    for (const [callId, controller] of inFlight) {
      controller.abort();
      approvals.cancel(callId);
    }
    if (!settings.enabled) {
      status = 'off';
      publish();
      return;
    }
    status = 'waiting';
    lastError = reason ?? 'The bridge host stopped.';
    if (/not found/i.test(lastError)) lastError += ' Run `npm run mcp -- install` on this computer, then wait for the next retry.';
    retryAt = deps.clock.now() + backoff;
    log(`host port closed (${lastError}); retrying in ${backoff} ms`);
    retryTimer = timers.setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
    publish();
  };

  let loaded: Promise<void> = Promise.resolve();
  const setEnabled = async (enabled: boolean): Promise<void> => {
    await loaded; // a toggle that races the start-up read must not be overwritten by it
    if (settings.enabled === enabled) return;
    settings = { ...settings, enabled };
    persist();
    if (enabled) {
      backoff = BACKOFF_INITIAL_MS;
      lastError = undefined;
      connect();
      return;
    }
    if (retryTimer !== undefined) timers.clearTimeout(retryTimer);
    retryTimer = undefined;
    retryAt = undefined;
    const closing = port;
    port = undefined;
    closing?.disconnect(); // Chromium closes the host's stdin; the host removes its socket and exits
    onClosed(undefined);
  };

  deps.runtime.onConnect((panel) => {
    if (panel.name !== BRIDGE_PORT_NAME) return;
    if (panel.sender?.id !== deps.runtime.extensionId || !(panel.sender.url ?? '').startsWith(deps.runtime.extensionOrigin)) {
      panel.disconnect(); // only Ariadne's own pages may approve
      return;
    }
    panels.add(panel);
    panel.onDisconnect.addListener(() => panels.delete(panel));
    panel.onMessage.addListener((raw) => {
      const parsed = panelToBridgeSchema.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'setEnabled') void setEnabled(message.enabled);
      else if (message.type === 'decide') approvals.decide(message.id, message.decision);
      else approvals.revoke(message.client, message.tool);
      publish();
    });
    panel.postMessage({ type: 'state', state: snapshot() });
  });

  loaded = deps.settings
    .load()
    .then((raw) => {
      const parsed = bridgeSettingsSchema.safeParse(raw ?? {});
      settings = parsed.success ? parsed.data : { enabled: false, grants: [] };
      approvals.restoreGrants(settings.grants);
      settings = { ...settings, grants: approvals.grants() };
      connect();
      publish();
    })
    .catch((error: unknown) => log(`cannot read bridge settings: ${String(error)}`));

  return { state: snapshot, setEnabled, ready: loaded, approvals };
}
