/**
 * Who may open a runtime port to the background: Ariadne's own pages only (the side
 * panel), never a web page or another extension.
 *
 * @example
 *   if (!isOwnPage(port, { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') })) port.disconnect();
 */
export interface PortSender {
  readonly sender?: { readonly id?: string; readonly url?: string };
}

export interface ExtensionIdentity {
  readonly extensionId: string;
  /** `chrome-extension://<id>/`. */
  readonly extensionOrigin: string;
}

export function isOwnPage(port: PortSender, self: ExtensionIdentity): boolean {
  return port.sender?.id === self.extensionId && (port.sender.url ?? '').startsWith(self.extensionOrigin);
}
