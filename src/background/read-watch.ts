/**
 * A deadline on each reading a content script starts (`capture.started`). Reading is
 * synchronous in the page: a page that hangs it (a loop in the reader, a page that blocks its
 * own thread) leaves the content script no moment to report. When neither its capture nor a
 * give-up arrives within `READ_DEADLINE_MS`, the page is recorded in capture health with that
 * reason, so no page goes missing silently.
 *
 * @example
 *   const watch = new ReadWatch((page) => gaveUp.record(page));
 *   watch.started(7, url, title); … watch.settled(7, url);
 */

/** A reading has 1.5 s of budget (6 s for a re-read); 30 s is far past any reading that is still alive on a loaded machine. */
export const READ_DEADLINE_MS = 30_000;
/** Readings watched at once at most (one per tab in practice). */
const MAX_WATCHED = 200;

export type OnOverdue = (page: { readonly url: string; readonly title: string; readonly reason: string }) => unknown;

export class ReadWatch {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly overdue: OnOverdue,
    private readonly deadlineMs = READ_DEADLINE_MS,
  ) {}

  /** Tab `tabId` started reading `url`. Returns whether it is watched (false past the bound). */
  started(tabId: number, url: string, title: string): boolean {
    const key = `${tabId} ${url}`;
    this.settled(tabId, url);
    if (this.timers.size >= MAX_WATCHED) return false;
    const reason = `reading the page did not finish within ${Math.round(this.deadlineMs / 1000)} s (the page may have hung the reader)`;
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        void Promise.resolve(this.overdue({ url, title, reason })).catch(() => undefined);
      }, this.deadlineMs),
    );
    return true;
  }

  /** Its capture or give-up arrived: no deadline any more. */
  settled(tabId: number | undefined, url: string): void {
    if (tabId === undefined) return;
    const key = `${tabId} ${url}`;
    const timer = this.timers.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(key);
  }
}
