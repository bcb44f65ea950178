/**
 * How a message reaches the background: `runtime.sendMessage`, or a stand-in in tests.
 * Kept apart from the protocol's schemas so the content script can send without
 * loading them.
 */

/** Delivers one message to the background and resolves with its raw reply. */
export type Transport = (message: unknown) => Promise<unknown>;

/** `runtime.sendMessage` of the extension; resolved lazily so the module loads in Node. */
export const runtimeTransport: Transport = async (message) => {
  const { browser } = await import('wxt/browser');
  return browser.runtime.sendMessage(message);
};
