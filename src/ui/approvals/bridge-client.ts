/**
 * The side panel's link to the background's MCP bridge: a long-lived port named
 * `ariadne.bridge` that delivers the bridge state (pending approvals, connected
 * agents, grants) as it changes, and carries the user's answers back. Reopens the
 * port when the service worker restarts. No React here; `use-bridge.ts` adds the hook.
 */
import { BRIDGE_PORT_NAME, type BridgeState, bridgeToPanelSchema, type PanelToBridge } from '../../native-host/panel-protocol';

/** The parts of `runtime.Port` the panel uses. */
export interface PanelPort {
  postMessage(message: unknown): void;
  disconnect(): void;
  readonly onMessage: { addListener(listener: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(listener: () => void): void };
}
export type OpenPort = (name: string) => PanelPort;

/** A worker restarting takes a moment; reopen the port after this. */
const REOPEN_DELAY_MS = 500;

export interface BridgeClient {
  /** The latest state, undefined until the background answered. */
  state(): BridgeState | undefined;
  subscribe(listener: () => void): () => void;
  send(message: PanelToBridge): void;
  close(): void;
}

/**
 * @example
 *   const client = createBridgeClient((name) => browser.runtime.connect({ name }));
 *   client.subscribe(() => render(client.state()));
 *   client.send({ type: 'decide', id: 'a1', decision: 'once' });
 */
export function createBridgeClient(open: OpenPort): BridgeClient {
  const listeners = new Set<() => void>();
  let state: BridgeState | undefined;
  let port: PanelPort | undefined;
  let closed = false;
  let reopen: ReturnType<typeof setTimeout> | undefined;

  const connect = (): void => {
    reopen = undefined;
    if (closed) return;
    const opened = open(BRIDGE_PORT_NAME);
    port = opened;
    opened.onMessage.addListener((raw) => {
      const parsed = bridgeToPanelSchema.safeParse(raw);
      if (!parsed.success) return;
      state = parsed.data.state;
      for (const listener of listeners) listener();
    });
    opened.onDisconnect.addListener(() => {
      if (port !== opened) return;
      port = undefined;
      if (!closed) reopen = setTimeout(connect, REOPEN_DELAY_MS);
    });
  };
  connect();

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(message) {
      port?.postMessage(message);
    },
    close() {
      closed = true;
      if (reopen !== undefined) clearTimeout(reopen);
      port?.disconnect();
      port = undefined;
    },
  };
}
