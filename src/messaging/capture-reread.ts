/**
 * Re-reading a page the time budget cut. The budget is wall-clock: on a busy machine a normal
 * page runs out of it with part of its text unread. The background, once its capture queue is
 * idle, asks the tab (still on that page) to read it once more with a larger budget; the new
 * capture replaces the first in the graph and says so in its notes. Never for a page cut by its
 * size (the adversarial classes: huge, deep or 50k-node pages would be cut again), never more
 * than once per page and worker. This file is the message both sides share; the scheduling is
 * `background/reread-when-idle.ts`.
 *
 * @example
 *   if (worthRereading(capture)) await browser.tabs.sendMessage(tabId, rereadMessage(capture.url));
 */
import type { PageCapture } from '../core/capture';
import { readingCut } from '../extract/page/capture-page';

/** Budget of the re-read: four times the first (1.5 s), still bounded; the worker is idle then. */
export const REREAD_BUDGET_MS = 6_000;
/** The note the re-read capture carries first. */
export const REREAD_NOTE = 're-read at idle: the first reading was cut by the time budget';

export interface RereadMessage {
  readonly type: 'capture.reread';
  /** The page to read again: a tab that has moved on to another page does not read. */
  readonly url: string;
}

/** True when `capture` was cut by the time budget only, so reading it again with more time is worth it. */
export function worthRereading(capture: Pick<PageCapture, 'notes'> | undefined): boolean {
  return capture !== undefined && readingCut(capture) === 'time';
}

/** True for the re-read capture itself (its first note says so). */
export function isReread(capture: Pick<PageCapture, 'notes'>): boolean {
  return capture.notes[0] === REREAD_NOTE;
}

export function rereadMessage(url: string): RereadMessage {
  return { type: 'capture.reread', url };
}

/** The page `message` asks to re-read when it is a re-read request, else undefined. Checked by hand (no schema library in the page). */
export function rereadRequestUrl(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  if (!('type' in message) || message.type !== 'capture.reread') return undefined;
  return 'url' in message && typeof message.url === 'string' ? message.url : undefined;
}
