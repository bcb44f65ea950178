/**
 * Pages a content script gave up on (`capture.gaveUp`): reading the page threw, the background
 * refused its capture or never answered. Kept in extension storage (survives a worker stop),
 * newest first, one entry per page, at most `MAX_GAVE_UP_LISTED`; a later capture of the page
 * clears its entry. Capture health lists them with their reason, and `npm start -- --headless`
 * prints the reason instead of a bare timeout.
 *
 * @example
 *   const log = new GaveUpLog(browser.storage.local, systemClock);
 *   await log.record({ url, title, reason: 'reading the page failed: …' });
 *   (await log.list())[0].reason;
 */
import type { Clock } from '../core/graph/ids';
import type { GaveUpPage } from '../messaging/protocol';
import { gaveUpPageSchema } from '../messaging/protocol';
import type { KeyValueArea } from './page-log';
import { PageLog } from './page-log';

export type { KeyValueArea } from './page-log';

/** The storage key (in `storage.local`, beside the settings). */
export const GAVE_UP_KEY = 'ariadne.captureGaveUp';

export class GaveUpLog {
  private readonly log: PageLog<GaveUpPage>;

  constructor(
    area: KeyValueArea,
    private readonly clock: Clock,
  ) {
    this.log = new PageLog(area, GAVE_UP_KEY, gaveUpPageSchema);
  }

  list(): Promise<GaveUpPage[]> {
    return this.log.list();
  }

  /** Records (or renews) the page's entry. */
  async record(page: { readonly url: string; readonly title: string; readonly reason: string }): Promise<{ recorded: boolean }> {
    await this.log.put({ url: page.url, title: page.title, reason: page.reason, at: this.clock.now() });
    return { recorded: true };
  }

  /** The page was captured after all: its entry goes. */
  captured(url: string): Promise<void> {
    return this.log.remove(url);
  }
}
