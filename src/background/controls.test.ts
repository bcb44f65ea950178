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
import type { PdfCapturer } from './pdf-capture';
import type { TabMessenger } from './controls';
import { CAPTURE_COMMAND, MENU_ADD_SELECTION, MENU_CAPTURE_PAGE, SITE_ACCESS_DECLINED, createControls } from './controls';
import { AriadneError } from '../core/errors';

const ID = `c_${'0f'.repeat(16)}`;

function setup(
  options: {
    settings?: Partial<Settings['capture']>;
    tabs?: TabMessenger;
    pdf?: PdfCapturer;
    askSiteAccess?: (url: string) => Promise<boolean>;
  } = {},
) {
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
  let settingsRead = 0;
  const controls = createControls({
    settings: async () => {
      settingsRead++;
      return settings;
    },
    badge: new CaptureBadge(action),
    clip,
    tabs,
    ...(options.pdf === undefined ? {} : { pdf: options.pdf }),
    ...(options.askSiteAccess === undefined ? {} : { askSiteAccess: options.askSiteAccess }),
  });
  return { controls, sent, texts, store, settingsRead: () => settingsRead };
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

describe('a PDF in a tab', () => {
  const pdfTab = { ...tab, url: 'https://example.com/papers/report.pdf' };
  /** A PDF reader that records what it was asked to read, and fails for addresses that are not PDFs. */
  const reader = () => {
    const read: { url: string; trigger: string; tabId: number | undefined }[] = [];
    const pdf: PdfCapturer = {
      capture: async (url, trigger, tabId) => {
        if (!url.endsWith('.pdf') && !url.endsWith('/paper')) throw new Error('not a PDF');
        read.push({ url, trigger, tabId });
        return { captureId: ID };
      },
    };
    return { pdf, read };
  };

  it('an address ending in .pdf is read by the background, not asked of the tab', async () => {
    const { pdf, read } = reader();
    const { controls, sent } = setup({ pdf });
    expect(await controls.onCommand(CAPTURE_COMMAND, pdfTab)).toEqual({ status: 'captured', captureId: ID });
    expect(read).toEqual([{ url: pdfTab.url, trigger: 'shortcut', tabId: 4 }]);
    expect(sent).toEqual([]);
  });

  it('a tab whose content script says it shows a PDF is read by the background too', async () => {
    const { pdf, read } = reader();
    const paper = { ...tab, url: 'https://example.com/paper' };
    const { controls } = setup({ pdf, tabs: { send: async () => ({ pdf: true }) } });
    expect(await controls.onMenuClick({ menuItemId: MENU_CAPTURE_PAGE }, paper)).toMatchObject({ status: 'captured' });
    expect(read).toEqual([{ url: paper.url, trigger: 'manual', tabId: 4 }]);
  });

  it("a tab that takes no script (Firefox's PDF viewer) is tried as a PDF; if it is none, the tab's error is reported", async () => {
    const { pdf, read } = reader();
    const noScript = { send: async () => Promise.reject(new Error('Missing host permission for the tab')) };
    const viewer = setup({ pdf, tabs: noScript });
    expect(await viewer.controls.onCommand(CAPTURE_COMMAND, { ...tab, url: 'https://example.com/paper' })).toMatchObject({
      status: 'captured',
    });
    const other = setup({ pdf, tabs: noScript });
    const outcome = await other.controls.onCommand(CAPTURE_COMMAND, tab);
    expect(outcome).toMatchObject({ status: 'refused' });
    expect(outcome.status === 'refused' ? outcome.reason : '').toMatch(/Missing host permission/);
    expect(read).toHaveLength(1);
  });

  it('the blocklist and private windows refuse a PDF before anything is downloaded', async () => {
    const { pdf, read } = reader();
    const blocked = setup({ pdf, settings: { blocklist: ['example.com'] } });
    expect(await blocked.controls.onCommand(CAPTURE_COMMAND, pdfTab)).toMatchObject({ status: 'refused' });
    expect(await blocked.controls.onCommand(CAPTURE_COMMAND, { ...pdfTab, url: 'https://other.org/a.pdf', incognito: true })).toMatchObject(
      {
        status: 'refused',
      },
    );
    expect(read).toEqual([]);
    expect(blocked.texts.get(4)).toBe('×');
  });

  it('a PDF the reader refuses shows its reason on the badge', async () => {
    const pdf: PdfCapturer = { capture: async () => Promise.reject(new Error('This PDF is 200 MB; Ariadne reads PDFs of up to 50 MB.')) };
    const { controls, texts } = setup({ pdf });
    expect(await controls.onCommand(CAPTURE_COMMAND, pdfTab)).toEqual({
      status: 'refused',
      reason: 'This PDF is 200 MB; Ariadne reads PDFs of up to 50 MB.',
    });
    expect(texts.get(4)).toBe('×');
  });

  describe("Firefox: the shortcut asks for the PDF's site", () => {
    it('asks inside the act, before anything is awaited (Firefox refuses the request later), then reads the PDF', async () => {
      const { pdf, read } = reader();
      const asked: { url: string; settingsReadBefore: number }[] = [];
      const firefox = setup({
        pdf,
        askSiteAccess: async (url) => {
          asked.push({ url, settingsReadBefore: firefox.settingsRead() });
          return true;
        },
      });
      const pending = firefox.controls.onCommand(CAPTURE_COMMAND, pdfTab);
      // Synchronously: the request went out before the settings (the first await) were read.
      expect(asked).toEqual([{ url: pdfTab.url, settingsReadBefore: 0 }]);
      expect(await pending).toEqual({ status: 'captured', captureId: ID });
      expect(read).toHaveLength(1);
    });

    it('declined access and a failed download: says what to allow, not "reload it"', async () => {
      const failing: PdfCapturer = {
        capture: async () =>
          Promise.reject(new AriadneError('unavailable', 'The PDF could not be downloaded (NetworkError). Reload it and try again.')),
      };
      const declined = setup({ pdf: failing, askSiteAccess: async () => false });
      expect(await declined.controls.onCommand(CAPTURE_COMMAND, pdfTab)).toEqual({ status: 'refused', reason: SITE_ACCESS_DECLINED });
      // A request Firefox throws on (no user act) counts as declined too.
      const thrown = setup({
        pdf: failing,
        askSiteAccess: () => {
          throw new Error('permissions.request may only be called from a user input handler');
        },
      });
      expect(await thrown.controls.onCommand(CAPTURE_COMMAND, pdfTab)).toEqual({ status: 'refused', reason: SITE_ACCESS_DECLINED });
    });

    it('a tab that takes no script and does not end in .pdf: the refusal says a PDF there needs the site access', async () => {
      const failing: PdfCapturer = { capture: async () => Promise.reject(new AriadneError('unavailable', 'NetworkError')) };
      const noScript = { send: async () => Promise.reject(new Error('Missing host permission for the tab')) };
      const firefox = setup({ pdf: failing, tabs: noScript, askSiteAccess: async () => false });
      const outcome = await firefox.controls.onCommand(CAPTURE_COMMAND, { ...tab, url: 'https://example.com/pdf/2401.00001' });
      expect(outcome.status === 'refused' ? outcome.reason : '').toMatch(/Missing host permission.*Read PDFs automatically/);
      // Chromium (no access to ask for): the tab's error alone.
      const chromium = setup({ pdf: failing, tabs: noScript });
      const plain = await chromium.controls.onCommand(CAPTURE_COMMAND, { ...tab, url: 'https://example.com/pdf/2401.00001' });
      expect(plain.status === 'refused' ? plain.reason : '').not.toContain('Read PDFs automatically');
    });

    it('asks only for web PDFs: not for pages, not for local files', async () => {
      const asked: string[] = [];
      const ask = async (url: string) => {
        asked.push(url);
        return true;
      };
      const { pdf } = reader();
      const firefox = setup({ pdf, askSiteAccess: ask, settings: { allowFileUrls: true } });
      await firefox.controls.onCommand(CAPTURE_COMMAND, tab);
      await firefox.controls.onCommand(CAPTURE_COMMAND, { ...tab, url: 'file:///home/me/a.pdf' });
      expect(asked).toEqual([]);
    });
  });
});
