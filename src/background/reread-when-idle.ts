/**
 * Re-reads, once the worker is idle, the pages whose in-page reading or whose analysis the
 * (wall-clock) time budget cut on a busy machine (`analysisCut`, told after ingestion). On each capture: a reading cut by time alone is put `pending`
 * and, when the capture queue has nothing left to ingest (bounded wait), the tab still on the
 * page is asked to read it again with a larger budget (`capture.reread`); the re-read's own
 * capture then sets the entry `done`, or `cut` when even that reading was cut. Bounded: one
 * re-read per page per worker, at most `MAX_REREADS_PER_WORKER` in all, one at a time; never for
 * a page its size cut (the adversarial classes), a manual re-read or a page with no tab.
 * Capture health lists the entries (pending / done / cut with the reason).
 *
 * The pending entry is in extension storage with its tab, and an alarm (`REREAD_ALARM`) is set:
 * the browser stops an idle service worker after about 30 s, and the next worker (woken by the
 * alarm, or by anything else) takes the re-read up again (`resume`), at most `MAX_REREAD_RESUMES`
 * times per page.
 *
 * @example
 *   const rereads = new RereadWhenIdle({ log, clock, idle: () => queue.idle(), askTab });
 *   void rereads.captured(capture, tabId); // from the page.captured handler
 */
import type { PageCapture } from '../core/capture';
import type { Clock } from '../core/graph/ids';
import { readingCut } from '../extract/page/capture-page';
import { isReread } from '../messaging/capture-reread';
import type { CaptureNowReply } from '../messaging/capture-now';
import type { RereadPage } from '../messaging/protocol';
import { rereadPageSchema } from '../messaging/protocol';
import type { KeyValueArea } from './page-log';
import { PageLog } from './page-log';

/** The storage key (in `storage.local`, beside the pages given up on). */
export const REREAD_KEY = 'ariadne.captureRereads';
/** Re-reads one worker asks for at most: a machine busy for hours must not turn into a re-read loop. */
export const MAX_REREADS_PER_WORKER = 50;
/**
 * A re-read still `pending` this long after it was asked for will not come: the worker that was
 * to ask for it stopped (the browser ends idle service workers). Listed as cut, with that reason.
 */
export const STALE_PENDING_MS = 5 * 60_000;
/** Times a pending re-read is taken up again by a restarted worker before it is listed as cut. */
export const MAX_REREAD_RESUMES = 2;
/** The alarm that wakes a stopped worker to take pending re-reads up again. */
export const REREAD_ALARM = 'ariadne.reread';
/** Its delay: Chromium's shortest alarm delay is 30 s. */
export const REREAD_ALARM_DELAY_MINUTES = 0.5;

export interface RereadDeps {
  readonly area: KeyValueArea;
  readonly clock: Clock;
  /** Resolves once the capture queue has nothing left to ingest (or its bounded wait ran out). */
  readonly idle: () => Promise<void>;
  /** Asks tab `tabId` to read `url` again; the reply says whether it did. */
  readonly askTab: (tabId: number, url: string) => Promise<CaptureNowReply>;
  /** Asks to be woken (`resume`) a little later even if this worker stops meanwhile (an alarm). */
  readonly wakeLater?: () => void;
}

export class RereadWhenIdle {
  private readonly log: PageLog<RereadPage>;
  private readonly asked = new Set<string>();
  /** Re-reads this worker has in its chain: `resume` does not ask for them twice. */
  private readonly scheduled = new Set<string>();
  /** Re-reads run one after another, each after the queue went idle. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: RereadDeps) {
    this.log = new PageLog(deps.area, REREAD_KEY, rereadPageSchema);
  }

  async list(): Promise<RereadPage[]> {
    const now = this.deps.clock.now();
    return (await this.log.list()).map((p) =>
      p.state === 'pending' && now - p.at > STALE_PENDING_MS
        ? { ...p, state: 'cut', reason: 'not read again: Ariadne stopped before it was idle' }
        : p,
    );
  }

  /** A capture was accepted from `tabId` (undefined: not from a tab). Resolves once the entry is written (not when the re-read ran). */
  async captured(capture: Pick<PageCapture, 'url' | 'title' | 'notes' | 'trigger'>, tabId: number | undefined): Promise<void> {
    const cut = readingCut(capture);
    if (isReread(capture)) {
      await this.set(
        capture,
        cut === undefined ? 'done' : 'cut',
        cut === undefined ? undefined : `read again with more time, still cut (${cut})`,
      );
      return;
    }
    if (cut !== 'time') return;
    return this.askLater(capture, tabId);
  }

  /**
   * The analysis of a capture from `tabId` stopped at its (wall-clock) budget before the end of
   * the text: the page is read again when idle, as a reading the budget cut is (never one its
   * size cut; a re-read whose analysis stopped again is listed as cut).
   */
  async analysisCut(capture: Pick<PageCapture, 'url' | 'title' | 'notes' | 'trigger'>, tabId: number | undefined): Promise<void> {
    if (readingCut(capture) === 'size') return;
    if (isReread(capture)) return this.set(capture, 'cut', 'read again with more time, the analysis still stopped');
    return this.askLater(capture, tabId);
  }

  private async askLater(capture: Pick<PageCapture, 'url' | 'title'>, tabId: number | undefined): Promise<void> {
    if (tabId === undefined) return this.set(capture, 'cut', 'not read again: the capture came from no tab');
    if (this.asked.has(capture.url)) return this.set(capture, 'cut', 'not read again: it was re-read once already');
    if (this.asked.size >= MAX_REREADS_PER_WORKER)
      return this.set(capture, 'cut', 'not read again: too many re-reads since the browser started');
    this.asked.add(capture.url);
    this.scheduled.add(capture.url);
    await this.set(capture, 'pending', undefined, { tabId });
    this.deps.wakeLater?.();
    this.schedule(capture, tabId);
  }

  /**
   * Takes up the re-reads a stopped worker left pending (at start, and when the alarm fires): each
   * is asked for again once this worker is idle, at most `MAX_REREAD_RESUMES` times per page;
   * past that, or without its tab, it is listed as cut.
   */
  async resume(): Promise<void> {
    const now = this.deps.clock.now();
    for (const entry of await this.log.list()) {
      if (entry.state !== 'pending' || this.scheduled.has(entry.url)) continue;
      const resumes = (entry.resumes ?? 0) + 1;
      if (entry.tabId === undefined || now - entry.at > STALE_PENDING_MS || resumes > MAX_REREAD_RESUMES) {
        await this.set(entry, 'cut', 'not read again: Ariadne stopped before it was idle');
        continue;
      }
      this.asked.add(entry.url);
      this.scheduled.add(entry.url);
      await this.set(entry, 'pending', undefined, { tabId: entry.tabId, resumes });
      this.deps.wakeLater?.();
      this.schedule(entry, entry.tabId);
    }
  }

  private schedule(capture: Pick<PageCapture, 'url' | 'title'>, tabId: number): void {
    const run = this.chain.then(() => this.reread(capture, tabId)).finally(() => this.scheduled.delete(capture.url));
    this.chain = run.catch(() => undefined);
  }

  private async reread(capture: Pick<PageCapture, 'url' | 'title'>, tabId: number): Promise<void> {
    await this.deps.idle();
    // Read again meanwhile (a restarted worker took it up while the re-read capture was on its way): not asked twice.
    if ((await this.log.list()).find((p) => p.url === capture.url)?.state !== 'pending') return;
    let reply: CaptureNowReply;
    try {
      reply = await this.deps.askTab(tabId, capture.url);
    } catch (error) {
      reply = { skipped: `the tab did not answer (${error instanceof Error ? error.message : String(error)})` };
    }
    // A re-read capture sets the entry itself when it arrives; anything else is why it did not run.
    if (!('captureId' in reply)) await this.set(capture, 'cut', `not read again: ${'skipped' in reply ? reply.skipped : 'a PDF'}`);
  }

  private set(
    capture: Pick<PageCapture, 'url' | 'title'>,
    state: RereadPage['state'],
    reason?: string,
    pending: Pick<RereadPage, 'tabId' | 'resumes'> = {},
  ): Promise<void> {
    return this.log.put({
      url: capture.url,
      title: capture.title.slice(0, 1000),
      state,
      ...(reason === undefined ? {} : { reason: reason.slice(0, 300) }),
      at: this.deps.clock.now(),
      ...pending,
    });
  }
}

/** Longest wait for an idle queue before the re-read runs anyway (bounded; the tab may close meanwhile). */
export const IDLE_WAIT_MS = 60_000;
/** The queue must stay empty this long: captures of a burst of pages arrive a little apart. */
export const IDLE_SETTLE_MS = 1_000;

/**
 * Resolves once the queue has nothing pending for `IDLE_SETTLE_MS`, or after `IDLE_WAIT_MS` in all.
 *
 * @example
 *   const idle = () => queueIdle({ drain: () => queue.drain(), pending: async () => (await queue.status()).pending });
 */
export async function queueIdle(
  queue: { drain(): Promise<void>; pending(): Promise<number> },
  limits: { waitMs?: number; settleMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const now = limits.now ?? (() => performance.now());
  const sleep = limits.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const settle = limits.settleMs ?? IDLE_SETTLE_MS;
  const deadline = now() + (limits.waitMs ?? IDLE_WAIT_MS);
  while (now() < deadline) {
    await queue.drain().catch(() => undefined);
    if ((await queue.pending().catch(() => 1)) === 0) {
      await sleep(settle);
      if ((await queue.pending().catch(() => 1)) === 0) return;
    } else {
      await sleep(settle);
    }
  }
}
