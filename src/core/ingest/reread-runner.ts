/**
 * Re-reading many pages in the background: all pages, or those an older analyzer read,
 * one page per write turn (`rereadPage` takes the graph's writer for one page only, so
 * captures and tool calls go in between), with progress (N of M, the current page) and a
 * cancel that stops before the next page. One run at a time per graph; a page that fails
 * is counted and the run goes on.
 *
 * @example
 *   const runner = new RereadRunner(deps);
 *   runner.start('outdated'); // { state: 'running', done: 0, total: 12, … }
 *   runner.status();          // { state: 'running', done: 5, total: 12, current: { url, title } }
 */
import { AriadneError } from '../errors';
import type { RereadDeps, RereadOutcome } from './reread';
import { rereadPage } from './reread';

/** Pages one run re-reads at most (newest first); a larger graph is re-read by running again. */
export const MAX_REREAD_PAGES = 20_000;

export type RereadScope = 'all' | 'outdated';

export interface RereadProgress {
  readonly state: 'idle' | 'running' | 'done' | 'cancelled';
  readonly scope?: RereadScope;
  readonly done: number;
  readonly total: number;
  readonly failed: number;
  /** The page being read now. */
  readonly current?: { readonly url: string; readonly title: string };
  /** The last failure's message (plain text). */
  readonly lastError?: string;
  readonly startedAt?: number;
  readonly finishedAt?: number;
}

/** What the `page_reread` tool needs of a runner (the background builds one per graph). */
export interface PageRereader {
  readonly analyzerVersion: number;
  rereadOne(url: string): Promise<RereadOutcome>;
  start(scope: RereadScope): Promise<RereadProgress>;
  status(): RereadProgress;
  cancel(): RereadProgress;
  /** Pages read by an older analyzer version (or before versions were recorded). */
  countOutdated(): Promise<number>;
}

export class RereadRunner implements PageRereader {
  readonly analyzerVersion: number;
  private progress: RereadProgress = { state: 'idle', done: 0, total: 0, failed: 0 };
  private cancelled = false;
  private run: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RereadDeps) {
    this.analyzerVersion = deps.analyzerVersion;
  }

  rereadOne(url: string): Promise<RereadOutcome> {
    return rereadPage(url, this.deps);
  }

  async start(scope: RereadScope): Promise<RereadProgress> {
    if (this.progress.state === 'running') return this.progress;
    const urls = await this.pagesToRead(scope);
    this.cancelled = false;
    this.progress = { state: 'running', scope, done: 0, total: urls.length, failed: 0, startedAt: this.deps.clock.now() };
    this.run = this.readAll(urls);
    return this.progress;
  }

  status(): RereadProgress {
    return this.progress;
  }

  cancel(): RereadProgress {
    if (this.progress.state === 'running') this.cancelled = true;
    return this.progress;
  }

  /** Resolves when the current run (if any) has ended. */
  idle(): Promise<void> {
    return this.run;
  }

  async countOutdated(): Promise<number> {
    return (await this.pagesToRead('outdated')).length;
  }

  private async pagesToRead(scope: RereadScope): Promise<string[]> {
    const pages = await this.deps.store.listPages({ limit: MAX_REREAD_PAGES });
    return pages.filter((p) => scope === 'all' || (p.analyzerVersion ?? 0) < this.analyzerVersion).map((p) => p.url);
  }

  private async readAll(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      if (this.cancelled) {
        this.finish('cancelled');
        return;
      }
      const page = await this.deps.store.getPage(url);
      // Deleted since the run started: nothing to read, and not a failure.
      if (page !== undefined) {
        this.progress = { ...this.progress, current: { url, title: page.title } };
        try {
          await rereadPage(url, this.deps);
        } catch (error) {
          const message = error instanceof AriadneError || error instanceof Error ? error.message : String(error);
          this.progress = { ...this.progress, failed: this.progress.failed + 1, lastError: message.slice(0, 300) };
        }
      }
      this.progress = { ...this.progress, done: this.progress.done + 1 };
    }
    this.finish(this.cancelled ? 'cancelled' : 'done');
  }

  private finish(state: 'done' | 'cancelled'): void {
    const { current: _current, ...rest } = this.progress;
    this.progress = { ...rest, state, finishedAt: this.deps.clock.now() };
  }
}
