// The page.captured handler: the capture policy is checked again, and the tab a capture came
// from is told to the badge before ingestion can finish.
import { afterEach, describe, expect, it } from 'vitest';
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import { pageCaptureSchema } from '../core/capture';
import { fixedClock } from '../core/graph/ids';
import type { Settings } from '../core/settings';
import { defaultSettings } from '../core/settings';
import { captureIdOf } from './capture-id';
import { CaptureQueue, oneGraph } from './capture-queue';
import { createHandlers } from './handlers';
import { RereadWhenIdle } from './reread-when-idle';

const dbs: AriadneDatabase[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function setup(settings: Settings = defaultSettings(), rereads?: RereadWhenIdle) {
  const db = new AriadneDatabase(`handlers-test-${dbs.length}`);
  dbs.push(db);
  const events: string[] = [];
  const ingest = async () => void events.push('ingested');
  const queue = new CaptureQueue({ db, targets: oneGraph(new DexieGraphStore(db)), clock: fixedClock(), ingest });
  const handlers = createHandlers({
    tools: () => Promise.reject(new Error('no tools in this test')),
    queue,
    settings: async () => settings,
    onAccepted: (captureId, tabId) => void events.push(`accepted ${captureId} tab ${tabId}`),
    ...(rereads === undefined ? {} : { rereads }),
  });
  return { handlers, queue, events };
}

const capture = (url: string) => pageCaptureSchema.parse({ url, title: 'A page', text: 'Text.', capturedAt: 1000 });

describe('page.captured handler', () => {
  it('tells which tab the capture came from before ingestion starts (regression: a fast ingest beat the badge)', async () => {
    const { handlers, queue, events } = setup();
    const c = capture('https://example.com/a');
    const out = await handlers['page.captured']({ type: 'page.captured', capture: c }, { kind: 'content', tabId: 7, url: c.url });
    expect(out.captureId).toBe(captureIdOf(c));
    await queue.drain();
    expect(events).toEqual([`accepted ${out.captureId} tab 7`, 'ingested']);
  });

  it('refuses a blocked site with forbidden and tells nobody', async () => {
    const { handlers, events } = setup();
    const c = capture('https://mail.google.com/u/0');
    await expect(
      handlers['page.captured']({ type: 'page.captured', capture: c }, { kind: 'content', tabId: 7, url: c.url }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(events).toEqual([]);
  });

  it('a capture from an extension page (npm start) has no tab to badge', async () => {
    const { handlers, events, queue } = setup();
    const c = capture('https://example.com/b');
    await handlers['page.captured'](
      { type: 'page.captured', capture: { ...c, trigger: 'headless' } },
      { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' },
    );
    await queue.drain();
    expect(events).toEqual(['ingested']);
  });

  it('a capture the time budget cut is put up for a re-read of its tab once idle, and capture.status lists it', async () => {
    const items: Record<string, unknown> = {};
    const asked: number[] = [];
    const rereads = new RereadWhenIdle({
      area: { get: async (key) => (key in items ? { [key]: items[key] } : {}), set: async (next) => void Object.assign(items, next) },
      clock: fixedClock(),
      idle: async () => undefined,
      askTab: async (tabId) => {
        asked.push(tabId);
        return { captureId: `c_${'0'.repeat(32)}` };
      },
    });
    const { handlers, queue } = setup(defaultSettings(), rereads);
    const c = { ...capture('https://example.com/busy'), notes: ['capture took 1536 ms (budget 1500 ms)'] };
    await handlers['page.captured']({ type: 'page.captured', capture: c }, { kind: 'content', tabId: 9, url: c.url });
    const status = await handlers['capture.status'](
      { type: 'capture.status' },
      { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' },
    );
    expect(status.rereads).toMatchObject([{ url: 'https://example.com/busy', state: 'pending' }]);
    await expect.poll(() => asked).toEqual([9]);
    await queue.drain();
  });
});
