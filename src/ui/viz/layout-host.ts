/**
 * The layout frame's side: answers the panel's render requests with Mermaid's SVG, one
 * request at a time, and says when it is ready. Runs inside the sandboxed page
 * (`entrypoints/diagram.sandbox`), whose only channel is `postMessage` with its parent.
 */
import { renderSvg } from './render';
import { layoutRequestSchema } from './layout-protocol';
import type { LayoutReply } from './layout-protocol';

/** Longest error message sent back (Mermaid's parse errors quote the source). */
const MAX_ERROR_CHARS = 500;

/**
 * Listens for requests from `parent` (only from that window and the extension's origin)
 * and posts each answer back to it.
 *
 * @example startLayoutHost(window, window.parent, 'chrome-extension://abc…')
 */
export function startLayoutHost(self: Window, parent: Window, panelOrigin: string): void {
  const post = (reply: LayoutReply): void => parent.postMessage(reply, panelOrigin);
  let queue = Promise.resolve();
  self.addEventListener('message', (event) => {
    if (event.source !== parent || event.origin !== panelOrigin) return;
    const request = layoutRequestSchema.safeParse(event.data);
    if (!request.success) return;
    const { id, parts, scheme } = request.data;
    queue = queue.then(async () => {
      try {
        post({ kind: 'ariadne-diagram-svg', id, svg: await renderSvg(parts, scheme) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        post({ kind: 'ariadne-diagram-error', id, message: message.slice(0, MAX_ERROR_CHARS) });
      }
    });
  });
  post({ kind: 'ariadne-diagram-ready' });
}
