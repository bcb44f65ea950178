// Runs the GraphStore contract suite against the in-memory reference store.
import { InMemoryGraphStore } from './memory-store';
import { graphStoreContract } from './graph-store.contract';

graphStoreContract('InMemoryGraphStore', () => new InMemoryGraphStore());
