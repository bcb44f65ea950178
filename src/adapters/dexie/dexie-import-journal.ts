/**
 * The import journal (core/export/import-journal.ts) in the database's `settings`
 * table: one row per part, keyed `import-journal:<importId>:<seq>`, written in the
 * same IndexedDB transaction as the part's graph writes (the graph's tables plus
 * `settings`), so a worker stopped at any point leaves the journal and the graph
 * agreeing. No schema change: `settings` holds small key → value records already.
 *
 * Entity degrees (graph-degrees.ts) are not touched by the parts: their relationship
 * changes go to a tally in memory (`DegreeTally`), written into `degrees` by the commit's
 * transaction. Until then the rows describe the graph without the import, which is also
 * what a rollback (cancel, refusal, stopped worker) leaves, so it needs no degree work
 * either. Entries written this way say so (`deferredDegrees`); an entry of an older build
 * without it is undone with its degrees kept row by row, as it was written.
 *
 * @example
 *   const journal = new DexieImportJournal(db);
 *   await journal.append(entry, () => store.putEntity(e));
 */
import type { ImportJournal, ImportJournalEntry } from '../../core/export/import-journal';
import { journalOrder } from '../../core/export/import-journal';
import { Dexie } from 'dexie';
import type { AriadneDatabase } from './database';
import { applyTally, DegreeTally, deferDegrees } from './graph-degrees';

const PREFIX = 'import-journal:';
/** Sequence numbers padded so the keys sort by part. */
const SEQ_DIGITS = 8;

function keyOf(entry: Pick<ImportJournalEntry, 'importId' | 'seq'>): string {
  return `${PREFIX}${entry.importId}:${String(entry.seq).padStart(SEQ_DIGITS, '0')}`;
}

function isEntry(value: unknown): value is ImportJournalEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'importId' in value &&
    typeof value.importId === 'string' &&
    'seq' in value &&
    typeof value.seq === 'number' &&
    'created' in value &&
    'before' in value
  );
}

/** The entry as stored: with the mark of a part whose degree changes were held back. */
interface StoredEntry extends ImportJournalEntry {
  readonly deferredDegrees?: boolean;
}

/** Inside a Dexie transaction scope: its IndexedDB transaction, which the counts middleware sees. */
function currentTransaction(): object {
  const trans: unknown = Dexie.currentTransaction?.idbtrans;
  if (typeof trans !== 'object' || trans === null) throw new Error('no running transaction');
  return trans;
}

export class DexieImportJournal implements ImportJournal {
  /** The held-back degree changes of each running import (lost with the worker, as its parts are then rolled back). */
  private readonly tallies = new Map<string, DegreeTally>();

  constructor(private readonly db: AriadneDatabase) {}

  private run(fn: () => Promise<void>): Promise<void> {
    // The graph's transaction scope plus `settings`: the store's own transactions join this one.
    return this.db.transaction('rw', [...this.db.transactionTables(), this.db.settings], async () => await fn());
  }

  private tallyOf(importId: string): DegreeTally {
    const known = this.tallies.get(importId);
    if (known !== undefined) return known;
    const made = new DegreeTally();
    this.tallies.set(importId, made);
    return made;
  }

  append(entry: ImportJournalEntry, write: () => Promise<void>): Promise<void> {
    return this.run(async () => {
      deferDegrees(currentTransaction(), this.tallyOf(entry.importId));
      await write();
      const stored: StoredEntry = { ...entry, deferredDegrees: true };
      await this.db.settings.put({ key: keyOf(entry), value: stored });
    });
  }

  async entries(): Promise<ImportJournalEntry[]> {
    const rows = await this.db.settings.where('key').startsWith(PREFIX).toArray();
    return rows.flatMap((r) => (isEntry(r.value) ? [r.value] : [])).sort(journalOrder);
  }

  async remove(entry: ImportJournalEntry, undo: () => Promise<void>): Promise<void> {
    // The import is being taken back: what it held back is dropped with it.
    this.tallies.delete(entry.importId);
    // `entry` comes from `entries()`, as stored.
    const deferred = 'deferredDegrees' in entry && entry.deferredDegrees === true;
    await this.run(async () => {
      // A part whose relationships never reached the degree rows is undone without touching them.
      if (deferred) deferDegrees(currentTransaction(), new DegreeTally());
      await undo();
      await this.db.settings.delete(keyOf(entry));
    });
  }

  async commit(importId: string, write: () => Promise<void>): Promise<void> {
    const tally = this.tallies.get(importId);
    await this.run(async () => {
      await write();
      const tx = Dexie.currentTransaction;
      if (tally !== undefined && tx !== null) await applyTally(tx, tally);
      await this.db.settings.where('key').startsWith(`${PREFIX}${importId}:`).delete();
    });
    this.tallies.delete(importId);
  }
}
