/**
 * `startNativeBridge`: the MCP bridge's extension end, wired to Chromium's runtime
 * and storage. The background calls it once at worker start-up; it does nothing
 * until the user turns the bridge on in the side panel's settings.
 *
 * @example
 *   // at the end of startBackground()
 *   startNativeBridge({ tools: registry }); // the registry or its promise
 */
import { browser } from 'wxt/browser';
import { systemClock } from '../../core/graph/ids';
import { indexedDbSettingsStore } from './settings-store';
import { type BridgeRuntime, type BridgeTools, createNativeBridge, type NativeBridgeHandle, type PortLike } from './native-bridge';

export type { BridgeTools, NativeBridgeHandle } from './native-bridge';

export function startNativeBridge(services: { readonly tools: BridgeTools | Promise<BridgeTools> }): NativeBridgeHandle {
  const runtime: BridgeRuntime = {
    // Absent without the `nativeMessaging` permission.
    connectNative: typeof browser.runtime.connectNative === 'function' ? (name) => browser.runtime.connectNative(name) : undefined,
    lastErrorMessage: () => browser.runtime.lastError?.message,
    onConnect: (listener: (port: PortLike) => void) => browser.runtime.onConnect.addListener(listener),
    extensionId: browser.runtime.id,
    extensionOrigin: browser.runtime.getURL('/'),
  };
  return createNativeBridge({
    ...services,
    runtime,
    settings: indexedDbSettingsStore(indexedDB),
    clock: systemClock,
    extensionVersion: browser.runtime.getManifest().version,
    log: (line) => console.info(`Ariadne bridge: ${line}`),
  });
}
