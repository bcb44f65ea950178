/**
 * The journal of an import in parts (import-session.ts): what each part wrote, kept in
 * the same store transaction as the part's writes, so an import that stops half way
 * (cancelled, refused by a later part, the worker stopped, the browser closed) can be
 * taken back exactly: created records are deleted and updated ones put back as they
 * were, newest part first. A committed import has no journal left: the commit removes
 * every entry in one transaction with its last writes, so a crash leaves either the
 * whole journal (then the import is rolled back) or none of it (the import stands).
 *
 * @example
 *   await journal.append(entry, async () => { await store.putEntity(e); }); // both or neither
 *   for (const e of (await journal.entries()).reverse()) await journal.remove(e, () => undo(e));
 */
import type { GraphStore } from '../graph/store';
import type { Entity, Page } from '../graph/types';

/** One part of an import: the keys of the records it created and the records it changed, as they were. */
export interface ImportJournalEntry {
  readonly importId: string;
  /** The part's number in its import (0, 1, …): entries are undone from the highest down. */
  readonly seq: number;
  readonly created: {
    readonly entities: readonly string[];
    readonly relationships: readonly string[];
    readonly evidence: readonly string[];
    readonly pages: readonly string[];
  };
  /** Records the part changed (a merge import's matched entities and pages), as they were before it. */
  readonly before: { readonly entities: readonly Entity[]; readonly pages: readonly Page[] };
}

export interface ImportJournal {
  /** Runs `write` and stores `entry` in one store transaction: both or neither. */
  append(entry: ImportJournalEntry, write: () => Promise<void>): Promise<void>;
  /** Every entry left (of every import), by import then `seq`. */
  entries(): Promise<ImportJournalEntry[]>;
  /** Runs `undo` and removes `entry` in one store transaction. */
  remove(entry: ImportJournalEntry, undo: () => Promise<void>): Promise<void>;
  /** Runs `write` and removes every entry of `importId` in one store transaction (the commit). */
  commit(importId: string, write: () => Promise<void>): Promise<void>;
}

const bySeq = (a: ImportJournalEntry, b: ImportJournalEntry): number =>
  a.importId < b.importId ? -1 : a.importId > b.importId ? 1 : a.seq - b.seq;

/**
 * The journal beside an in-memory store (tests, the CLI): entries live as long as the
 * store does, and each change joins the store's transaction, so a write that throws
 * leaves no entry behind.
 */
export class MemoryImportJournal implements ImportJournal {
  private readonly rows = new Map<string, ImportJournalEntry>();
  constructor(private readonly store: Pick<GraphStore, 'transaction'>) {}

  private static key(entry: Pick<ImportJournalEntry, 'importId' | 'seq'>): string {
    return `${entry.importId}\u0000${entry.seq}`;
  }
  append(entry: ImportJournalEntry, write: () => Promise<void>): Promise<void> {
    return this.store.transaction(async () => {
      await write();
      this.rows.set(MemoryImportJournal.key(entry), entry);
    });
  }
  async entries(): Promise<ImportJournalEntry[]> {
    return [...this.rows.values()].sort(bySeq);
  }
  remove(entry: ImportJournalEntry, undo: () => Promise<void>): Promise<void> {
    return this.store.transaction(async () => {
      await undo();
      this.rows.delete(MemoryImportJournal.key(entry));
    });
  }
  commit(importId: string, write: () => Promise<void>): Promise<void> {
    return this.store.transaction(async () => {
      await write();
      for (const [key, entry] of [...this.rows]) if (entry.importId === importId) this.rows.delete(key);
    });
  }
}

export { bySeq as journalOrder };
