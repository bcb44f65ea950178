/**
 * The import journal (core/export/import-journal.ts) in the database's `settings`
 * table: one row per part, keyed `import-journal:<importId>:<seq>`, written in the
 * same IndexedDB transaction as the part's graph writes (the graph's tables plus
 * `settings`), so a worker stopped at any point leaves the journal and the graph
 * agreeing. No schema change: `settings` holds small key → value records already.
 *
 * @example
 *   const journal = new DexieImportJournal(db);
 *   await journal.append(entry, () => store.putEntity(e));
 */
import type { ImportJournal, ImportJournalEntry } from '../../core/export/import-journal';
import { journalOrder } from '../../core/export/import-journal';
import type { AriadneDatabase } from './database';

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

export class DexieImportJournal implements ImportJournal {
  constructor(private readonly db: AriadneDatabase) {}

  private run(fn: () => Promise<void>): Promise<void> {
    // The graph's transaction scope plus `settings`: the store's own transactions join this one.
    return this.db.transaction('rw', [...this.db.transactionTables(), this.db.settings], async () => await fn());
  }

  append(entry: ImportJournalEntry, write: () => Promise<void>): Promise<void> {
    return this.run(async () => {
      await write();
      await this.db.settings.put({ key: keyOf(entry), value: entry });
    });
  }

  async entries(): Promise<ImportJournalEntry[]> {
    const rows = await this.db.settings.where('key').startsWith(PREFIX).toArray();
    return rows.flatMap((r) => (isEntry(r.value) ? [r.value] : [])).sort(journalOrder);
  }

  remove(entry: ImportJournalEntry, undo: () => Promise<void>): Promise<void> {
    return this.run(async () => {
      await undo();
      await this.db.settings.delete(keyOf(entry));
    });
  }

  commit(importId: string, write: () => Promise<void>): Promise<void> {
    return this.run(async () => {
      await write();
      await this.db.settings.where('key').startsWith(`${PREFIX}${importId}:`).delete();
    });
  }
}
