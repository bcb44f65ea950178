/**
 * The toolbar badge: per tab, how many entities the page in it contributed (set
 * after its capture is ingested, cleared when the tab navigates); globally, a
 * visible "paused" state ("II", and every badge grey) while capture is paused. A
 * tab's own text wins over the global one, so a paused browser still shows counts
 * (on grey) of pages the user captured by hand. Colours are global only: Chromium
 * cannot reset a tab's own colour, and a stale one would hide the paused state.
 *
 * @example
 *   const badge = new CaptureBadge(browser.action);
 *   badge.expect(captureId, tabId);        // when the tab's capture is accepted
 *   await badge.ingested(captureId, 7);    // → "7" on that tab
 */

/** The parts of `browser.action` the badge uses (Chromium's `chrome.action`). */
export interface BadgeAction {
  /** With a tabId and no text, the tab shows the global text again. */
  setBadgeText(details: { text?: string; tabId?: number }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
  setTitle(details: { title: string; tabId?: number }): Promise<void>;
}

/** Captures waiting to be ingested whose tab is remembered (older ones just show no count). */
const MAX_PENDING_TABS = 500;
/** A badge fits about four characters. */
const MAX_SHOWN_COUNT = 999;
/** Paused: two bars on grey, readable at badge size and distinct from a count. */
export const PAUSED_TEXT = 'II';
const PAUSED_COLOR = '#6b7280';
/** Counts on Ariadne's accent blue. */
const COUNT_COLOR = '#2563eb';
/** A refused explicit capture: a cross, with the reason in the tooltip. */
export const REFUSED_TEXT = '×';
const TITLE = 'Ariadne: open the side panel';
const PAUSED_TITLE = `${TITLE} (capture is paused)`;

export class CaptureBadge {
  private readonly action: BadgeAction | undefined;
  private readonly pending = new Map<string, number>();
  private isPaused = false;

  constructor(action: BadgeAction | undefined) {
    this.action = action;
  }

  /** The capture `captureId` came from tab `tabId`: its count goes there once ingested. */
  expect(captureId: string, tabId: number): void {
    this.pending.delete(captureId);
    this.pending.set(captureId, tabId);
    if (this.pending.size > MAX_PENDING_TABS) {
      const oldest = this.pending.keys().next();
      if (!oldest.done) this.pending.delete(oldest.value);
    }
  }

  /** The tab capture `captureId` came from, while it waits to be ingested. */
  tabOf(captureId: string): number | undefined {
    return this.pending.get(captureId);
  }

  /** A capture was ingested and its page now lists `entities` entities. */
  async ingested(captureId: string, entities: number): Promise<void> {
    const tabId = this.pending.get(captureId);
    this.pending.delete(captureId);
    if (tabId !== undefined) await this.showCount(tabId, entities);
  }

  /** Shows a page's entity count on its tab (after a capture or a clip). */
  async showCount(tabId: number, entities: number): Promise<void> {
    const text = entities > MAX_SHOWN_COUNT ? `${MAX_SHOWN_COUNT}+` : String(entities);
    await this.call(async (a) => {
      await a.setBadgeText({ tabId, text });
      await a.setTitle({ tabId, title: `Ariadne: ${entities} ${entities === 1 ? 'entity' : 'entities'} from this page` });
    });
  }

  /** An explicit capture was refused: say so on the tab, with the reason as tooltip. */
  async refused(tabId: number, reason: string): Promise<void> {
    await this.call(async (a) => {
      await a.setBadgeText({ tabId, text: REFUSED_TEXT });
      await a.setTitle({ tabId, title: `Ariadne: not captured. ${reason}` });
    });
  }

  /** The tab left its page: its count no longer applies (the global state shows again). */
  async navigated(tabId: number): Promise<void> {
    for (const [captureId, tab] of this.pending) if (tab === tabId) this.pending.delete(captureId);
    await this.call(async (a) => {
      await a.setBadgeText({ tabId });
      // A tab's own title cannot be unset: it gets the global one.
      await a.setTitle({ tabId, title: this.isPaused ? PAUSED_TITLE : TITLE });
    });
  }

  /** Shows or hides the global paused state. */
  async paused(paused: boolean): Promise<void> {
    this.isPaused = paused;
    await this.call(async (a) => {
      await a.setBadgeBackgroundColor({ color: paused ? PAUSED_COLOR : COUNT_COLOR });
      await a.setBadgeText({ text: paused ? PAUSED_TEXT : '' });
      await a.setTitle({ title: paused ? PAUSED_TITLE : TITLE });
    });
  }

  /** Badge updates are cosmetic: a closed tab or a missing API must not fail a capture. */
  private async call(fn: (action: BadgeAction) => Promise<void>): Promise<void> {
    if (this.action === undefined) return;
    await fn(this.action).catch(() => undefined);
  }
}
