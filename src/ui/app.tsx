/**
 * The side panel's first shell: search, the live entity list and the diagram.
 */
import { Diagram } from './components/diagram';
import { EntityList } from './components/entity-list';
import { SearchBox } from './components/search-box';
import { panelDb } from './database';
import { useLiveQuery } from './live-query';

export function App() {
  // The diagram redraws when the number of entities or relationships changes.
  const { value: version } = useLiveQuery(
    async () => (await panelDb.entities.count()) * 1_000_003 + (await panelDb.relationships.count()),
    [],
  );
  return (
    <main className="panel">
      <header>
        <h1>Ariadne</h1>
      </header>
      <SearchBox />
      <EntityList />
      <Diagram version={version ?? 0} />
    </main>
  );
}
