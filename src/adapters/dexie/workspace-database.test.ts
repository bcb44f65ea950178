// Runs the WorkspaceStore contract suite against the Dexie store on fake-indexeddb,
// plus where each workspace's graph database is.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE_ID, asWorkspaceId } from '../../core/workspace/workspace';
import { workspaceStoreContract } from '../../core/workspace/workspace-registry.contract';
import { DATABASE_NAME } from './database';
import { DexieWorkspaceStore, WORKSPACE_DATABASE_NAME, WorkspaceDatabase, workspaceDatabaseName } from './workspace-database';

let opened: WorkspaceDatabase[] = [];
let counter = 0;

afterEach(async () => {
  for (const db of opened) await db.delete();
  opened = [];
});

workspaceStoreContract('DexieWorkspaceStore', () => {
  const db = new WorkspaceDatabase(`ariadne-workspaces-test-${++counter}`);
  opened.push(db);
  return new DexieWorkspaceStore(db);
});

describe('workspace databases', () => {
  it('keeps the registry in ariadne-workspaces, Default in ariadne and others in ariadne-ws-<id>', () => {
    expect(new WorkspaceDatabase().name).toBe(WORKSPACE_DATABASE_NAME);
    expect(workspaceDatabaseName(DEFAULT_WORKSPACE_ID)).toBe(DATABASE_NAME);
    const id = asWorkspaceId('w_lx3k0a9f2b');
    if (id === undefined) throw new Error('bad test id');
    expect(workspaceDatabaseName(id)).toBe('ariadne-ws-w_lx3k0a9f2b');
  });
});
