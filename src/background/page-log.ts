/**
 * A short list of pages kept in extension storage (it survives a worker stop): newest first,
 * one entry per page, at most `MAX_GAVE_UP_LISTED`, writes one after another (two at once must
 * not drop one). Capture health reads two: pages given up on (gave-up-log.ts) and re-reads
 * (reread-when-idle.ts).
 *
 * @example
 *   const log = new PageLog(browser.storage.local, 'ariadne.captureGaveUp', gaveUpPageSchema);
 *   await log.put({ url, title, reason, at: clock.now() });
 */
import { z } from 'zod';
import { MAX_GAVE_UP_LISTED } from '../messaging/protocol';

/** The part of `browser.storage.local` the log uses. */
export interface KeyValueArea {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

export class PageLog<T extends { readonly url: string }> {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly stored: z.ZodType<T[]>;

  constructor(
    private readonly area: KeyValueArea,
    private readonly key: string,
    entry: z.ZodType<T>,
  ) {
    this.stored = z.array(entry).max(MAX_GAVE_UP_LISTED).catch([]);
  }

  async list(): Promise<T[]> {
    const stored = await this.area.get(this.key).catch(() => ({}) as Record<string, unknown>);
    return this.stored.parse(Object.hasOwn(stored, this.key) ? stored[this.key] : undefined);
  }

  /** Records (or renews) the page's entry, first in the list. */
  put(entry: T): Promise<void> {
    return this.update((pages) => [entry, ...pages]);
  }

  /** The page's entry goes. */
  remove(url: string): Promise<void> {
    return this.update((pages) => pages.filter((p) => p.url !== url));
  }

  update(change: (pages: T[]) => T[]): Promise<void> {
    const run = this.chain.then(async () => {
      const before = await this.list();
      const after = change(before);
      // One entry per page, the newest; bounded.
      const seen = new Set<string>();
      const unique = after.filter((p) => !seen.has(p.url) && (seen.add(p.url), true)).slice(0, MAX_GAVE_UP_LISTED);
      if (unique.length === before.length && unique.every((p, i) => p === before[i])) return;
      await this.area.set({ [this.key]: unique });
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}
