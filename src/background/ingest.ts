/**
 * One capture → graph writes, as the background runs it inside the single writer.
 * Today the structured data is ingested directly (`ingestStructured`); the full
 * path (text analysis, the resolver, review queue) plugs in here.
 */
import type { PageCapture } from '../core/capture';
import type { Clock } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import { ingestStructured } from './ingest-structured';

export interface IngestDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly clock: Clock;
}

export async function ingestCapture(deps: IngestDeps, capture: PageCapture): Promise<void> {
  await ingestStructured(deps.graph, capture);
}
