/**
 * The side panel's part of the MCP bridge: writes that local AI agents asked for,
 * waiting for the user (approve once / always for this agent and tool / deny), and a
 * settings section (bridge on/off, off by default; connected agents; remembered
 * grants). Arguments come from an agent and may quote web pages: shown as text only.
 *
 * @example
 *   <AgentApprovals />   // near the top of the panel: appears only when something waits
 *   <AgentBridgeSettings />
 */
import { useEffect, useState } from 'react';
import type { BridgeState, PendingApproval } from '../../native-host/panel-protocol';
import type { BridgeClient } from './bridge-client';
import { defaultBridgeClient, useBridgeState } from './use-bridge';

/** Uses the given client (tests) or the panel's shared one. */
function useClient(given?: BridgeClient): BridgeClient | undefined {
  const [client, setClient] = useState<BridgeClient | undefined>(given);
  useEffect(() => {
    if (given) return;
    let live = true;
    void defaultBridgeClient().then((c) => live && setClient(c));
    return () => {
      live = false;
    };
  }, [given]);
  return client;
}

/** Long arguments wrap and scroll inside the card instead of widening the panel. */
const ARGUMENTS_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '10em', overflow: 'auto', margin: '4px 0' } as const;

/**
 * The time, refreshed every second, for the countdown. Used only by the list of waiting
 * requests, which mounts when the first one arrives: a clock started with the panel showed
 * the panel's opening time ("1247 s left") until its first tick.
 */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function secondsLeft(approval: PendingApproval, now: number): number {
  return Math.max(0, Math.round((approval.expiresAt - now) / 1000));
}

export function AgentApprovals({ client: given }: { readonly client?: BridgeClient }) {
  const client = useClient(given);
  const state = useBridgeState(client);
  const pending = state?.pending ?? [];
  if (pending.length === 0) return null;
  return <WaitingApprovals pending={pending} client={client} />;
}

function WaitingApprovals({
  pending,
  client,
}: {
  readonly pending: readonly PendingApproval[];
  readonly client: BridgeClient | undefined;
}) {
  const now = useNow();
  return (
    <section aria-label="Agent requests" className="agent-approvals" data-testid="agent-approvals">
      <h2>
        Agent requests <span className="count">{pending.length}</span>
      </h2>
      <ul>
        {pending.map((approval) => (
          <li key={approval.id} data-testid="approval" data-tool={approval.tool} className="approval">
            <p>
              <strong>{approval.client}</strong> wants to run <code>{approval.tool}</code>
              {approval.sideEffectClass === 'destructive' ? ' (deletes data)' : ' (changes your graph)'}
              <span className="muted"> · {secondsLeft(approval, now)} s left</span>
            </p>
            <pre className="arguments" style={ARGUMENTS_STYLE}>
              {approval.argumentsPreview}
            </pre>
            <div className="actions">
              <button type="button" onClick={() => client?.send({ type: 'decide', id: approval.id, decision: 'once' })}>
                Approve once
              </button>
              <button
                type="button"
                onClick={() => client?.send({ type: 'decide', id: approval.id, decision: 'always' })}
                title={`Always allow ${approval.client} to run ${approval.tool}`}
              >
                Always for this agent
              </button>
              <button type="button" onClick={() => client?.send({ type: 'decide', id: approval.id, decision: 'deny' })}>
                Deny
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATUS_TEXT: Record<BridgeState['status'], string> = {
  off: 'Off: agents cannot reach Ariadne.',
  connecting: 'Starting the bridge…',
  connected: 'On: local agents can connect.',
  waiting: 'Cannot reach the bridge host; retrying.',
};

export function AgentBridgeSettings({ client: given }: { readonly client?: BridgeClient }) {
  const client = useClient(given);
  const state = useBridgeState(client);
  if (state === undefined) return null;
  // Laid out like the other Settings blocks: a fieldset with its legend, the switch, one
  // sentence saying what it does, then what it holds (agents, grants) as small labelled lists.
  return (
    <fieldset className="agent-settings" data-testid="agent-settings">
      <legend>AI agents (MCP)</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={state.enabled}
          onChange={(e) => client?.send({ type: 'setEnabled', enabled: e.target.checked })}
          aria-describedby="bridge-help"
          data-testid="bridge-toggle"
        />
        Connect AI agents
      </label>
      <p id="bridge-help" className="muted small">
        Lets AI tools on this computer (Claude Desktop, Cursor…) search and ask your graph once the host is installed (
        <code>npm run --silent mcp -- install</code>); every change they ask for waits here for your approval.
      </p>
      <p className="small" data-testid="bridge-status" data-status={state.status}>
        {STATUS_TEXT[state.status]}
      </p>
      {state.lastError && state.enabled && <p className="error small">{state.lastError}</p>}
      <div className="setting-list">
        <p className="setting-label" id="bridge-clients-label">
          Connected agents
        </p>
        {state.clients.length === 0 ? (
          <p className="muted small">None.</p>
        ) : (
          <ul aria-labelledby="bridge-clients-label" data-testid="bridge-clients">
            {state.clients.map((c) => (
              <li key={c.connectionId}>
                {c.name} <span className="muted">{c.version}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="setting-list">
        <p className="setting-label" id="bridge-grants-label">
          Always allowed
        </p>
        {state.grants.length === 0 ? (
          <p className="muted small">Nothing: every change an agent asks for waits for you.</p>
        ) : (
          <ul aria-labelledby="bridge-grants-label" className="grants">
            {state.grants.map((g) => (
              <li key={`${g.client}|${g.tool}`}>
                <span>
                  {g.client} → <code>{g.tool}</code>
                </span>
                <button type="button" className="small" onClick={() => client?.send({ type: 'revoke', client: g.client, tool: g.tool })}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}
