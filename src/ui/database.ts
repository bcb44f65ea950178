/**
 * The side panel's read-only handles on the graph database: the Dexie database
 * (for live queries) and a GraphStore over it for the pure core functions that read
 * (the diagram's selection, the query loop, exports). Writes never go through them:
 * they are tool calls to the background (design §1).
 */
import { AriadneDatabase } from '../adapters/dexie/database';
import { DexieGraphStore } from '../adapters/dexie/dexie-graph-store';
import type { GraphStore } from '../core/graph/store';

export const panelDb = new AriadneDatabase();

/** Only its read methods are used by the panel. */
export const readStore: GraphStore = new DexieGraphStore(panelDb);
