// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLayoutHost } from './layout-host';
import { layoutReplySchema } from './layout-protocol';

const PANEL_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

/** A second window standing for the side panel, with its received messages recorded. */
function panelWindow() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const win = frame.contentWindow;
  if (!win) throw new Error('jsdom gave the frame no window');
  const post = vi.spyOn(win, 'postMessage').mockImplementation(() => undefined);
  const replies = () => post.mock.calls.map(([message, origin]) => ({ reply: layoutReplySchema.parse(message), origin }));
  return { win, replies };
}

const send = (data: unknown, source: Window, origin = PANEL_ORIGIN): void => {
  window.dispatchEvent(new MessageEvent('message', { data, source, origin }));
};

afterEach(() => document.body.replaceChildren());

describe('startLayoutHost', () => {
  it('says it is ready, to the panel origin only', () => {
    const panel = panelWindow();
    startLayoutHost(window, panel.win, PANEL_ORIGIN);
    expect(panel.replies()).toEqual([{ reply: { kind: 'ariadne-diagram-ready' }, origin: PANEL_ORIGIN }]);
  });

  it("answers a request with Mermaid's own error, bounded, under the request's id", async () => {
    const panel = panelWindow();
    startLayoutHost(window, panel.win, PANEL_ORIGIN);
    send({ kind: 'ariadne-diagram-render', id: 7, parts: [`graph LR\n  n0["${'x'.repeat(2000)}`] }, panel.win);
    await vi.waitFor(() => expect(panel.replies()).toHaveLength(2), { timeout: 15_000 });
    const [, answer] = panel.replies();
    expect(answer?.reply).toMatchObject({ kind: 'ariadne-diagram-error', id: 7 });
    const message = answer?.reply.kind === 'ariadne-diagram-error' ? answer.reply.message : '';
    expect(message).toMatch(/parse error/i);
    expect(message.length).toBeLessThanOrEqual(500);
  });

  it('ignores messages from other windows, other origins, and malformed requests', async () => {
    const panel = panelWindow();
    const stranger = panelWindow();
    startLayoutHost(window, panel.win, PANEL_ORIGIN);
    const valid = { kind: 'ariadne-diagram-render', id: 1, parts: ['graph LR\n  n0["A"'] };
    send(valid, stranger.win);
    send(valid, panel.win, 'https://evil.example');
    send({ ...valid, parts: [] }, panel.win);
    send({ ...valid, id: -1 }, panel.win);
    send('graph LR', panel.win);
    // A valid request after them is answered: the ones before had their chance to be.
    send({ ...valid, id: 2 }, panel.win);
    await vi.waitFor(() => expect(panel.replies()).toHaveLength(2), { timeout: 15_000 });
    expect(panel.replies().map(({ reply }) => ('id' in reply ? reply.id : 'ready'))).toEqual(['ready', 2]);
    expect(stranger.replies()).toEqual([]);
  });
});
