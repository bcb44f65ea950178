import { describe, expect, it } from 'vitest';
import { AriadneError } from '../core/errors';
import type { TabsApi } from './recapture';
import { openLoadedTab, recapturePage } from './recapture';

type Listener = (tabId: number, change: { status?: string }) => void;

/** Tabs that load after `loadMs` (or never), announcing other tabs' loads too. */
function fakeTabs(options: { readonly loadMs?: number; readonly completeBeforeCreate?: boolean }): TabsApi & { listeners: Set<Listener> } {
  const listeners = new Set<Listener>();
  const fire = (id: number) => {
    for (const l of [...listeners]) l(id, { status: 'complete' });
  };
  return {
    listeners,
    async create() {
      fire(99);
      if (options.completeBeforeCreate === true) fire(7);
      if (options.loadMs !== undefined)
        setTimeout(() => {
          fire(7);
        }, options.loadMs);
      return { id: 7 };
    },
    onUpdated: { addListener: (l) => listeners.add(l), removeListener: (l) => listeners.delete(l) },
  };
}

describe('openLoadedTab', () => {
  it('resolves with the tab once it, not another tab, has loaded, and stops listening', async () => {
    const tabs = fakeTabs({ loadMs: 5 });
    await expect(openLoadedTab(tabs, 'https://example.com/a')).resolves.toEqual({ id: 7, url: 'https://example.com/a', incognito: false });
    expect(tabs.listeners.size).toBe(0);
  });

  it('sees a page that finished loading before the tab was handed over', async () => {
    await expect(openLoadedTab(fakeTabs({ completeBeforeCreate: true }), 'https://example.com/a')).resolves.toMatchObject({ id: 7 });
  });

  it('gives up with a timeout error when the page never loads', async () => {
    const tabs = fakeTabs({});
    const failure = await openLoadedTab(tabs, 'https://example.com/a', 20).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure instanceof AriadneError && [failure.code, failure.message]).toEqual([
      'timeout',
      expect.stringContaining('did not finish loading'),
    ]);
    expect(tabs.listeners.size).toBe(0);
  });
});

describe('recapturePage', () => {
  it('captures the loaded tab through the given capture path and says what happened', async () => {
    const openLoaded = async (url: string) => ({ id: 3, url, incognito: false });
    await expect(
      recapturePage('https://example.com/a', { openLoaded, captureTab: async () => ({ status: 'captured', captureId: 'c_1' }) }),
    ).resolves.toEqual({ status: 'captured', captureId: 'c_1' });
    await expect(
      recapturePage('https://example.com/a', {
        openLoaded,
        captureTab: async () => ({ status: 'refused', reason: 'This site is blocked.' }),
      }),
    ).resolves.toEqual({ status: 'refused', reason: 'This site is blocked.' });
  });
});
