/**
 * Test helper: an empty in-memory graph with everything `ingestCapture` needs (service,
 * resolver without network look-ups, store, a fixed clock, sequential ids), as the
 * ingestion tests all start from.
 */
import { fixedClock, sequentialIds } from '../../graph/ids';
import { InMemoryGraphStore } from '../../graph/memory-store';
import { GraphService } from '../../graph/service';
import { createResolver } from '../../resolve/resolver';

export function ingestTestGraph() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const service = new GraphService({ store, ids, clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  return { store, clock, ids, service, resolver, deps: { service, resolver, store, clock, ids } };
}
