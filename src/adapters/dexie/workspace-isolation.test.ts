// Runs the workspace isolation contract with each workspace's graph in its own Dexie
// database (fake-indexeddb), named as the extension names them, and the registry in
// a Dexie database of its own.
import { Dexie } from 'dexie';
import { afterEach } from 'vitest';
import type { GraphStore } from '../../core/graph/store';
import { workspaceIsolationContract } from '../../core/workspace/workspace-isolation.contract';
import { AriadneDatabase } from './database';
import { DexieGraphStore } from './dexie-graph-store';
import { DexieWorkspaceStore, WorkspaceDatabase, workspaceDatabaseName } from './workspace-database';

let run = 0;
let names: string[] = [];

afterEach(async () => {
  for (const name of names) await Dexie.delete(name);
  names = [];
});

workspaceIsolationContract('DexieGraphStore', () => {
  // A prefix per test: the databases of one test never meet another's.
  const prefix = `iso-${++run}-`;
  const databaseOf = (name: string) => {
    names.push(name);
    return name;
  };
  const opened = new Map<GraphStore, AriadneDatabase>();
  return {
    workspaceStore: new DexieWorkspaceStore(new WorkspaceDatabase(databaseOf(`${prefix}ariadne-workspaces`))),
    openGraphStore: (w) => {
      const db = new AriadneDatabase(databaseOf(`${prefix}${workspaceDatabaseName(w.id)}`));
      const store = new DexieGraphStore(db);
      opened.set(store, db);
      return store;
    },
    closeGraphStore: (store) => opened.get(store)?.close(),
    dropGraphStore: async (w) => Dexie.delete(`${prefix}${workspaceDatabaseName(w.id)}`),
  };
});
