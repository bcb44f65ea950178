import { describe, expect, it } from 'vitest';
import { REREAD_NOTE } from '../messaging/capture-reread';
import type { CaptureNowReply } from '../messaging/capture-now';
import type { KeyValueArea } from './page-log';
import { MAX_REREAD_RESUMES, MAX_REREADS_PER_WORKER, queueIdle, RereadWhenIdle, STALE_PENDING_MS } from './reread-when-idle';

function memoryArea(): KeyValueArea {
  const items: Record<string, unknown> = {};
  return {
    get: async (key) => (Object.hasOwn(items, key) ? { [key]: items[key] } : {}),
    set: async (next) => void Object.assign(items, next),
  };
}

const TIME_CUT = 'capture took 1536 ms (budget 1500 ms)';
const SIZE_CUT = 'page scan cut after 60000 elements (size limit)';
const page = (url: string, notes: string[]) => ({ url, title: `Title of ${url}`, notes, trigger: 'auto' as const });

function setup(answer: (tabId: number, url: string) => Promise<CaptureNowReply> = async () => ({ captureId: 'c_x' })) {
  let idleCalls = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((done) => (release = done));
  const asked: [number, string][] = [];
  let t = 1;
  const rereads = new RereadWhenIdle({
    area: memoryArea(),
    clock: { now: () => t++ },
    idle: async () => {
      idleCalls += 1;
      await gate;
    },
    askTab: (tabId, url) => {
      asked.push([tabId, url]);
      return answer(tabId, url);
    },
  });
  const settled = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { rereads, asked, release, idleCalls: () => idleCalls, settled };
}

describe('RereadWhenIdle', () => {
  it('asks the tab to read a page cut by time once the queue is idle, not before; the re-read capture marks it done', async () => {
    const s = setup();
    await s.rereads.captured(page('https://a.test/', ['body text cut: time budget spent', TIME_CUT]), 7);
    expect((await s.rereads.list()).map((p) => p.state)).toEqual(['pending']);
    await s.settled();
    expect(s.asked).toEqual([]);
    s.release();
    await s.settled();
    expect(s.asked).toEqual([[7, 'https://a.test/']]);
    await s.rereads.captured(page('https://a.test/', [REREAD_NOTE]), 7);
    expect(await s.rereads.list()).toMatchObject([{ url: 'https://a.test/', state: 'done' }]);
  });

  it('a page whose analysis stopped at its budget is read again when idle; a re-read whose analysis stopped again is cut; a size cut never', async () => {
    const s = setup();
    // Read whole in the tab, accepted (nothing cut yet), then the analysis stopped after ingestion.
    await s.rereads.captured(page('https://slow.test/', []), 4);
    expect(await s.rereads.list()).toEqual([]);
    await s.rereads.analysisCut(page('https://slow.test/', []), 4);
    await s.rereads.analysisCut(page('https://huge.test/', [SIZE_CUT]), 4);
    expect((await s.rereads.list()).map((p) => [p.url, p.state])).toEqual([['https://slow.test/', 'pending']]);
    s.release();
    await s.settled();
    expect(s.asked).toEqual([[4, 'https://slow.test/']]);
    await s.rereads.captured(page('https://slow.test/', [REREAD_NOTE]), 4);
    await s.rereads.analysisCut(page('https://slow.test/', [REREAD_NOTE]), 4);
    expect((await s.rereads.list()).map((p) => [p.state, p.reason])).toEqual([
      ['cut', 'read again with more time, the analysis still stopped'],
    ]);
  });

  it('a re-read that is cut again, or a tab that moved on, is shown as cut with the reason', async () => {
    const s = setup(async () => ({ skipped: 'the tab shows another page now' }));
    s.release();
    await s.rereads.captured(page('https://a.test/', [TIME_CUT]), 1);
    await s.settled();
    await s.rereads.captured(page('https://b.test/', [REREAD_NOTE, 'capture took 6400 ms (budget 6000 ms)']), 1);
    const list = await s.rereads.list();
    expect(list.map((p) => [p.url, p.state, p.reason])).toEqual([
      ['https://b.test/', 'cut', 'read again with more time, still cut (time)'],
      ['https://a.test/', 'cut', 'not read again: the tab shows another page now'],
    ]);
  });

  it('never re-reads a page its size cut, an uncut page, one with no tab, or one page twice', async () => {
    const s = setup();
    s.release();
    await s.rereads.captured(page('https://huge.test/', [SIZE_CUT, TIME_CUT]), 1);
    await s.rereads.captured(page('https://fine.test/', []), 1);
    await s.rereads.captured(page('https://notab.test/', [TIME_CUT]), undefined);
    await s.rereads.captured(page('https://twice.test/', [TIME_CUT]), 2);
    await s.settled();
    await s.rereads.captured(page('https://twice.test/', [TIME_CUT]), 2);
    await s.settled();
    expect(s.asked).toEqual([[2, 'https://twice.test/']]);
    const states = Object.fromEntries((await s.rereads.list()).map((p) => [p.url, `${p.state}: ${p.reason ?? ''}`]));
    expect(states).toEqual({
      'https://notab.test/': 'cut: not read again: the capture came from no tab',
      'https://twice.test/': 'cut: not read again: it was re-read once already',
    });
  });

  it('asks for at most MAX_REREADS_PER_WORKER re-reads', async () => {
    const s = setup();
    s.release();
    for (let i = 0; i <= MAX_REREADS_PER_WORKER; i++) await s.rereads.captured(page(`https://p${i}.test/`, [TIME_CUT]), 1);
    for (let i = 0; i < 200; i++) await Promise.resolve();
    expect(s.asked).toHaveLength(MAX_REREADS_PER_WORKER);
    expect((await s.rereads.list())[0]).toMatchObject({
      state: 'cut',
      reason: 'not read again: too many re-reads since the browser started',
    });
  });
});

describe('RereadWhenIdle after a worker stop', () => {
  it('a re-read left pending by a stopped worker is listed as cut with the reason', async () => {
    const area = memoryArea();
    let now = 1_000;
    const never = new Promise<void>(() => undefined);
    const first = new RereadWhenIdle({ area, clock: { now: () => now }, idle: () => never, askTab: async () => ({ captureId: 'c' }) });
    await first.captured(page('https://stopped.test/', [TIME_CUT]), 4);
    expect((await first.list())[0]?.state).toBe('pending');
    now += STALE_PENDING_MS + 1;
    const restarted = new RereadWhenIdle({
      area,
      clock: { now: () => now },
      idle: async () => undefined,
      askTab: async () => ({ captureId: 'c' }),
    });
    expect(await restarted.list()).toMatchObject([{ state: 'cut', reason: 'not read again: Ariadne stopped before it was idle' }]);
  });
});

describe('RereadWhenIdle: a pending re-read survives a worker stop', () => {
  const never = new Promise<void>(() => undefined);
  const flush = async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  };

  it('is kept with its tab, asks for a wake-up, and the next worker asks the tab once it is idle', async () => {
    const area = memoryArea();
    let wakes = 0;
    const first = new RereadWhenIdle({
      area,
      clock: { now: () => 1_000 },
      idle: () => never, // stopped before it was idle
      askTab: async () => ({ captureId: 'c_first' }),
      wakeLater: () => void (wakes += 1),
    });
    await first.captured(page('https://quay.test/', [TIME_CUT]), 9);
    expect(wakes).toBe(1);
    expect(await first.list()).toMatchObject([{ url: 'https://quay.test/', state: 'pending', tabId: 9 }]);

    const asked: [number, string][] = [];
    const next = new RereadWhenIdle({
      area,
      clock: { now: () => 2_000 },
      idle: async () => undefined,
      askTab: async (tabId, url) => (asked.push([tabId, url]), { captureId: 'c_next' }),
      wakeLater: () => void (wakes += 1),
    });
    await next.resume();
    await flush();
    expect(asked).toEqual([[9, 'https://quay.test/']]);
    expect(await next.list()).toMatchObject([{ state: 'pending', resumes: 1 }]);
    await next.captured(page('https://quay.test/', [REREAD_NOTE]), 9);
    expect(await next.list()).toMatchObject([{ state: 'done' }]);
    // Nothing pending any more: a later alarm asks nothing.
    await next.resume();
    await flush();
    expect(asked).toHaveLength(1);
  });

  it(`is taken up at most ${MAX_REREAD_RESUMES} times, then listed as cut with the reason`, async () => {
    const area = memoryArea();
    const asked: string[] = [];
    const worker = () =>
      new RereadWhenIdle({
        area,
        clock: { now: () => 5_000 },
        idle: () => never,
        askTab: async (_t, url) => (asked.push(url), { captureId: 'c' }),
      });
    await worker().captured(page('https://loop.test/', [TIME_CUT]), 3);
    for (let stop = 0; stop < MAX_REREAD_RESUMES; stop++) {
      await worker().resume();
      expect(await worker().list()).toMatchObject([{ state: 'pending', resumes: stop + 1 }]);
    }
    await worker().resume();
    expect(await worker().list()).toMatchObject([{ state: 'cut', reason: 'not read again: Ariadne stopped before it was idle' }]);
    expect(asked).toEqual([]);
  });

  it('is not asked twice by one worker, nor after the re-read already landed', async () => {
    const area = memoryArea();
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => (release = done));
    const worker = new RereadWhenIdle({
      area,
      clock: { now: () => 7_000 },
      idle: () => gate,
      askTab: async (_t, url) => (asked.push(url), { captureId: 'c' }),
    });
    await worker.captured(page('https://once.test/', [TIME_CUT]), 2);
    await worker.resume(); // the alarm fires while this worker still waits for idle
    // The re-read capture lands (sent by the tab for an earlier ask) before this worker is idle.
    await worker.captured(page('https://once.test/', [REREAD_NOTE]), 2);
    release();
    await flush();
    expect(asked).toEqual([]);
    expect(await worker.list()).toMatchObject([{ state: 'done' }]);
  });
});

describe('queueIdle', () => {
  it('waits until nothing is pending for the settle time, and gives up waiting at the deadline', async () => {
    let clock = 0;
    const pendings = [2, 1, 0, 1, 0, 0];
    const sleeps: number[] = [];
    const limits = { waitMs: 10_000, settleMs: 100, now: () => clock, sleep: async (ms: number) => void (sleeps.push(ms), (clock += ms)) };
    await queueIdle({ drain: async () => undefined, pending: async () => pendings.shift() ?? 0 }, limits);
    expect(pendings).toEqual([]);
    clock = 0;
    await queueIdle({ drain: async () => undefined, pending: async () => 3 }, limits);
    expect(clock).toBeGreaterThanOrEqual(10_000);
  });
});
