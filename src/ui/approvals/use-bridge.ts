/**
 * React access to the bridge client: the current state, re-rendered on change.
 * The client is created once per panel (module-level, lazily) and shared by the
 * approvals list and the settings section.
 */
import { useSyncExternalStore } from 'react';
import type { BridgeState } from '../../native-host/panel-protocol';
import { type BridgeClient, createBridgeClient } from './bridge-client';

let shared: BridgeClient | undefined;

/** The panel's client over `runtime.connect`; created on first use. */
export async function defaultBridgeClient(): Promise<BridgeClient> {
  if (shared) return shared;
  const { browser } = await import('wxt/browser');
  shared ??= createBridgeClient((name) => browser.runtime.connect({ name }));
  return shared;
}

/**
 * @example
 *   const state = useBridgeState(client);
 */
export function useBridgeState(client: BridgeClient | undefined): BridgeState | undefined {
  return useSyncExternalStore(
    (listener) => client?.subscribe(listener) ?? (() => undefined),
    () => client?.state(),
  );
}
