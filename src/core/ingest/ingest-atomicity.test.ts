// The all-or-nothing ingestion suite on the in-memory store (the Dexie store runs it in src/adapters/dexie).
import { InMemoryGraphStore } from '../graph/memory-store';
import { ingestAtomicitySpecs } from './ingest-atomicity.contract';

ingestAtomicitySpecs('InMemoryGraphStore', () => new InMemoryGraphStore());
