// Runs the workspace isolation contract with in-memory graphs (the Dexie run is in src/adapters/dexie).
import { InMemoryGraphStore } from '../graph/memory-store';
import { InMemoryWorkspaceStore } from './memory-workspace-store';
import type { WorkspaceId } from './workspace';
import { workspaceIsolationContract } from './workspace-isolation.contract';

workspaceIsolationContract('InMemoryGraphStore', () => {
  const graphs = new Map<WorkspaceId, InMemoryGraphStore>();
  return {
    workspaceStore: new InMemoryWorkspaceStore(),
    openGraphStore: (w) => {
      const known = graphs.get(w.id);
      if (known !== undefined) return known;
      const store = new InMemoryGraphStore();
      graphs.set(w.id, store);
      return store;
    },
    closeGraphStore: () => undefined,
    dropGraphStore: async (w) => void graphs.delete(w.id),
  };
});
