// The all-or-nothing ingestion suite on the Dexie store (fake-indexeddb): one capture is
// one IndexedDB transaction, so a failure at any write leaves nothing behind.
import { afterEach } from 'vitest';
import { ingestAtomicitySpecs } from '../../core/ingest/ingest-atomicity.contract';
import { AriadneDatabase } from './database';
import { DexieGraphStore } from './dexie-graph-store';

let opened: AriadneDatabase[] = [];
let counter = 0;

afterEach(async () => {
  for (const db of opened) await db.delete();
  opened = [];
});

ingestAtomicitySpecs('DexieGraphStore', () => {
  const db = new AriadneDatabase(`ariadne-atomic-${++counter}`);
  opened.push(db);
  return new DexieGraphStore(db);
});
