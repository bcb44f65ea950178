/**
 * An import in parts: a large export (100k–1M entities) goes in as a series of parts,
 * each checked and written in its own store transaction with a journal entry
 * (import-journal.ts), so the caller can show progress and offer Cancel between parts,
 * and no transaction or message grows with the graph. It stays all or nothing:
 *
 *   - `begin` takes the graph's single writer for the whole import (captures wait in
 *     their inbox meanwhile, nothing is lost), so no other write can come to depend on
 *     a record the import may still take back;
 *   - `part` plans and writes one part (restore: ids kept, references may point at
 *     earlier parts; merge: names through the resolver, the file's ids mapped across
 *     parts) together with its journal entry;
 *   - `commit` writes what was held back (merge history and review items, which have no
 *     delete in the store port) and clears the journal in one transaction;
 *   - `cancel`, a refused part, or `IDLE_MS` without a call roll every part back, newest
 *     first, each undo in one transaction with the removal of its entry;
 *   - `recover` (at the worker's start) rolls back what a stopped worker left: a journal
 *     still there means the import never committed.
 *
 * Parts must come in the export's order (entities, relationships, evidence, pages,
 * merges, reviews), as `splitDump` yields them.
 *
 * @example
 *   const sessions = new ImportSessions(deps);
 *   const { importId } = await sessions.begin('auto');
 *   for (const part of parts) await sessions.part(importId, part); // progress after each
 *   const report = await sessions.commit(importId);                // or sessions.cancel(importId)
 */
import { ConflictError, NotFoundError } from '../errors';
import { asEntityId, asEvidenceId, asRelationshipId } from '../graph/ids';
import type { EntityId } from '../graph/ids';
import type { GraphCounts } from '../graph/store';
import type { MergeRecord, ReviewItem } from '../graph/types';
import { checkRecords } from './check-dump';
import type { GraphChunk } from './dump';
import { IdFingerprints } from './id-fingerprints';
import { isEmpty } from './import';
import type { ImportDeps } from './import';
import type { ImportJournal, ImportJournalEntry } from './import-journal';
import type { ImportMode, ImportPlan, ImportReport, WriteCounts } from './import-plan';
import { NO_WRITES } from './import-plan';
import { newImportCarry, planMerge, writeMergePlan } from './merge-import';
import type { ImportCarry } from './merge-import';
import { planRestore } from './restore-import';

/** An import with no call for this long is abandoned (the panel was closed): rolled back, the writer freed. */
export const IMPORT_IDLE_MS = 60_000;

export interface ImportSessionDeps extends ImportDeps {
  readonly journal: ImportJournal;
  /** The graph's single writer, held from `begin` to the end of the import. */
  readonly exclusive: (run: () => Promise<void>) => Promise<unknown>;
  /** Told about every entity a rollback removed or put back (e.g. the name index). */
  readonly onEntityRemoved?: (id: EntityId) => void;
  /** How long an import may wait for its next call (default `IMPORT_IDLE_MS`). */
  readonly idleMs?: number;
}

/** What an import has written so far. */
export interface ImportProgress {
  readonly importId: string;
  readonly mode: ImportMode;
  readonly parts: number;
  readonly records: number;
  readonly entities: WriteCounts;
}

const KINDS = ['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews'] as const;
type Kind = (typeof KINDS)[number];

function addCounts(a: WriteCounts, b: WriteCounts): WriteCounts {
  return { created: a.created + b.created, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged };
}

interface Session {
  readonly importId: string;
  readonly mode: ImportMode;
  readonly before: GraphCounts;
  readonly carry: ImportCarry;
  readonly held: { merges: MergeRecord[]; reviews: ReviewItem[] };
  /** A restore's entity and relationship ids written so far (its later parts refer to them). */
  readonly written: { readonly entities: IdFingerprints; readonly relationships: IdFingerprints };
  counts: Record<Kind, WriteCounts>;
  skipped: number;
  pruned: number;
  parts: number;
  records: number;
  /** Frees the writer. */
  release: () => void;
  idle: ReturnType<typeof setTimeout> | undefined;
  /** The running call: calls of one import are served one at a time. */
  busy: Promise<unknown>;
}

export class ImportSessions {
  private session: Session | undefined;
  private counter = 0;

  constructor(private readonly deps: ImportSessionDeps) {}

  /** The running import's id, if any. */
  get running(): string | undefined {
    return this.session?.importId;
  }

  /**
   * Starts an import once the graph's writer is free. Throws `conflict` when another
   * import is running. `auto` restores into an empty graph and merges otherwise.
   */
  async begin(requested: ImportMode | 'auto'): Promise<ImportProgress> {
    if (this.session !== undefined) {
      throw new ConflictError('Another import is running. Wait for it to finish or cancel it, then import again.');
    }
    const { store } = this.deps;
    let release = (): void => undefined;
    const ended = new Promise<void>((done) => (release = done));
    let acquired = (): void => undefined;
    const got = new Promise<void>((done) => (acquired = done));
    const held = this.deps.exclusive(async () => {
      acquired();
      await ended;
    });
    // The writer refused (called from inside a writing run): said at once instead of waiting for ever.
    await Promise.race([got, held.then(() => undefined)]);
    try {
      // Leftovers of an import a stopped worker never finished go first.
      await this.recoverHeld();
      const mode: ImportMode = requested === 'auto' ? ((await isEmpty(store)) ? 'restore' : 'merge') : requested;
      const importId = `import-${this.deps.clock.now()}-${++this.counter}`;
      const counts: Record<Kind, WriteCounts> = {
        entities: NO_WRITES,
        relationships: NO_WRITES,
        evidence: NO_WRITES,
        pages: NO_WRITES,
        merges: NO_WRITES,
        reviews: NO_WRITES,
      };
      this.session = {
        importId,
        mode,
        before: await store.counts(),
        carry: newImportCarry(),
        held: { merges: [], reviews: [] },
        written: { entities: new IdFingerprints(), relationships: new IdFingerprints() },
        counts,
        skipped: 0,
        pruned: 0,
        parts: 0,
        records: 0,
        release,
        idle: undefined,
        busy: Promise.resolve(),
      };
      this.touch(this.session);
      return this.progress(this.session);
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * Checks, plans and writes one part with its journal entry. A refused part (a bad
   * record, an id already in the graph) rolls the whole import back and rethrows.
   */
  part(importId: string, records: GraphChunk): Promise<ImportProgress> {
    return this.serve(importId, async (s) => {
      let plan: ImportPlan;
      const checked = (): ReturnType<typeof checkRecords> => checkRecords(records);
      const history = new Set(s.held.merges.flatMap((m) => [m.intoId, m.removedId]));
      try {
        // A restore writes with `onlyNew`: IndexedDB's unique keys refuse a taken id, key or
        // URL, so the plan does not read every record first (see the refusal below).
        plan =
          s.mode === 'restore'
            ? await planRestore(this.deps.store, checked(), history, { checkTaken: false, written: s.written })
            : await planMerge(this.deps, checked(), s.carry);
      } catch (error) {
        await this.end(s, 'rollback');
        throw error;
      }
      const { writes } = plan;
      const entry: ImportJournalEntry = {
        importId,
        seq: s.parts,
        created: {
          entities: plan.created?.entities ?? writes.entities.map((e) => e.id),
          relationships: writes.relationships.map((r) => r.id),
          evidence: writes.evidence.map((e) => e.id),
          pages: plan.created?.pages ?? writes.pages.map((p) => p.url),
        },
        before: { entities: plan.before?.entities ?? [], pages: plan.before?.pages ?? [] },
      };
      const { store } = this.deps;
      try {
        await this.deps.journal.append(entry, () =>
          s.mode === 'restore' ? store.putBatch(writes, { onlyNew: true }) : writeMergePlan(store, plan),
        );
      } catch (error) {
        // A restore's record that is already in the graph: the full check names every such record.
        const refusal =
          error instanceof ConflictError && s.mode === 'restore'
            ? await planRestore(store, checked(), history).then(
                () => error,
                (listed: unknown) => listed,
              )
            : error;
        await this.end(s, 'rollback');
        throw refusal;
      }
      if (s.mode === 'restore') {
        for (const e of writes.entities) s.written.entities.add(e.id);
        for (const r of writes.relationships) s.written.relationships.add(r.id);
      }
      // Merge history and review items have no delete: written at the commit, with it.
      s.held.merges.push(...writes.merges);
      s.held.reviews.push(...writes.reviews);
      for (const e of writes.entities) this.deps.onEntityWritten?.(e);
      this.deps.onWritten?.(writes);
      for (const k of KINDS) s.counts[k] = addCounts(s.counts[k], plan.counts[k]);
      s.skipped += plan.counts.skipped;
      s.pruned += plan.counts.pruned;
      s.parts++;
      s.records += KINDS.reduce((n, k) => n + records[k].length, 0);
      return this.progress(s);
    });
  }

  /** Ends the import: what it wrote stands. */
  commit(importId: string): Promise<ImportReport> {
    return this.serve(importId, async (s) => {
      const { store } = this.deps;
      await this.deps.journal.commit(importId, async () => {
        for (const m of s.held.merges) await store.putMerge(m);
        for (const q of s.held.reviews) await store.putReview(q);
      });
      await this.end(s, 'keep');
      return { mode: s.mode, ...s.counts, skipped: s.skipped, pruned: s.pruned, before: s.before, after: await store.counts() };
    });
  }

  /** Ends the import: everything it wrote is taken back; the graph is as before `begin`. */
  cancel(importId: string): Promise<{ readonly importId: string; readonly counts: GraphCounts }> {
    return this.serve(importId, async (s) => {
      await this.end(s, 'rollback');
      return { importId, counts: await this.deps.store.counts() };
    });
  }

  /**
   * Rolls back every import a stopped worker left in the journal (at start, under the
   * writer). Returns the parts undone.
   */
  async recover(): Promise<number> {
    if (this.session !== undefined) return 0;
    let undone = 0;
    await this.deps.exclusive(async () => {
      undone = await this.recoverHeld();
    });
    return undone;
  }

  private async recoverHeld(): Promise<number> {
    const left = await this.deps.journal.entries();
    for (const entry of left.reverse()) await this.undo(entry);
    return left.length;
  }

  private serve<T>(importId: string, fn: (s: Session) => Promise<T>): Promise<T> {
    const s = this.session;
    if (s === undefined || s.importId !== importId) {
      return Promise.reject(
        new NotFoundError(
          `No import "${importId.slice(0, 60)}" is running: it ended, was cancelled, or was rolled back after ${this.idleMs() / 1000} s without a part. Start the import again.`,
        ),
      );
    }
    const run = s.busy.then(async () => {
      if (this.session !== s) throw new NotFoundError(`The import "${importId.slice(0, 60)}" has ended. Start the import again.`);
      clearTimeout(s.idle);
      try {
        return await fn(s);
      } finally {
        if (this.session === s) this.touch(s);
      }
    });
    s.busy = run.catch(() => undefined);
    return run;
  }

  private idleMs(): number {
    return this.deps.idleMs ?? IMPORT_IDLE_MS;
  }

  private touch(s: Session): void {
    clearTimeout(s.idle);
    s.idle = setTimeout(() => {
      s.busy = s.busy.then(() => (this.session === s ? this.end(s, 'rollback') : undefined)).catch(() => undefined);
    }, this.idleMs());
  }

  private async end(s: Session, how: 'keep' | 'rollback'): Promise<void> {
    this.session = undefined;
    clearTimeout(s.idle);
    try {
      if (how === 'rollback') {
        const entries = (await this.deps.journal.entries()).filter((e) => e.importId === s.importId);
        for (const entry of entries.reverse()) await this.undo(entry);
      }
    } finally {
      s.release();
    }
  }

  /** One part taken back: deletes what it created, puts back what it changed, and drops its entry, in one transaction. */
  private async undo(entry: ImportJournalEntry): Promise<void> {
    const { store } = this.deps;
    await this.deps.journal.remove(entry, async () => {
      await store.deleteBatch({
        pages: entry.created.pages,
        evidence: idsOf(entry.created.evidence, asEvidenceId),
        relationships: idsOf(entry.created.relationships, asRelationshipId),
        entities: idsOf(entry.created.entities, asEntityId),
      });
      await store.putBatch({ entities: entry.before.entities, relationships: [], evidence: [], pages: entry.before.pages });
    });
    for (const id of entry.created.entities) {
      const entityId = asEntityId(id);
      if (entityId !== undefined) this.deps.onEntityRemoved?.(entityId);
    }
    for (const e of entry.before.entities) this.deps.onEntityWritten?.(e);
  }

  private progress(s: Session): ImportProgress {
    return { importId: s.importId, mode: s.mode, parts: s.parts, records: s.records, entities: s.counts.entities };
  }
}

/** The ids that parse (journal entries hold ids as strings). */
function idsOf<T>(raw: readonly string[], parse: (id: string) => T | undefined): T[] {
  return raw.flatMap((id) => {
    const parsed = parse(id);
    return parsed === undefined ? [] : [parsed];
  });
}
