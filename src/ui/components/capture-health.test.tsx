// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CaptureHealth } from './capture-health';

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);

describe('CaptureHealth', () => {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('says nothing while every capture is ingested', async () => {
    await act(async () => root.render(<CaptureHealth status={async () => ({ failed: 0 })} />));
    expect(container.querySelector('[data-testid="capture-health"]')).toBeNull();
  });

  it('shows pages the time budget cut: re-read pending, done, or still cut with the reason', async () => {
    const rereads = [
      { url: 'https://a.example/', title: 'Globex results', state: 'pending' as const, at: 3 },
      { url: 'https://b.example/', title: 'Initech hires', state: 'done' as const, at: 2 },
      { url: 'https://c.example/', title: '', state: 'cut' as const, reason: 'not read again: the tab shows another page now', at: 1 },
    ];
    await act(async () => root.render(<CaptureHealth status={async () => ({ failed: 0, rereads })} />));
    expect(container.querySelector('[data-testid="capture-health"]')).toBeNull();
    const items = [...container.querySelectorAll('[data-testid="reread-page"]')];
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['pending', 'done', 'cut']);
    expect(items[0]?.textContent).toContain('will be read again when Ariadne is idle');
    expect(items[1]?.textContent).toContain('then read again whole');
    expect(items[2]?.textContent).toContain('https://c.example/');
    expect(items[2]?.textContent).toContain('stored with part of its text (not read again: the tab shows another page now)');
  });

  it('tells the user that parked captures wait, and why (quota exceeded)', async () => {
    const error = 'The browser refused to store more data (storage quota exceeded).';
    await act(async () => root.render(<CaptureHealth status={async () => ({ failed: 2, error })} />));
    const banner = container.querySelector('[data-testid="capture-health"]');
    expect(banner?.getAttribute('role')).toBe('alert');
    expect(banner?.textContent).toContain('2 captured pages could not be added to your graph yet');
    expect(banner?.textContent).toContain('storage quota exceeded');
  });

  it("lists parked captures with their reason, and retries or discards one at the user's request", async () => {
    const parked = [
      {
        captureId: `c_${'a'.repeat(32)}`,
        url: 'https://a.example/',
        title: 'Page A',
        attempts: 3,
        reason: 'did not finish: the worker stopped during analysis',
      },
      { captureId: `c_${'b'.repeat(32)}`, url: 'https://b.example/', title: 'Page B', attempts: 3, reason: 'analysis exploded' },
    ];
    let polls = 0;
    const actions: string[] = [];
    const status = async () => {
      polls++;
      return { failed: parked.length, parked: [...parked] };
    };
    const perform = async (action: 'retry' | 'discard', captureId: string) => {
      actions.push(`${action} ${captureId}`);
      parked.splice(
        parked.findIndex((p) => p.captureId === captureId),
        1,
      );
    };
    await act(() => root.render(<CaptureHealth status={status} act={perform} />));
    const items = () => [...container.querySelectorAll('[data-testid="parked-capture"]')];
    expect(items().map((li) => li.textContent)).toEqual([expect.stringContaining('Page A'), expect.stringContaining('Page B')]);
    expect(items()[0]?.textContent).toContain('Tried 3 times. Reason: did not finish: the worker stopped during analysis');
    expect(container.textContent).toContain('kept until you retry or discard them');
    const button = (li: Element | undefined, label: string) =>
      [...(li?.querySelectorAll('button') ?? [])].find((b) => b.textContent === label);
    const pollsBefore = polls;
    await act(async () => button(items()[1], 'Discard')?.click());
    expect(actions).toEqual([`discard c_${'b'.repeat(32)}`]);
    expect(polls).toBeGreaterThan(pollsBefore); // the list is read again at once
    expect(items()).toHaveLength(1);
    await act(async () => button(items()[0], 'Retry')?.click());
    expect(actions).toEqual([`discard c_${'b'.repeat(32)}`, `retry c_${'a'.repeat(32)}`]);
    expect(container.querySelector('[data-testid="capture-health"]')).toBeNull();
  });
});
