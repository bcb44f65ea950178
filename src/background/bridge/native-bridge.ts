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
import { ChunkAssembler } from '../../native-host/chunks';
import { NATIVE_HOST_NAME } from '../../native-host/extension-key';
import {
  BRIDGE_PORT_NAME,
  type BridgeSettings,
  bridgeSettingsSchema,
  type BridgeState,
  type ConnectedClient,
  MAX_LISTED_CLIENTS,
  panelToBridgeSchema,
} from '../../native-host/panel-protocol';
import {
  BRIDGE_PROTOCOL_VERSION,
  type BridgeClient,
  type HostMessage,
  hostMessageSchema,
  type WorkerMessage,
} from '../../native-host/wire';
import { ApprovalBook, realTimers, type Timers } from './approvals';
import { type CatalogTool, toBridgeCatalog } from './catalog';
import { isOwnPage } from '../own-page';

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

export interface NativeBridgeDeps {
  /** The registry, or the promise of it (the background builds it asynchronously). */
  readonly tools: BridgeTools | Promise<BridgeTools>;
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

/** The port to the native host and what is known of it. */
interface HostLink {
  port: PortLike | undefined;
  status: BridgeState['status'];
  lastError: string | undefined;
  retryAt: number | undefined;
  retryTimer: unknown;
  backoff: number;
  assembler: ChunkAssembler;
}

/**
 * A host message, chunks reassembled: the whole message once its last chunk arrived,
 * undefined for a chunk of a message still incomplete or for anything malformed (logged).
 */
function decodeHostMessage(raw: unknown, assembler: ChunkAssembler, log: (line: string) => void): HostMessage | undefined {
  const parsed = hostMessageSchema.safeParse(raw);
  if (!parsed.success) {
    log('dropping a malformed message from the host');
    return undefined;
  }
  if (parsed.data.type !== 'chunk') return parsed.data;
  let whole: unknown;
  try {
    whole = assembler.accept(parsed.data);
  } catch (error) {
    log(`dropping a broken chunked message: ${toErrorShape(error).message}`);
    return undefined;
  }
  if (whole === undefined) return undefined;
  const assembled = hostMessageSchema.safeParse(whole);
  return assembled.success && assembled.data.type !== 'chunk' ? assembled.data : undefined;
}

class NativeBridge implements NativeBridgeHandle {
  readonly approvals: ApprovalBook;
  readonly ready: Promise<void>;
  private readonly deps: NativeBridgeDeps;
  private readonly log: (line: string) => void;
  private readonly timers: Timers;
  private readonly toolsReady: Promise<BridgeTools>;
  private readonly panels = new Set<PortLike>();
  private readonly clients = new Map<string, ConnectedClient>();
  private readonly inFlight = new Map<string, AbortController>();
  private settings: BridgeSettings = { enabled: false, grants: [] };
  private readonly host: HostLink = {
    port: undefined,
    status: 'off',
    lastError: undefined,
    retryAt: undefined,
    retryTimer: undefined,
    backoff: BACKOFF_INITIAL_MS,
    assembler: new ChunkAssembler(),
  };

  constructor(deps: NativeBridgeDeps) {
    this.deps = deps;
    this.log = deps.log ?? (() => {});
    this.timers = deps.timers ?? realTimers;
    this.toolsReady = Promise.resolve(deps.tools);
    this.approvals = new ApprovalBook({
      clock: deps.clock,
      timers: this.timers,
      ...(deps.approvalTimeoutMs === undefined ? {} : { timeoutMs: deps.approvalTimeoutMs }),
      onChange: () => this.publish(),
      onGrantsChange: (grants) => {
        this.settings = { ...this.settings, grants: [...grants] };
        this.persist();
      },
    });
    deps.runtime.onConnect((panel) => this.onPanel(panel));
    this.ready = this.load();
  }

  state(): BridgeState {
    const { host, settings } = this;
    return {
      enabled: settings.enabled,
      status: host.status,
      ...(host.lastError === undefined ? {} : { lastError: host.lastError.slice(0, 500) }),
      ...(host.retryAt === undefined ? {} : { retryAt: host.retryAt }),
      clients: [...this.clients.values()].slice(0, MAX_LISTED_CLIENTS),
      pending: this.approvals.pending(),
      grants: this.approvals.grants(),
    };
  }

  async setEnabled(enabled: boolean): Promise<void> {
    await this.ready; // a toggle that races the start-up read must not be overwritten by it
    if (this.settings.enabled === enabled) return;
    this.settings = { ...this.settings, enabled };
    this.persist();
    if (enabled) {
      this.host.backoff = BACKOFF_INITIAL_MS;
      this.host.lastError = undefined;
      this.connect();
      return;
    }
    this.stopRetrying();
    const closing = this.host.port;
    this.host.port = undefined;
    closing?.disconnect(); // Chromium closes the host's stdin; the host removes its socket and exits
    this.onClosed(undefined);
  }

  /** Start-up: the saved settings and grants, then the port if the bridge is on. */
  private async load(): Promise<void> {
    try {
      const parsed = bridgeSettingsSchema.safeParse((await this.deps.settings.load()) ?? {});
      this.settings = parsed.success ? parsed.data : { enabled: false, grants: [] };
      this.approvals.restoreGrants(this.settings.grants);
      this.settings = { ...this.settings, grants: this.approvals.grants() };
      this.connect();
      this.publish();
    } catch (error) {
      this.log(`cannot read bridge settings: ${String(error)}`);
    }
  }

  private publish(): void {
    const message = { type: 'state', state: this.state() };
    for (const panel of this.panels) panel.postMessage(message);
  }

  private persist(): void {
    void this.deps.settings.save(this.settings).catch((error: unknown) => this.log(`cannot save bridge settings: ${String(error)}`));
  }

  private toHost(message: WorkerMessage): void {
    try {
      this.host.port?.postMessage(message);
    } catch (error) {
      this.log(`cannot post to the host: ${String(error)}`);
    }
  }

  /** The side panel's port: the state as it changes, the user's answers back. */
  private onPanel(panel: PortLike): void {
    if (panel.name !== BRIDGE_PORT_NAME) return;
    if (!isOwnPage(panel, this.deps.runtime)) {
      panel.disconnect(); // only Ariadne's own pages may approve
      return;
    }
    this.panels.add(panel);
    panel.onDisconnect.addListener(() => this.panels.delete(panel));
    panel.onMessage.addListener((raw) => {
      const parsed = panelToBridgeSchema.safeParse(raw);
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'setEnabled') void this.setEnabled(message.enabled);
      else if (message.type === 'decide') this.approvals.decide(message.id, message.decision);
      else this.approvals.revoke(message.client, message.tool);
      this.publish();
    });
    panel.postMessage({ type: 'state', state: this.state() });
  }

  private async catalogue(): Promise<Map<string, CatalogTool>> {
    return new Map(
      (await this.toolsReady)
        .list()
        .filter((t) => t.internal !== true)
        .map((t) => [t.name, t]),
    );
  }

  /** One agent call: approved first when it writes, then run through the registry as caller `mcp`. */
  private async runCall(callId: string, client: BridgeClient, name: string, args: unknown): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(callId, controller);
    try {
      const registry = await this.toolsReady;
      const tools = await this.catalogue();
      const tool = tools.get(name);
      if (tool === undefined) {
        throw new NotFoundError(`No tool is named "${name.slice(0, 80)}". Available: ${[...tools.keys()].sort().join(', ')}.`);
      }
      const approve = await this.approveFirst(callId, client, tool, args);
      const options: CallOptions = {
        caller: { kind: 'mcp', clientId: client.name },
        requestId: callId,
        signal: controller.signal,
        approve,
      };
      const result = await registry.call(name, args ?? {}, options);
      this.toHost({ type: 'result', callId, outcome: { ok: true, text: JSON.stringify(result) ?? 'null' } });
    } catch (error) {
      this.toHost({ type: 'result', callId, outcome: { ok: false, error: toErrorShape(error) } });
    } finally {
      this.inFlight.delete(callId);
    }
  }

  /**
   * Writes are approved before the registry queues them behind the single writer, so a
   * user who takes their time does not hold up page ingestion. Invalid arguments skip the
   * question: the registry refuses them with invalid_arguments. Returns the approval hook
   * the registry is to use (already answered yes, or the question itself).
   */
  private async approveFirst(callId: string, client: BridgeClient, tool: CatalogTool, args: unknown): Promise<ApprovalHook> {
    const ask: ApprovalHook = (request) =>
      this.approvals.ask({
        callId,
        tool: request.tool,
        sideEffectClass: request.sideEffectClass,
        client: client.name,
        input: request.input,
      });
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success || (tool.__sideEffectClass === 'read-only' && tool.needsApproval !== true)) return ask;
    const approved = await ask({
      tool: tool.name,
      sideEffectClass: tool.__sideEffectClass,
      input: parsed.data,
      caller: { kind: 'mcp', clientId: client.name },
      requestId: callId,
    });
    if (!approved) throw new AriadneError('approval_denied', `The user refused ${tool.name} for ${client.name}.`);
    return async () => true;
  }

  private onHostMessage(raw: unknown): void {
    const message = decodeHostMessage(raw, this.host.assembler, this.log);
    if (message === undefined) return;
    switch (message.type) {
      case 'ready':
        Object.assign(this.host, { status: 'connected', lastError: undefined, retryAt: undefined, backoff: BACKOFF_INITIAL_MS });
        this.log(`host ${message.pid} listening at ${message.socketPath}`);
        break;
      case 'client':
        if (message.event === 'connected')
          this.clients.set(message.client.connectionId, { ...message.client, connectedAt: this.deps.clock.now() });
        else this.clients.delete(message.client.connectionId);
        break;
      case 'cancel':
        this.inFlight.get(message.callId)?.abort();
        this.approvals.cancel(message.callId);
        return;
      case 'call':
        if (this.inFlight.size >= MAX_IN_FLIGHT) {
          this.toHost({
            type: 'result',
            callId: message.callId,
            outcome: {
              ok: false,
              error: { code: 'unavailable', message: `${MAX_IN_FLIGHT} calls are already running; wait for answers before sending more.` },
            },
          });
          return;
        }
        void this.runCall(message.callId, message.client, message.tool, message.arguments);
        return;
    }
    this.publish();
  }

  /** Opens the native port when the bridge is on and none is open, then sends the catalogue. */
  private connect(): void {
    const { host } = this;
    host.retryTimer = undefined;
    host.retryAt = undefined;
    if (!this.settings.enabled || host.port !== undefined) return;
    const { connectNative } = this.deps.runtime;
    if (connectNative === undefined) {
      host.status = 'waiting';
      host.lastError = 'This build lacks the "nativeMessaging" permission, so agents cannot connect.';
      this.publish();
      return;
    }
    host.status = 'connecting';
    host.assembler = new ChunkAssembler();
    let opened: PortLike;
    try {
      opened = connectNative(NATIVE_HOST_NAME);
    } catch (error) {
      this.onClosed(String(error));
      return;
    }
    host.port = opened;
    opened.onMessage.addListener((raw) => this.onHostMessage(raw));
    opened.onDisconnect.addListener(() => {
      if (host.port === opened) this.onClosed(this.deps.runtime.lastErrorMessage());
    });
    this.publish();
    void this.sendHello(opened);
  }

  private async sendHello(opened: PortLike): Promise<void> {
    try {
      const registry = await this.toolsReady;
      if (this.host.port !== opened) return;
      this.toHost({
        type: 'hello',
        protocol: BRIDGE_PROTOCOL_VERSION,
        extensionVersion: this.deps.extensionVersion,
        tools: toBridgeCatalog(registry.list()),
      });
    } catch (error) {
      this.log(`the tool registry failed to start: ${String(error)}`);
    }
  }

  /** The port closed: calls end, and while the bridge is on a retry is scheduled with backoff. */
  private onClosed(reason: string | undefined): void {
    const { host } = this;
    host.port = undefined;
    this.clients.clear();
    for (const [callId, controller] of this.inFlight) {
      controller.abort();
      this.approvals.cancel(callId);
    }
    if (!this.settings.enabled) {
      host.status = 'off';
      this.publish();
      return;
    }
    host.status = 'waiting';
    host.lastError = reason ?? 'The bridge host stopped.';
    if (/not found/i.test(host.lastError))
      host.lastError += ' Run `npm run mcp -- install` on this computer, then wait for the next retry.';
    host.retryAt = this.deps.clock.now() + host.backoff;
    this.log(`host port closed (${host.lastError}); retrying in ${host.backoff} ms`);
    host.retryTimer = this.timers.setTimeout(() => this.connect(), host.backoff);
    host.backoff = Math.min(host.backoff * 2, BACKOFF_MAX_MS);
    this.publish();
  }

  private stopRetrying(): void {
    if (this.host.retryTimer !== undefined) this.timers.clearTimeout(this.host.retryTimer);
    this.host.retryTimer = undefined;
    this.host.retryAt = undefined;
  }
}

/**
 * @example
 *   // src/background/start.ts, at the end of startBackground():
 *   startNativeBridge({ tools }); // index.ts fills in the Chromium runtime
 */
export function createNativeBridge(deps: NativeBridgeDeps): NativeBridgeHandle {
  return new NativeBridge(deps);
}
