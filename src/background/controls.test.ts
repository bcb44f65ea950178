// The shortcut and the context menu: what each asks of the tab, what is refused, what the badge shows.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { InMemoryGraphStore } from '../core/graph/memory-store';
import { GraphService } from '../core/graph/service';
import { createResolver } from '../core/resolve/resolver';
import type { Settings } from '../core/settings';
import { defaultSettings } from '../core/settings';
import { createRuleRecognizer } from '../extract/rules/rule-recognizer';
import type { BadgeAction } from './badge';
import { CaptureBadge } from './badge';
import { createClipper } from './clip';
import type { TabMessenger } from './controls';
import { CAPTURE_COMMAND, MENU_ADD_SELECTION, MENU_CAPTURE_PAGE, createControls } from './controls';

const ID = `c_${'0f'.repeat(16)}`;

function setup(options: { settings?: Partial<Settings['capture']>; tabs?: TabMessenger } = {}) {
  const texts = new Map<number, string>();
  const action: BadgeAction = {
    setBadgeText: async ({ text, tabId }) => void (tabId === undefined ? undefined : texts.set(tabId, text ?? '')),
    setBadgeBackgroundColor: async () => undefined,
    setTitle: async () => undefined,
  };
  const sent: { tabId: number; message: unknown }[] = [];
  const tabs: TabMessenger = options.tabs ?? {
    send: async (tabId, message) => {
      sent.push({ tabId, message });
      return { captureId: ID };
    },
  };
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const clip = createClipper({ graph, store, clock, resolver, recognizer: createRuleRecognizer });
  const settings = { ...defaultSettings(), capture: { ...defaultSettings().capture, ...options.settings } };
  const controls = createControls({ settings: async () => settings, badge: new CaptureBadge(action), clip, tabs });
  return { controls, sent, texts, store };
}

const tab = { id: 4, url: 'https://example.com/a', title: 'Example', incognito: false };

describe('capture controls', () => {
  it('the shortcut asks the tab to capture now with trigger "shortcut", even in manual mode', async () => {
    const { controls, sent } = setup({ settings: { mode: 'manual', paused: true } });
    expect(await controls.onCommand(CAPTURE_COMMAND, tab)).toEqual({ status: 'captured', captureId: ID });
    expect(sent).toEqual([{ tabId: 4, message: { type: 'capture.now', trigger: 'shortcut' } }]);
    expect(await controls.onMenuClick({ menuItemId: MENU_CAPTURE_PAGE }, tab)).toMatchObject({ status: 'captured' });
    expect(sent[1]?.message).toEqual({ type: 'capture.now', trigger: 'manual' });
    expect(await controls.onCommand('something-else', tab)).toEqual({ status: 'ignored' });
  });

  it('refuses browser pages and private windows without asking the tab, and marks the badge', async () => {
    const { controls, sent, texts } = setup();
    expect(await controls.onCommand(CAPTURE_COMMAND, { ...tab, url: 'chrome://settings' })).toMatchObject({ status: 'refused' });
    expect(await controls.onCommand(CAPTURE_COMMAND, { ...tab, incognito: true })).toMatchObject({ status: 'refused' });
    expect(await controls.onCommand(CAPTURE_COMMAND, undefined)).toMatchObject({ status: 'refused' });
    expect(sent).toEqual([]);
    expect(texts.get(4)).toBe('×');
  });

  it('injects the content script into a tab that has none, then asks again (regression: tabs opened before install)', async () => {
    let injected = false;
    const { controls } = setup({
      tabs: {
        send: async () => {
          if (!injected) throw new Error('Could not establish connection. Receiving end does not exist.');
          return { captureId: ID };
        },
        inject: async () => {
          injected = true;
        },
      },
    });
    expect(await controls.onCommand(CAPTURE_COMMAND, tab)).toEqual({ status: 'captured', captureId: ID });
    expect(injected).toBe(true);
  });

  it('reports what the page answered when it declined, and an unreachable page', async () => {
    const declined = setup({ tabs: { send: async () => ({ skipped: 'This site is on the capture blocklist.' }) } });
    expect(await declined.controls.onCommand(CAPTURE_COMMAND, tab)).toEqual({
      status: 'refused',
      reason: 'This site is on the capture blocklist.',
    });
    const gone = setup({ tabs: { send: async () => Promise.reject(new Error('No tab with id: 4')) } });
    const outcome = await gone.controls.onCommand(CAPTURE_COMMAND, tab);
    expect(outcome.status).toBe('refused');
  });

  it('the selection menu item clips the selection and shows the page count on the tab', async () => {
    const { controls, texts, store } = setup();
    const outcome = await controls.onMenuClick({ menuItemId: MENU_ADD_SELECTION, selectionText: 'Saltmarsh KV' }, tab);
    expect(outcome).toMatchObject({ status: 'clipped', clip: { name: 'Saltmarsh KV', created: true, pageEntities: 1 } });
    expect(texts.get(4)).toBe('1');
    expect((await store.getPage(tab.url))?.entityIds).toHaveLength(1);
  });

  it('never clips a blocked site, and an empty selection is refused with a reason', async () => {
    const { controls, store } = setup({ settings: { blocklist: ['example.com'] } });
    expect(await controls.onMenuClick({ menuItemId: MENU_ADD_SELECTION, selectionText: 'Saltmarsh KV' }, tab)).toMatchObject({
      status: 'refused',
    });
    const open = setup();
    const empty = await open.controls.onMenuClick({ menuItemId: MENU_ADD_SELECTION, selectionText: '   ' }, tab);
    expect(empty).toMatchObject({ status: 'refused' });
    expect(await store.listEntities({ limit: 5 })).toEqual([]);
  });
});
