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
import { z } from 'zod';
import type { Clock } from '../core/graph/ids';
import type { GaveUpPage } from '../messaging/protocol';
import { gaveUpPageSchema, MAX_GAVE_UP_LISTED } from '../messaging/protocol';

/** The storage key (in `storage.local`, beside the settings). */
export const GAVE_UP_KEY = 'ariadne.captureGaveUp';

/** The part of `browser.storage.local` the log uses. */
export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

const storedSchema = z.array(gaveUpPageSchema).max(MAX_GAVE_UP_LISTED).catch([]);

export class GaveUpLog {
  /** Writes run one after another: two give-ups at once must not drop one. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly area: KeyValueArea,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<GaveUpPage[]> {
    const stored = await this.area.get(GAVE_UP_KEY).catch(() => ({}) as Record<string, unknown>);
    return storedSchema.parse(Object.hasOwn(stored, GAVE_UP_KEY) ? stored[GAVE_UP_KEY] : undefined);
  }

  /** Records (or renews) the page's entry. */
  record(page: { readonly url: string; readonly title: string; readonly reason: string }): Promise<{ recorded: boolean }> {
    return this.update((pages) => [{ url: page.url, title: page.title, reason: page.reason, at: this.clock.now() }, ...pages]).then(() => ({
      recorded: true,
    }));
  }

  /** The page was captured after all: its entry goes. */
  captured(url: string): Promise<void> {
    return this.update((pages) => pages.filter((p) => p.url !== url));
  }

  private update(change: (pages: GaveUpPage[]) => GaveUpPage[]): Promise<void> {
    const run = this.chain.then(async () => {
      const before = await this.list();
      const after = change(before);
      // One entry per page, the newest; bounded.
      const seen = new Set<string>();
      const unique = after.filter((p) => !seen.has(p.url) && (seen.add(p.url), true)).slice(0, MAX_GAVE_UP_LISTED);
      if (unique.length === before.length && unique.every((p, i) => p === before[i])) return;
      await this.area.set({ [GAVE_UP_KEY]: unique });
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
