// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutRequestSchema } from './layout-protocol';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g class="node" data-id="n0"><text>Stripe</text></g></svg>';

/**
 * A fresh module (its frame is module state; errors come from its own copy of the error
 * classes, so they are told by name and code) and the frame it creates on the first call.
 */
async function start(parts: readonly string[], scheme?: 'light' | 'dark') {
  const { renderDiagramSvg } = await import('./layout-frame');
  const answer = renderDiagramSvg(parts, scheme);
  const frame = document.querySelector('iframe');
  const win = frame?.contentWindow;
  if (!frame || !win) throw new Error('no layout frame was created');
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => undefined);
  /** Posts `data` to the panel as if from `source` (the frame by default). */
  const reply = (data: unknown, source: Window = win): void => {
    window.dispatchEvent(new MessageEvent('message', { data, source, origin: 'null' }));
  };
  /** The request the panel sent, once the frame said it was ready. */
  const request = async () => {
    await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    return layoutRequestSchema.parse(posted.mock.calls[0]?.[0]);
  };
  return { renderDiagramSvg, answer, frame, reply, request };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('renderDiagramSvg', () => {
  it('opens one hidden sandboxed frame and sends the parts once it is ready', async () => {
    const run = await start(['graph LR\n  n0["A"]', 'graph LR\n  n1["B"]'], 'dark');
    expect(run.frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(run.frame.getAttribute('aria-hidden')).toBe('true');
    expect(run.frame.getAttribute('src')).toBe('/diagram.html');
    run.reply({ kind: 'ariadne-diagram-ready' });
    const request = await run.request();
    expect(request.parts).toEqual(['graph LR\n  n0["A"]', 'graph LR\n  n1["B"]']);
    // The panel's scheme goes with the parts: the sandboxed frame cannot read the Settings choice.
    expect(request.scheme).toBe('dark');
    // Answers from another window, for another request, or malformed, are not taken.
    const stranger = document.body.appendChild(document.createElement('iframe')).contentWindow;
    if (stranger) run.reply({ kind: 'ariadne-diagram-svg', id: request.id, svg: '<svg onload="x()"></svg>' }, stranger);
    run.reply({ kind: 'ariadne-diagram-svg', id: request.id + 1, svg: SVG });
    run.reply({ kind: 'ariadne-diagram-svg', id: request.id });
    run.reply({ kind: 'ariadne-diagram-svg', id: request.id, svg: SVG });
    await expect(run.answer).resolves.toBe(SVG);
    expect(document.querySelectorAll('iframe[sandbox]')).toHaveLength(1);
  });

  it("refuses an answer that is not safe to insert, with code 'forbidden'", async () => {
    const run = await start(['graph LR']);
    run.reply({ kind: 'ariadne-diagram-ready' });
    const { id } = await run.request();
    run.reply({ kind: 'ariadne-diagram-svg', id, svg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' });
    expect(await failure(run.answer)).toMatchObject({ name: 'AriadneError', code: 'forbidden' });
  });

  it("passes Mermaid's error on, with code 'internal'", async () => {
    const run = await start(['graph LR\n  n0["']);
    run.reply({ kind: 'ariadne-diagram-ready' });
    const { id } = await run.request();
    run.reply({ kind: 'ariadne-diagram-error', id, message: 'Parse error on line 2' });
    expect(await failure(run.answer)).toMatchObject({ code: 'internal', message: 'Parse error on line 2' });
  });

  it("gives up on a frame that does not start, with code 'timeout', and opens a new one next time", async () => {
    vi.useFakeTimers();
    const run = await start(['graph LR']);
    const error = failure(run.answer);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await error).toMatchObject({ code: 'timeout' });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    void failure(run.renderDiagramSvg(['graph LR']));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });
});
