// @vitest-environment jsdom
// The content script's capture-and-send: the page is marked only after the background
// acknowledged, a missing worker is retried with the same capture, refusals are not.
import { describe, expect, it } from 'vitest';
import { captureAndSend, isCapturable } from './capture';

function page(): Document {
  const doc = document.implementation.createHTMLDocument('Stripe');
  doc.body.innerHTML = '<article><h1>Stripe</h1><p>Stripe is a payments company.</p></article>';
  return doc;
}

const ack = (captureId: string) => ({ ok: true, result: { captureId, duplicate: false } });
const ID = `c_${'ab'.repeat(16)}`;
/** `capture.started` (the background's deadline on the reading) is answered and left out of what each test records. */
const STARTED = { ok: true, result: { watched: true } };
const isStarted = (m: unknown) => typeof m === 'object' && m !== null && Reflect.get(m, 'type') === 'capture.started';

describe('captureAndSend', () => {
  it('sends one page.captured message and marks the page with the acknowledged id', async () => {
    const doc = page();
    const sent: unknown[] = [];
    const id = await captureAndSend(doc, 'https://example.test/stripe', {
      transport: async (message) => {
        if (isStarted(message)) return STARTED;
        sent.push(message);
        return ack(ID);
      },
    });
    expect(id).toBe(ID);
    expect(doc.documentElement.dataset.ariadneCaptured).toBe(ID);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: 'page.captured',
      capture: { url: 'https://example.test/stripe', title: 'Stripe', trigger: 'auto' },
    });
  });

  it('retries the same capture while the worker is not there, with growing delays', async () => {
    const doc = page();
    const sent: unknown[] = [];
    const delays: number[] = [];
    await captureAndSend(doc, 'https://example.test/stripe', {
      sleep: async (ms) => void delays.push(ms),
      transport: async (message) => {
        if (isStarted(message)) return STARTED;
        sent.push(message);
        if (sent.length < 3) throw new Error('Could not establish connection. Receiving end does not exist.');
        return ack(ID);
      },
    });
    expect(delays).toEqual([250, 500]);
    expect(sent[0]).toEqual(sent[2]); // same capture, same capturedAt, same id in the background
    expect(doc.documentElement.dataset.ariadneCaptured).toBe(ID);
  });

  it('does not retry a refusal and leaves the page unmarked', async () => {
    const doc = page();
    let calls = 0;
    const refused = captureAndSend(doc, 'https://example.test/stripe', {
      transport: async (m) => {
        if (isStarted(m)) return STARTED;
        calls++;
        return { ok: false, error: { code: 'forbidden', message: 'no' } };
      },
    });
    await expect(refused).rejects.toMatchObject({ code: 'forbidden' });
    expect(calls).toBe(1);
    expect(doc.documentElement.dataset.ariadneCaptured).toBeUndefined();
  });

  it('a malformed acknowledgement is an internal error, not a capture id (the page stays unmarked)', async () => {
    for (const reply of [
      { ok: true, result: {} },
      { ok: true, result: { captureId: 'c_1' } },
      { ok: false, error: { code: 'nope', message: 'x' } },
      'yes',
      undefined,
    ]) {
      const doc = page();
      await expect(
        captureAndSend(doc, 'https://example.test/stripe', { transport: async (m) => (isStarted(m) ? STARTED : reply) }),
      ).rejects.toMatchObject({
        code: 'internal',
      });
      expect(doc.documentElement.dataset.ariadneCaptured).toBeUndefined();
    }
  });

  it('a page whose reading throws is reported to the background with capture.gaveUp, then the error is rethrown', async () => {
    const doc = page();
    const form = doc.createElement('form');
    doc.body.append(form);
    // Stands for any DOM that throws under the reader (a page cannot reach the content script's
    // prototypes; a clobbered form no longer throws, below): this form's own prototype throws.
    const throwing: object = Object.create(Object.getPrototypeOf(form), {
      hasAttribute: {
        value: () => {
          throw new TypeError('el.hasAttribute is not a function');
        },
      },
    });
    Object.setPrototypeOf(form, throwing);
    const sent: unknown[] = [];
    const run = captureAndSend(doc, 'https://example.test/stripe', { transport: async (m) => void (isStarted(m) || sent.push(m)) });
    await expect(run).rejects.toThrow(/hasAttribute/);
    expect(sent).toEqual([
      {
        type: 'capture.gaveUp',
        url: 'https://example.test/stripe',
        title: 'Stripe',
        reason: expect.stringMatching(/^reading the page failed: TypeError: .*hasAttribute/),
      },
    ]);
    expect(doc.documentElement.dataset.ariadneCaptured).toBeUndefined();
  });

  it('a page whose form controls and images shadow DOM members is captured and marked on <html>', async () => {
    const doc = page();
    const form = doc.createElement('form');
    form.innerHTML = '<p>Globex signed the contract.</p>';
    doc.body.append(form);
    const input = doc.createElement('input');
    form.append(input);
    // What Chromium does for <input name="parentElement|hasAttribute|tagName"> in a form and <img name="documentElement|title">.
    for (const name of ['parentElement', 'hasAttribute', 'tagName', 'lastChild', 'getAttribute'])
      Object.defineProperty(form, name, { value: input });
    const img = doc.createElement('img');
    doc.body.append(img);
    Object.defineProperty(doc, 'documentElement', { value: img });
    Object.defineProperty(doc, 'title', { value: img });
    const sent: { type?: string; capture?: { title?: string; text?: string } }[] = [];
    const id = await captureAndSend(doc, 'https://example.test/stripe', {
      transport: async (m) => {
        if (isStarted(m)) return STARTED;
        sent.push(m as (typeof sent)[number]);
        return ack(ID);
      },
    });
    expect(id).toBe(ID);
    expect(sent.map((m) => m.type)).toEqual(['page.captured']);
    expect(sent[0]?.capture?.text).toContain('Stripe is a payments company.');
    const root = Object.getOwnPropertyDescriptor(Document.prototype, 'documentElement')?.get?.call(doc) as HTMLElement;
    expect(root.getAttribute('data-ariadne-captured')).toBe(ID);
    expect(img.hasAttribute('data-ariadne-captured')).toBe(false);
  });

  it('a page that removed its root element is reported with the reason, not left silent', async () => {
    const doc = page();
    doc.documentElement.remove();
    const sent: { type?: string; reason?: string }[] = [];
    const run = captureAndSend(doc, 'https://example.test/empty', { transport: async (m) => void sent.push(m as (typeof sent)[number]) });
    await expect(run).rejects.toMatchObject({ code: 'invalid_arguments' });
    expect(sent).toEqual([
      expect.objectContaining({ type: 'capture.gaveUp', reason: 'nothing to read: the page removed its root element' }),
    ]);
  });

  it('a send the background never answers times out and is reported, instead of waiting for ever', async () => {
    const doc = page();
    const sent: { type?: string; reason?: string }[] = [];
    const run = captureAndSend(doc, 'https://example.test/stripe', {
      sendTimeoutMs: 20,
      transport: (m) => {
        if (isStarted(m)) return Promise.resolve(STARTED);
        const message = m as { type?: string; reason?: string };
        sent.push(message);
        return message.type === 'page.captured' ? new Promise(() => undefined) : Promise.resolve({ ok: true });
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'timeout' });
    expect(sent.map((m) => m.type)).toEqual(['page.captured', 'capture.gaveUp']);
    expect(sent[1]?.reason).toMatch(/^the background did not take the capture: timeout: .*did not answer/);
  });

  it('tells the background it starts reading before it reads (a page that hangs the reader still gets a deadline)', async () => {
    const doc = page();
    const types: unknown[] = [];
    await captureAndSend(doc, 'https://example.test/stripe', {
      transport: async (m) => {
        types.push(typeof m === 'object' && m !== null ? Reflect.get(m, 'type') : undefined);
        return isStarted(m) ? STARTED : ack(ID);
      },
    });
    expect(types).toEqual(['capture.started', 'page.captured']);
  });

  it('looks at http(s) pages and local files only', () => {
    expect(isCapturable('https://example.test/')).toBe(true);
    expect(isCapturable('http://127.0.0.1:8080/a.html')).toBe(true);
    expect(isCapturable('chrome://settings')).toBe(false);
    expect(isCapturable('file:///tmp/a.html')).toBe(true); // the policy reads it only when allowed
    expect(isCapturable('chrome-extension://abc/sidepanel.html')).toBe(false);
  });
});
