/**
 * The most recently updated entities, live, shown when the search box is empty (each with
 * a tick box for bulk actions; with a type filter, "select all shown" takes a type's junk);
 * for a first-time user, an explanation of how the graph fills up.
 */
import type { Entity, EntityType } from '../../core/graph/types';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { usePanelStore } from '../store';
import { EntityLink } from './entity-link';
import { CountLegend, MentionCount } from './mention-count';
import { TypeBadge } from './type-badge';
import { SelectAllShown, SelectBox } from './bulk-bar';

/** Rows shown at most; the search box reaches the rest. */
const MAX_ROWS = 50;

/** The newest entities, of the filtered types only when the search has type filters. */
function recentOf(types: readonly EntityType[]): Promise<Entity[]> {
  return panelGraph().recentEntities({ limit: MAX_ROWS, ...(types.length === 0 ? {} : { types }) });
}

/** How many entities there are, of the filtered types only when the search has type filters. */
async function totalOf(types: readonly EntityType[]): Promise<number> {
  if (types.length === 0) return panelGraph().countEntities();
  const counts = await Promise.all([...new Set(types)].map((type) => panelGraph().countEntities(type)));
  return counts.reduce((sum, n) => sum + n, 0);
}

export function RecentEntities() {
  const types = usePanelStore((s) => s.search.types);
  const { value: entities, error } = useLiveQuery(() => recentOf(types), [types.join(',')]);
  const { value: total } = useLiveQuery(() => totalOf(types), [types.join(',')]);
  if (error)
    return (
      <p role="alert" className="error">
        Ariadne could not read its graph ({error.message}). Reload the panel.
      </p>
    );
  if (entities === undefined) return <p className="muted">Loading…</p>;
  if (entities.length === 0 && types.length > 0)
    return (
      <p className="muted" data-testid="entity-list-empty">
        No {types.join(' or ')} entities yet.
      </p>
    );
  if (entities.length === 0) {
    return (
      <div className="empty" data-testid="entity-list-empty">
        <p>
          <strong>Nothing captured yet.</strong>
        </p>
        <p>
          Browse as usual: Ariadne reads the pages you visit and collects the companies, people, technologies, products and places on them,
          here, on this computer.
        </p>
        <p>
          Then search them here, ask questions in <em>Ask</em>, or see them in <em>Diagram</em>. Pause capture or block sites in{' '}
          <em>Settings</em>.
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="entities-heading">
      <h2 id="entities-heading">
        {types.length === 0 ? 'Recent entities' : `Recent ${types.join(', ')} entities`}{' '}
        <span className="count" data-testid="entity-count">
          {total ?? entities.length}
        </span>
      </h2>
      <div className="list-head">
        <CountLegend />
        <SelectAllShown entities={entities.map((e) => ({ id: e.id, name: e.name, type: e.type }))} />
      </div>
      <ul className="entity-list" data-testid="entity-list">
        {entities.map((e: Entity) => (
          <li key={e.id} data-testid="entity-row" data-entity-type={e.type}>
            <SelectBox entity={{ id: e.id, name: e.name, type: e.type }} />
            <EntityLink id={e.id} name={e.name} type={e.type}>
              <span className="name">{e.name}</span>
            </EntityLink>
            <TypeBadge type={e.type} />
            <MentionCount count={e.mentionCount} />
          </li>
        ))}
      </ul>
    </section>
  );
}
