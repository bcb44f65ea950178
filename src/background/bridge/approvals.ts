/**
 * The user's say over writes from outside: each call that needs approval waits here
 * until the side panel answers (approve once, always for this client and tool, deny)
 * or the wait times out. "Always" grants are remembered per (client name, tool) and
 * persisted by the caller through `onGrantsChange`.
 *
 *   ask ─▶ pending ──once──▶ approved
 *                  ──always─▶ approved + grant (next ask of that pair: approved at once)
 *                  ──deny───▶ refused
 *                  ──timeout─▶ AriadneError('timeout')
 *                  ──cancel──▶ AriadneError('unavailable')   (the agent went away)
 *
 * Client names are what agents say they are (MCP `clientInfo.name`): a grant trusts
 * that name, which the panel shows the user before they grant it.
 */
import { AriadneError } from '../../core/errors';
import type { Clock } from '../../core/graph/ids';
import type { SideEffectClass } from '../../core/tools/tool';
import {
  type ApprovalDecision,
  type Grant,
  MAX_GRANTS,
  MAX_PENDING_APPROVALS,
  type PendingApproval,
} from '../../native-host/panel-protocol';

/** Under the MCP server's 55 s call timeout (itself under the SDK's 60 s default). */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 45_000;
/** Arguments shown to the user are cut here; enough to judge an entity_add. */
const PREVIEW_CHARS = 2_000;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ApprovalAsk {
  readonly callId: string;
  readonly tool: string;
  readonly sideEffectClass: SideEffectClass;
  readonly client: string;
  readonly input: unknown;
}

interface Waiting {
  readonly view: PendingApproval;
  readonly callId: string;
  readonly settle: (outcome: boolean | AriadneError) => void;
}

export interface ApprovalBookOptions {
  readonly clock: Clock;
  readonly timers?: Timers;
  readonly timeoutMs?: number;
  readonly grants?: readonly Grant[];
  /** Pending list or grants changed (to push the state to the panel). */
  readonly onChange?: () => void;
  readonly onGrantsChange?: (grants: readonly Grant[]) => void;
}

/**
 * @example
 *   const book = new ApprovalBook({ clock: systemClock });
 *   const approved = await book.ask({ callId: 'c1:1', tool: 'entity_add', sideEffectClass: 'side-effecting', client: 'claude', input });
 *   // elsewhere, from the side panel: book.decide(id, 'once')
 */
export class ApprovalBook {
  private readonly waiting = new Map<string, Waiting>();
  private grantList: Grant[];
  private counter = 0;
  private readonly timers: Timers;
  private readonly timeoutMs: number;

  constructor(private readonly options: ApprovalBookOptions) {
    this.timers = options.timers ?? realTimers;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    this.grantList = [...(options.grants ?? [])].slice(-MAX_GRANTS);
  }

  /** Resolves true (approved) or false (denied); rejects on timeout, cancel or overflow. */
  ask(request: ApprovalAsk): Promise<boolean> {
    if (this.isGranted(request.client, request.tool)) return Promise.resolve(true);
    if (this.waiting.size >= MAX_PENDING_APPROVALS) {
      return Promise.reject(
        new AriadneError(
          'unavailable',
          `${MAX_PENDING_APPROVALS} calls already wait for the user's approval; wait for them to be answered.`,
        ),
      );
    }
    this.counter += 1;
    const id = `a${this.counter}`;
    const now = this.options.clock.now();
    const view: PendingApproval = {
      id,
      tool: request.tool,
      sideEffectClass: request.sideEffectClass,
      client: request.client,
      argumentsPreview: preview(request.input),
      requestedAt: now,
      expiresAt: now + this.timeoutMs,
    };
    return new Promise<boolean>((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        settle(
          new AriadneError(
            'timeout',
            `No one answered the approval for ${request.tool} within ${Math.round(this.timeoutMs / 1000)} s. Ask the user to open Ariadne's side panel, then call again.`,
          ),
        );
      }, this.timeoutMs);
      const settle = (outcome: boolean | AriadneError): void => {
        if (!this.waiting.delete(id)) return;
        this.timers.clearTimeout(timer);
        this.options.onChange?.();
        if (outcome instanceof AriadneError) reject(outcome);
        else resolve(outcome);
      };
      this.waiting.set(id, { view, callId: request.callId, settle });
      this.options.onChange?.();
    });
  }

  /** The user's answer; false when that request is no longer pending. */
  decide(id: string, decision: ApprovalDecision): boolean {
    const entry = this.waiting.get(id);
    if (entry === undefined) return false;
    if (decision === 'always') this.grant(entry.view.client, entry.view.tool);
    entry.settle(decision !== 'deny');
    return true;
  }

  /** The agent left or cancelled: its pending approval disappears from the panel. */
  cancel(callId: string): void {
    for (const entry of this.waiting.values()) {
      if (entry.callId === callId) entry.settle(new AriadneError('unavailable', 'The call was cancelled by the agent.'));
    }
  }

  /** Grants read back from storage at start-up (not persisted again), before any granted since. */
  restoreGrants(grants: readonly Grant[]): void {
    const restored = grants.filter((g) => !this.isGranted(g.client, g.tool));
    this.grantList = [...restored, ...this.grantList].slice(-MAX_GRANTS);
    this.options.onChange?.();
  }

  revoke(client: string, tool: string): void {
    const before = this.grantList.length;
    this.grantList = this.grantList.filter((g) => !(g.client === client && g.tool === tool));
    if (this.grantList.length !== before) this.grantsChanged();
  }

  isGranted(client: string, tool: string): boolean {
    return this.grantList.some((g) => g.client === client && g.tool === tool);
  }

  /** Oldest request first (ids are sequential). */
  pending(): PendingApproval[] {
    return [...this.waiting.values()].map((w) => w.view);
  }

  grants(): Grant[] {
    return [...this.grantList];
  }

  private grant(client: string, tool: string): void {
    if (this.isGranted(client, tool)) return;
    this.grantList = [...this.grantList, { client, tool, grantedAt: this.options.clock.now() }].slice(-MAX_GRANTS);
    this.grantsChanged();
  }

  private grantsChanged(): void {
    this.options.onGrantsChange?.(this.grants());
    this.options.onChange?.();
  }
}

function preview(input: unknown): string {
  const text = JSON.stringify(input, null, 2) ?? 'undefined';
  return text.length <= PREVIEW_CHARS ? text : `${text.slice(0, PREVIEW_CHARS)}… (${text.length - PREVIEW_CHARS} more characters)`;
}
