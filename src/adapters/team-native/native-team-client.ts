/**
 * The extension's end of the native host's team role: a `TeamRemote` that reaches the
 * team database through `connectNative('com.ariadne.team')`. One port carries many
 * requests (matched by id); it opens on the first request and closes after a quiet
 * minute, so Chromium stops the host when no sync runs. A request that gets no answer in
 * time, a host that is not installed or exits, all become `unavailable` (the push queue
 * stays as it was); every reply is parsed with the host wire's schemas.
 *
 * @example
 *   const client = new NativeTeamClient({ connectNative: (n) => browser.runtime.connectNative(n), lastErrorMessage });
 *   const remote = new NativeTeamRemote(client, connection, origin);
 *   await new TeamSync({ queue, cursor, remote, sink }).sync();
 */
import type { z } from 'zod';
import { AriadneError } from '../../core/errors';
import type { TeamConnection, TeamHostOp, TeamHostRequest } from '../../core/team/host-wire';
import { TEAM_HOST_NAME, teamHostReplySchema, teamHostResultSchemas } from '../../core/team/host-wire';
import type { ChangeBatch, PullPage, PushReceipt, TeamRemote } from '../../core/team/ports';

/** The parts of `runtime.Port` used here. */
export interface NativePortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(listener: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(listener: () => void): void };
}

export interface NativeTeamClientDeps {
  /** `runtime.connectNative`; undefined without the `nativeMessaging` permission. */
  readonly connectNative: ((application: string) => NativePortLike) | undefined;
  /** `runtime.lastError?.message`, read when the port disconnects. */
  readonly lastErrorMessage: () => string | undefined;
  /** How long a request may wait for its answer (default `REQUEST_TIMEOUT_MS`). */
  readonly timeoutMs?: number;
  /** How long an unused port stays open (default `IDLE_CLOSE_MS`). */
  readonly idleMs?: number;
}

/** Longer than the host's own login (10 s) plus statement (60 s) timeouts: the host's error, when it has one, arrives first. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** A port left open keeps the host (and its database connections) alive; a quiet minute closes it. */
export const IDLE_CLOSE_MS = 60_000;

export type HostState = 'ready' | 'missing' | 'unknown';

type RequestBody = TeamHostRequest['request'];
type ResultOf<O extends TeamHostOp> = z.infer<(typeof teamHostResultSchemas)[O]>;

interface Pending {
  readonly op: TeamHostOp;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: AriadneError) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

const INSTALL_HINT = 'run `npm run --silent mcp -- install` on this computer, then restart the browser';

export class NativeTeamClient {
  private readonly deps: NativeTeamClientDeps;
  private port: NativePortLike | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private state: HostState = 'unknown';

  constructor(deps: NativeTeamClientDeps) {
    this.deps = deps;
  }

  /** What the last attempt learnt of the host: it answered, it is not installed, or not asked yet. */
  get hostState(): HostState {
    return this.state;
  }

  /** Sends one request and waits for its parsed result; every failure is an `AriadneError`. */
  request<O extends TeamHostOp>(body: Extract<RequestBody, { op: O }>): Promise<ResultOf<O>>;
  request(body: RequestBody): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const port = this.open();
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new AriadneError('unavailable', `The native host did not answer "${body.op}" in ${this.timeout / 1000} s; sync again later.`),
        );
        this.scheduleIdle();
      }, this.timeout);
      this.pending.set(id, { op: body.op, resolve, reject, timer });
      clearTimeout(this.idle);
      try {
        port.postMessage({ id, request: body });
      } catch (error) {
        this.fail(`The native host could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  /** Closes the port (pending requests fail `unavailable`). */
  close(): void {
    const port = this.port;
    this.port = undefined;
    port?.disconnect();
    this.rejectAll(new AriadneError('unavailable', 'The connection to the native host was closed.'));
  }

  private get timeout(): number {
    return this.deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  }

  private open(): NativePortLike {
    if (this.port) return this.port;
    const connect = this.deps.connectNative;
    if (connect === undefined) {
      this.state = 'missing';
      throw new AriadneError('unavailable', 'This browser build cannot talk to a native host (no nativeMessaging permission).');
    }
    let port: NativePortLike;
    try {
      port = connect(TEAM_HOST_NAME);
    } catch (error) {
      // Firefox throws here when no manifest names the add-on; Chromium reports it on disconnect instead.
      this.state = 'missing';
      const reason = error instanceof Error ? error.message : String(error);
      throw new AriadneError('unavailable', `The Ariadne native host for team sync cannot be started (${reason}): ${INSTALL_HINT}.`);
    }
    this.port = port;
    port.onMessage.addListener((raw) => this.onMessage(raw));
    port.onDisconnect.addListener(() => {
      if (this.port !== port) return;
      this.port = undefined;
      const reason = this.deps.lastErrorMessage() ?? 'the host exited';
      // Chromium's words for a host with no manifest, or one that does not list this extension.
      if (/not found|forbidden|failed to start/i.test(reason)) {
        this.state = 'missing';
        this.rejectAll(
          new AriadneError('unavailable', `The Ariadne native host for team sync is not installed (${reason}): ${INSTALL_HINT}.`),
        );
      } else this.rejectAll(new AriadneError('unavailable', `The native host stopped (${reason}); sync again later.`));
    });
    return port;
  }

  private onMessage(raw: unknown): void {
    const parsed = teamHostReplySchema.safeParse(raw);
    if (!parsed.success) return; // not an answer to anything: nothing can be matched to it
    const { id, outcome } = parsed.data;
    const pending = this.pending.get(id);
    if (pending === undefined) return; // timed out meanwhile
    this.pending.delete(id);
    clearTimeout(pending.timer);
    this.state = 'ready';
    if (!outcome.ok) pending.reject(new AriadneError(outcome.error.code, outcome.error.message, outcome.error.details));
    else {
      const result = teamHostResultSchemas[pending.op].safeParse(outcome.result);
      if (result.success) pending.resolve(result.data);
      else pending.reject(new AriadneError('internal', `The native host answered "${pending.op}" with a malformed result.`));
    }
    this.scheduleIdle();
  }

  private fail(message: string): void {
    this.rejectAll(new AriadneError('unavailable', message));
    this.close();
  }

  private rejectAll(error: AriadneError): void {
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  private scheduleIdle(): void {
    if (this.pending.size > 0) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.pending.size === 0) this.close();
    }, this.deps.idleMs ?? IDLE_CLOSE_MS);
  }
}

/** The team database of one linked workspace, through the native host. */
export class NativeTeamRemote implements TeamRemote {
  constructor(
    private readonly client: NativeTeamClient,
    private readonly connection: TeamConnection,
    private readonly origin: string,
  ) {}

  push(batch: ChangeBatch): Promise<PushReceipt> {
    return this.client.request({
      op: 'push',
      connection: this.connection,
      origin: this.origin,
      batch: { batchId: batch.batchId, changes: [...batch.changes] },
    });
  }

  pull(after: number, limit: number): Promise<PullPage> {
    return this.client.request({ op: 'pull', connection: this.connection, origin: this.origin, after, limit });
  }
}
