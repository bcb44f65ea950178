// Runs the WorkspaceStore contract suite against the in-memory reference store.
import { InMemoryWorkspaceStore } from './memory-workspace-store';
import { workspaceStoreContract } from './workspace-registry.contract';

workspaceStoreContract('InMemoryWorkspaceStore', () => new InMemoryWorkspaceStore());
