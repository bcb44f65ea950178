/**
 * The side panel's read-only handle on the graph database. Writes never go through
 * it: they are tool calls to the background (design §1).
 */
import { AriadneDatabase } from '../adapters/dexie/database';

export const panelDb = new AriadneDatabase();
