/**
 * The side panel: tabs for search, merge & review, Q&A, the diagram, data and
 * settings; an entity's page over the current view; agent requests on top when an
 * AI agent waits for approval.
 */
import { useEffect } from 'react';
import { AgentApprovals } from './approvals/agent-bridge';
import { CaptureHealth } from './components/capture-health';
import { ChatView } from './components/chat-view';
import { DataView } from './components/data-view';
import { Diagram } from './components/diagram';
import { EntityPage } from './components/entity-page';
import { NavTabs } from './components/nav-tabs';
import { ReviewView } from './components/review-view';
import { SearchView } from './components/search-view';
import { SettingsView } from './components/settings-view';
import type { View } from './slices/nav-slice';
import { usePanelStore } from './store';

const VIEW_COMPONENTS: Readonly<Record<View, () => React.JSX.Element>> = {
  search: SearchView,
  review: ReviewView,
  ask: ChatView,
  diagram: Diagram,
  data: DataView,
  settings: SettingsView,
};

export function App() {
  const nav = usePanelStore((s) => s.nav);
  const loadSettings = usePanelStore((s) => s.loadSettings);
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  const Current = VIEW_COMPONENTS[nav.view];
  return (
    <main className="panel">
      <header className="top">
        <h1>Ariadne</h1>
      </header>
      <AgentApprovals />
      <CaptureHealth />
      <NavTabs />
      <div id="view" role="tabpanel" aria-labelledby={`tab-${nav.view}`} data-testid={`view-${nav.view}`}>
        {nav.entityId === undefined ? <Current /> : <EntityPage entityId={nav.entityId} />}
      </div>
    </main>
  );
}
