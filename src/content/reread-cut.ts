/**
 * A page whose automatic reading was cut by the time budget (the budget is wall-clock: on a
 * busy machine a normal page runs out of it with part of its text unread) is read once more,
 * in the next idle period of the page, with a larger budget; the new capture replaces the first
 * in the graph and says so in its notes. Never for a page cut by its size (the adversarial
 * classes: huge, deep or 50k-node pages would be cut again), never more than once per visit.
 *
 * @example
 *   await captureAndSend(document, location.href, { trigger: 'auto', onCapture: (c) => (first = c) });
 *   await rereadIfCut(first, window, () => captureAndSend(document, location.href, rereadOptions));
 */
import type { PageCapture } from '../core/capture';
import { readingCut } from '../extract/page/capture-page';
import type { IdleWindow } from './idle';

/** Budget of the re-read: four times the first (1.5 s), still bounded; the page is idle then. */
export const REREAD_BUDGET_MS = 6_000;
/** Longest wait for an idle period before the re-read runs anyway. */
export const REREAD_IDLE_TIMEOUT_MS = 10_000;
/** The note the re-read capture carries first. */
export const REREAD_NOTE = 're-read at idle: the first reading was cut by the time budget';

/** True when `capture` was cut by the time budget only, so reading it again with more time is worth it. */
export function worthRereading(capture: Pick<PageCapture, 'notes'> | undefined): boolean {
  return capture !== undefined && readingCut(capture) === 'time';
}

/** Waits for an idle period (bounded), then runs `reread` once when `first` is worth it. Resolves with whether it ran. */
export async function rereadIfCut(
  first: Pick<PageCapture, 'notes'> | undefined,
  win: Pick<IdleWindow, 'setTimeout' | 'requestIdleCallback'>,
  reread: () => Promise<unknown>,
): Promise<boolean> {
  if (!worthRereading(first)) return false;
  await new Promise<void>((resolve) => {
    if (win.requestIdleCallback) win.requestIdleCallback(() => resolve(), { timeout: REREAD_IDLE_TIMEOUT_MS });
    else win.setTimeout(resolve, 0);
  });
  await reread();
  return true;
}
