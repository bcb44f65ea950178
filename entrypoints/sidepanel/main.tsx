// First: zod must be jitless before any schema is built (src/messaging/zod-jitless.ts).
import '../../src/messaging/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AriadneDatabase } from '../../src/adapters/dexie/database';
import { DexieGraphStore } from '../../src/adapters/dexie/dexie-graph-store';
import { DexieWorkspaceStore, WorkspaceDatabase, workspaceDatabaseName } from '../../src/adapters/dexie/workspace-database';
import { detectPromptApi, isPromptApiReady } from '../../src/adapters/llm';
import { createSettingsStorage, indexedDbPrivateSettings } from '../../src/adapters/settings/settings-storage';
import { App } from '../../src/ui/app';
import { localStorageArea } from '../../src/ui/browser-api';
import { installPanelPorts } from '../../src/ui/panel-ports';
import '../../src/ui/app.css';

// Thin wiring only: the panel lives in src/ui; this chooses the adapters behind its ports.
const workspaces = new DexieWorkspaceStore(new WorkspaceDatabase());
installPanelPorts({
  workspaces: {
    read: async () => ({ workspaces: await workspaces.list(), activeId: await workspaces.getActive() }),
    graphOf: (id) => new DexieGraphStore(new AriadneDatabase(workspaceDatabaseName(id))),
  },
  settings: async () => createSettingsStorage({ area: await localStorageArea(), secrets: indexedDbPrivateSettings(indexedDB) }),
  promptApi: { available: () => detectPromptApi() !== undefined, ready: isPromptApiReady },
});
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
