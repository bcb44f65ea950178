/**
 * Reading captured pages with the user's LLM, as a step after the offline ingestion:
 * the capture's offline results are stored first, then the page is queued here and
 * read in the background, one page at a time, never inside the capture queue. A
 * reading that fails, times out or answers garbage only ends that reading; what the
 * offline extractor stored stays as it was. What the model says is verified against
 * the page text (`core/llm-read`) and ingested through the same resolver, with every
 * evidence row marked `extractor: 'llm'` and the model's name.
 *
 * The queue is held in memory: a worker stopped with pages still queued loses those
 * readings (their offline results are stored), and the user can ask for any page again.
 *
 * @example
 *   const llm = new LlmReadingQueue({ graph, store, clock, ids, settings: readSettings, usage });
 *   llm.afterCapture(capture);           // read too, when the user turned reading on
 *   await llm.readPage('https://…');     // the user's "Read this page with the LLM"
 */
import { z } from 'zod';
import { pageReaderFor } from '../adapters/llm/page-readers';
import type { OneRowStore } from '../adapters/indexeddb-one-row';
import type { PageCapture } from '../core/capture';
import { NotFoundError, toErrorShape } from '../core/errors';
import type { Clock, IdSource } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import { ingestInto } from '../core/ingest/ingest';
import type { DailyUsage } from '../core/llm-read/budget';
import { chargeTokens, pageAllowance, spentToday } from '../core/llm-read/budget';
import type { ForgetOutcome } from '../core/llm-read/forget';
import { forgetLlmReading, forgetLlmReadings } from '../core/llm-read/forget';
import type { PageReading } from '../core/llm-read/read-page';
import { readPage } from '../core/llm-read/read-page';
import type { PageReader } from '../core/llm-read/reader.port';
import { findingsAnalysis } from '../core/llm-read/to-analysis';
import { droppedTotal } from '../core/llm-read/verify';
import { createResolver } from '../core/resolve/resolver';
import type { Settings } from '../core/settings';
import type { PageWriteRecorder } from '../core/tools/write-report';
import { capturePolicy } from '../core/capture-policy';
import type { LlmForgetResult, LlmReading, LlmStatus } from '../messaging/protocol';
import { MAX_LLM_READINGS_LISTED } from '../messaging/protocol';

/** Captures whose text is kept for "Read this page with the LLM" (about 200 kB each at most). */
const RECENT_TEXTS = 20;
/** Pages waiting to be read at most; past it the oldest wait is dropped (its offline results are stored). */
const MAX_QUEUED = 200;

const usageSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), tokens: z.number().int().nonnegative() });

export interface LlmReadingDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly settings: () => Promise<Settings>;
  /** Where today's token count is kept (survives worker restarts). */
  readonly usage: OneRowStore;
  /** Every page whose evidence an LLM contributed to (for "delete all"). */
  readonly pagesWithLlmEvidence: () => Promise<readonly string[]>;
  /** The reader for the configured provider (default: `pageReaderFor`). */
  readonly readerFor?: (llm: Settings['llm']) => PageReader | undefined;
  /**
   * Records a page whose findings were ingested (its changes) and the readings forgotten (tombstones), in their write
   * turn: team sync's queue rows commit with the writes.
   */
  readonly recorder?: PageWriteRecorder;
}

interface Job {
  readonly url: string;
  readonly title: string;
  readonly text: string;
  readonly capturedAt: number;
  /** The user asked for this page: read even with automatic reading off. */
  readonly requested: boolean;
}

export class LlmReadingQueue {
  private readonly jobs: Job[] = [];
  private readonly texts = new Map<string, Job>();
  private readonly recent: LlmReading[] = [];
  private running: string | undefined;
  private draining: Promise<void> | undefined;
  private counts = { done: 0, failed: 0, skipped: 0 };

  constructor(private readonly deps: LlmReadingDeps) {}

  /** A capture's offline results are stored: queue it for reading when the user turned reading on. */
  afterCapture(capture: PageCapture): void {
    const job: Job = { url: capture.url, title: capture.title, text: capture.text, capturedAt: capture.capturedAt, requested: false };
    this.texts.delete(job.url);
    this.texts.set(job.url, job);
    if (this.texts.size > RECENT_TEXTS) this.texts.delete(this.texts.keys().next().value ?? '');
    void this.deps.settings().then(
      (s) => {
        if (s.llm.readPages) this.enqueue(job);
      },
      () => undefined, // unreadable settings: reading stays off, the capture is stored all the same
    );
  }

  /**
   * The user's "Read this page with the LLM": its last capture's text when this worker
   * still has it, else the sentences the page record keeps. Throws `not_found` when
   * Ariadne has no text of that page.
   */
  async readPage(url: string): Promise<{ queued: true; url: string }> {
    const cached = this.texts.get(url);
    if (cached !== undefined) {
      this.enqueue({ ...cached, requested: true });
      return { queued: true, url };
    }
    const page = await this.deps.store.getPage(url);
    if (page === undefined)
      throw new NotFoundError(
        'This page has not been captured: capture it first (Alt+Shift+A or the right-click menu), then read it with the LLM.',
      );
    const sentences = page.sentences ?? [];
    if (sentences.length === 0)
      throw new NotFoundError(
        'Ariadne keeps no text of this page (sentence keeping is off, or it named no entity): capture it again, then read it with the LLM.',
      );
    this.enqueue({ url, title: page.title, text: sentences.join('\n'), capturedAt: page.capturedAt, requested: true });
    return { queued: true, url };
  }

  async status(): Promise<LlmStatus> {
    const settings = await this.deps.settings();
    return {
      enabled: settings.llm.readPages,
      queued: this.jobs.length,
      ...(this.running === undefined ? {} : { running: this.running }),
      ...this.counts,
      tokensToday: spentToday(await this.loadUsage(), this.deps.clock.now()),
      recent: [...this.recent],
    };
  }

  /** Deletes what LLM reading added in this queue's workspace: to one page, or to every page. */
  async forget(url?: string): Promise<LlmForgetCounts> {
    const { graph, store, recorder } = this.deps;
    const deps = { graph, store, ...(recorder === undefined ? {} : { recorder }) };
    const pages = url === undefined ? await this.deps.pagesWithLlmEvidence() : [url];
    const outcome: ForgetOutcome = url === undefined ? await forgetLlmReadings(deps, pages) : await forgetLlmReading(deps, url);
    return { pages: pages.length, ...outcome };
  }

  /** Resolves once every queued page has been read (for tests and the figures). */
  idle(): Promise<void> {
    return this.draining ?? Promise.resolve();
  }

  private enqueue(job: Job): void {
    const at = this.jobs.findIndex((j) => j.url === job.url);
    if (at >= 0) this.jobs.splice(at, 1);
    this.jobs.push(job);
    if (this.jobs.length > MAX_QUEUED) this.jobs.shift();
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
    });
  }

  private async drain(): Promise<void> {
    for (let job = this.jobs.shift(); job !== undefined; job = this.jobs.shift()) {
      this.running = job.url;
      const started = this.deps.clock.now();
      const outcome = await this.read(job).catch((error: unknown): Omit<LlmReading, 'url' | 'ms'> => failed(toErrorShape(error).message));
      this.running = undefined;
      this.record({ url: job.url, ms: Math.max(0, this.deps.clock.now() - started), ...outcome });
    }
  }

  private async read(job: Job): Promise<Omit<LlmReading, 'url' | 'ms'>> {
    const settings = await this.deps.settings();
    if (!job.requested && !settings.llm.readPages) return skipped('reading pages with the LLM was turned off');
    const decision = capturePolicy(job.url, settings.capture, 'manual');
    if (!decision.allowed) return skipped(decision.reason);
    const reader = (this.deps.readerFor ?? pageReaderFor)(settings.llm);
    if (reader === undefined)
      return skipped(
        settings.llm.provider === 'prompt-api'
          ? "the browser's built-in model is not available to the background here"
          : 'no LLM is configured (Settings → Answering questions)',
      );
    const now = this.deps.clock.now();
    const usage = await this.loadUsage();
    const allowance = pageAllowance({ pageTokens: settings.llm.readTokensPerPage, dailyTokens: settings.llm.readTokensPerDay }, usage, now);
    if (allowance.reason !== undefined) return skipped(allowance.reason);
    const reading = await readPage({ title: job.title, text: job.text }, reader, {
      chunkTokens: settings.llm.readChunkTokens,
      pageTokens: allowance.tokens,
    });
    if (reading.chunks === 0)
      return skipped(
        `${allowance.tokens} tokens (what is left of the page or day budget) do not pay for one part of the page with its prompt`,
      );
    await this.deps.usage.save(chargeTokens(usage, now, reading.tokensUsed)).catch(() => undefined);
    // No answer the schema's JSON: nothing was read, whether the calls failed or the model answered something else.
    if (reading.chunksParsed === 0)
      return {
        ...failed(
          reading.error ??
            `the model's ${reading.chunksMalformed === 1 ? 'answer was' : `${reading.chunksMalformed} answers were`} not the schema's JSON`,
        ),
        model: reader.model,
        tokens: reading.tokensUsed,
      };
    await this.ingestFindings(job, reading, settings);
    return summary(reading);
  }

  /** Verified findings through the resolver, as the offline ones go, marked with the model. */
  private async ingestFindings(job: Job, reading: PageReading, settings: Settings): Promise<void> {
    if (reading.findings.entities.length === 0) return;
    const { graph, store, clock, ids } = this.deps;
    const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
    const recorder = await this.deps.recorder?.prepare();
    // One write turn, as `ingestCapture` runs it, with the page's record for the team in it.
    await graph.exclusive(
      async (session) => {
        await ingestInto(
          session,
          findingsAnalysis({ url: job.url, title: job.title }, reading.findings),
          { service: graph, resolver, store, clock, ids, settings: { autoAcceptThreshold: settings.resolver.autoAcceptThreshold } },
          { capturedAt: job.capturedAt, provenance: { extractor: 'llm', model: reading.model } },
        );
        await recorder?.record({ url: job.url, rewritten: true });
      },
      { atomic: true },
    );
    recorder?.committed();
  }

  private record(reading: LlmReading): void {
    this.counts = { ...this.counts, [reading.state]: this.counts[reading.state] + 1 };
    this.recent.unshift(reading);
    this.recent.splice(MAX_LLM_READINGS_LISTED);
  }

  private async loadUsage(): Promise<DailyUsage | undefined> {
    const parsed = usageSchema.safeParse(await this.deps.usage.load().catch(() => undefined));
    return parsed.success ? parsed.data : undefined;
  }
}

/** LLM reading as the messages reach it: across workspaces (`start.ts` routes each call to one or all). */
export interface LlmReadingService extends Pick<LlmReadingQueue, 'readPage' | 'status'> {
  /** One page (in the workspace it is captured into), else every page of the active workspace, or of all with `allWorkspaces`. */
  forget(url: string | undefined, allWorkspaces: boolean): Promise<LlmForgetResult>;
}

/** What forgetting removed in one workspace. */
export type LlmForgetCounts = Omit<LlmForgetResult, 'workspaces'>;

/**
 * "Delete everything LLM reading added" over the workspaces named (one after the other),
 * summed, with the names of those it covered, so the user is told where it applied.
 *
 * @example
 *   await forgetInWorkspaces([{ name: 'Default', llm: queueOfDefault }, { name: 'Thesis', llm: queueOfThesis }]);
 */
export async function forgetInWorkspaces(
  targets: readonly { readonly name: string; readonly llm: Pick<LlmReadingQueue, 'forget'> }[],
  url?: string,
): Promise<LlmForgetResult> {
  const total: LlmForgetResult = { pages: 0, evidenceRemoved: 0, relationshipsRemoved: 0, entitiesRemoved: 0, workspaces: [] };
  for (const target of targets) {
    const out = await target.llm.forget(url);
    total.pages += out.pages;
    total.evidenceRemoved += out.evidenceRemoved;
    total.relationshipsRemoved += out.relationshipsRemoved;
    total.entitiesRemoved += out.entitiesRemoved;
    total.workspaces.push(target.name);
  }
  return total;
}

function skipped(note: string): Omit<LlmReading, 'url' | 'ms'> {
  return { state: 'skipped', entities: 0, relations: 0, dropped: 0, tokens: 0, note };
}

function failed(note: string): Omit<LlmReading, 'url' | 'ms'> {
  return { state: 'failed', entities: 0, relations: 0, dropped: 0, tokens: 0, note };
}

function summary(reading: PageReading): Omit<LlmReading, 'url' | 'ms'> {
  const notes = [
    ...(reading.chunksMalformed > 0 ? [`${reading.chunksMalformed} of ${reading.chunks} answers were not the schema's JSON`] : []),
    ...(reading.error !== undefined ? [`stopped after a failure: ${reading.error}`] : []),
    ...(reading.chunksOverBudget > 0
      ? [`${reading.chunksOverBudget} of ${reading.chunks} parts were not sent: the page's token budget (answers counted) was spent`]
      : []),
    ...(reading.omittedChars > 0 ? [`${reading.omittedChars} characters past the page budget were not sent`] : []),
  ];
  return {
    state: 'done',
    model: reading.model,
    entities: reading.findings.entities.length,
    relations: reading.findings.relations.length,
    dropped: droppedTotal(reading.findings.dropped),
    tokens: reading.tokensUsed,
    ...(notes.length === 0 ? {} : { note: notes.join('; ').slice(0, 500) }),
  };
}
