/**
 * Mermaid's layout off the panel's thread. Laying out a connected diagram is one long
 * synchronous task in Mermaid (about 0.5 s at 60 nodes, 2 s at 200, most of it Mermaid
 * cloning its configuration for every node and edge), and it cannot be cut into slices.
 * So the panel hands the Mermaid text to a hidden sandboxed page of the extension
 * (`/diagram.html`), which Chromium runs in its own process, and gets the SVG back by
 * `postMessage`: the panel's thread only parses the answer and inserts it.
 *
 * The frame has an opaque origin and no extension API; it renders with the same
 * `renderSvg` (strict security level, SVG text labels). Its answer is still checked
 * (`assertSafeSvg`) before the panel inserts it. Firefox has no sandboxed extension pages:
 * there the panel renders in its own page, as before.
 */
import { raceTimeout } from '../../core/race-timeout';
import { AriadneError } from '../../core/errors';
import { layoutReplySchema } from './layout-protocol';
import type { LayoutRequest } from './layout-protocol';
import { assertSafeSvg } from './svg-guard';

/** The sandboxed page's path in the build (`entrypoints/diagram.sandbox`). */
const FRAME_PATH = '/diagram.html';
/** Time for the frame to load Mermaid and say it is ready (a cold start takes well under a second). */
const START_TIMEOUT_MS = 20_000;
/** Time for one diagram at most (300 nodes take a few seconds on a slow machine). */
const RENDER_TIMEOUT_MS = 60_000;

interface Pending {
  resolve(svg: string): void;
  reject(error: Error): void;
}

/** One hidden frame and the requests waiting for its answers. */
class LayoutFrame {
  private readonly frame: HTMLIFrameElement;
  private readonly pending = new Map<number, Pending>();
  private readonly ready: Promise<void>;
  private nextId = 0;
  private readonly onMessage = (event: MessageEvent): void => this.receive(event);
  private markReady: () => void = () => undefined;

  constructor(doc: Document) {
    this.frame = doc.createElement('iframe');
    // Also sandboxed by the manifest's CSP. Chromium gives sandboxed frames a process of their
    // own (measured: the panel's thread stays free while the frame lays out).
    this.frame.setAttribute('sandbox', 'allow-scripts');
    this.frame.setAttribute('aria-hidden', 'true');
    this.frame.tabIndex = -1;
    this.frame.title = 'Diagram layout';
    // Off screen but laid out: Mermaid measures its text in the frame.
    this.frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:1024px;height:768px;border:0;visibility:hidden';
    this.ready = new Promise((resolve) => {
      this.markReady = resolve;
    });
    doc.defaultView?.addEventListener('message', this.onMessage);
    this.frame.src = FRAME_PATH;
    doc.body.append(this.frame);
  }

  async render(parts: readonly string[], scheme: 'light' | 'dark'): Promise<string> {
    await raceTimeout(this.ready, START_TIMEOUT_MS, 'the diagram layout frame did not start');
    const target = this.frame.contentWindow;
    if (!target) throw new AriadneError('unavailable', 'the diagram layout frame is gone');
    const id = this.nextId++;
    const answer = new Promise<string>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const request: LayoutRequest = { kind: 'ariadne-diagram-render', id, parts: [...parts], scheme };
    // The frame's origin is opaque, so it cannot be named; the message goes to this frame's window only.
    target.postMessage(request, '*');
    try {
      return await raceTimeout(answer, RENDER_TIMEOUT_MS, 'the diagram layout did not answer in time');
    } finally {
      this.pending.delete(id);
    }
  }

  close(): void {
    this.frame.ownerDocument.defaultView?.removeEventListener('message', this.onMessage);
    this.frame.remove();
    for (const waiting of this.pending.values()) waiting.reject(new AriadneError('unavailable', 'the diagram layout frame was closed'));
    this.pending.clear();
  }

  private receive(event: MessageEvent): void {
    if (event.source !== this.frame.contentWindow || event.source === null) return;
    const reply = layoutReplySchema.safeParse(event.data);
    if (!reply.success) return;
    const message = reply.data;
    if (message.kind === 'ariadne-diagram-ready') return this.markReady();
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.kind === 'ariadne-diagram-error') return waiting.reject(new AriadneError('internal', message.message));
    // Checked in a task of its own: this one already spent its time copying the SVG over.
    setTimeout(() => settle(waiting, message.svg), 0);
  }
}

/** Resolves with the SVG when inserting it is safe, or rejects with the refusal. */
function settle(waiting: Pending, svg: string): void {
  try {
    assertSafeSvg(svg);
    waiting.resolve(svg);
  } catch (error) {
    waiting.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

let frame: LayoutFrame | undefined;

/** The frame, created on first use (Chromium only). */
function layoutFrame(): LayoutFrame {
  frame ??= new LayoutFrame(document);
  return frame;
}

/**
 * Starts the layout frame if it is not running, so that Mermaid loads while the panel is
 * still selecting what to draw. Does nothing in Firefox.
 */
export function prepareLayoutFrame(): void {
  if (!import.meta.env.FIREFOX) layoutFrame();
}

/**
 * Stops the layout under way, if any: the frame (and Mermaid's work in it) is closed, its
 * pending answers are rejected (`unavailable`), and the next call starts a fresh frame. In
 * Firefox the layout runs in the page and cannot be stopped; its answer is then ignored.
 */
export function cancelLayout(): void {
  frame?.close();
  frame = undefined;
}

/**
 * The SVG of a diagram's Mermaid parts (`renderMermaidParts`), laid out in the hidden
 * frame, which is created on first use and kept, in Mermaid's theme for `scheme` (the
 * panel's). A frame that timed out is replaced on the next call. In Firefox, rendered in
 * the page.
 *
 * @example el.innerHTML = await renderDiagramSvg(model.parts, 'dark')
 */
export async function renderDiagramSvg(parts: readonly string[], scheme: 'light' | 'dark' = 'light'): Promise<string> {
  if (import.meta.env.FIREFOX) {
    const { renderSvg } = await import('./render');
    return renderSvg(parts, scheme);
  }
  const current = layoutFrame();
  try {
    const svg = await current.render(parts, scheme);
    // The answer was checked in a task of its own; the panel inserts it in the next one.
    await nextTask();
    return svg;
  } catch (error) {
    if (error instanceof AriadneError && (error.code === 'timeout' || error.code === 'unavailable') && frame === current) {
      current.close();
      frame = undefined;
    }
    throw error;
  }
}
