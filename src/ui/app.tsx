/**
 * The side panel: tabs for search, merge & review, Q&A, the diagram, captured pages, data and
 * settings; an entity's page over the current view; agent requests on top when an
 * AI agent waits for approval. It shows the active workspace's graph: the header
 * names it, and a switch re-renders the views over the new workspace's graph.
 */
import { useEffect } from 'react';
import { AgentApprovals } from './approvals/agent-bridge';
import { CaptureHealth } from './components/capture-health';
import { ChatView } from './components/chat-view';
import { DataView } from './components/data-view';
import { Diagram } from './components/diagram';
import { EntityPage } from './components/entity-page';
import { FirstRunCard } from './components/first-run-card';
import { NavTabs } from './components/nav-tabs';
import { PagesView } from './components/pages-view';
import { ReviewView } from './components/review-view';
import { SearchView } from './components/search-view';
import { SettingsView } from './components/settings-view';
import { WorkspaceSwitcher } from './components/workspace-switcher';
import { showWorkspace } from './panel-ports';
import { applyTheme, storedTheme } from './theme';
import { useWorkspaces } from './workspace/use-workspaces';
import type { View } from './slices/nav-slice';
import { usePanelStore } from './store';

const VIEW_COMPONENTS: Readonly<Record<View, () => React.JSX.Element>> = {
  search: SearchView,
  review: ReviewView,
  ask: ChatView,
  diagram: Diagram,
  pages: PagesView,
  data: DataView,
  settings: SettingsView,
};

export function App() {
  const nav = usePanelStore((s) => s.nav);
  const loadSettings = usePanelStore((s) => s.loadSettings);
  const { active } = useWorkspaces();
  // Set while rendering: the views below read `panelGraph()` in their live queries, which start after this render.
  showWorkspace(active.id);
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  useEffect(() => {
    void storedTheme().then((t) => applyTheme(t));
  }, []);
  useEffect(() => {
    // A search typed before a switch is run again in the workspace switched to.
    const { search, runSearch } = usePanelStore.getState();
    if (search.query.trim() !== '') void runSearch(search.query);
  }, [active.id]);
  const Current = VIEW_COMPONENTS[nav.view];
  return (
    <main className="panel">
      <header className="top">
        <h1>Ariadne</h1>
        <WorkspaceSwitcher />
      </header>
      <AgentApprovals />
      <CaptureHealth />
      <FirstRunCard />
      {/* Keyed by workspace: a switch mounts the views afresh over the other graph. */}
      <NavTabs key={`tabs-${active.id}`} />
      <div
        key={active.id}
        id="view"
        role="tabpanel"
        aria-labelledby={`tab-${nav.view}`}
        data-testid={`view-${nav.view}`}
        data-workspace={active.name}
      >
        {nav.entityId === undefined ? <Current /> : <EntityPage entityId={nav.entityId} />}
      </div>
    </main>
  );
}
