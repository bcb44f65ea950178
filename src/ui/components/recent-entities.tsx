/**
 * The most recently updated entities, live, shown when the search box is empty;
 * for a first-time user, an explanation of how the graph fills up.
 */
import type { Entity } from '../../core/graph/types';
import { panelDb } from '../database';
import { useLiveQuery } from '../live-query';
import { EntityLink } from './entity-link';
import { TypeBadge } from './type-badge';

/** Rows shown at most; the search box reaches the rest. */
const MAX_ROWS = 50;

export function RecentEntities() {
  const { value: entities, error } = useLiveQuery(() => panelDb.entities.orderBy('updatedAt').reverse().limit(MAX_ROWS).toArray(), []);
  const { value: total } = useLiveQuery(() => panelDb.entities.count(), []);
  if (error) return <p role="alert" className="error">Ariadne could not read its graph ({error.message}). Reload the panel.</p>;
  if (entities === undefined) return <p className="muted">Loading…</p>;
  if (entities.length === 0) {
    return (
      <div className="empty" data-testid="entity-list-empty">
        <p><strong>Nothing captured yet.</strong></p>
        <p>Browse as usual: Ariadne reads the pages you visit and collects the companies, people, technologies, products and places on them, here, on this computer.</p>
        <p>Then search them here, ask questions in <em>Ask</em>, or see them in <em>Diagram</em>. Pause capture or block sites in <em>Settings</em>.</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="entities-heading">
      <h2 id="entities-heading">
        Recent entities <span className="count" data-testid="entity-count">{total ?? entities.length}</span>
      </h2>
      <ul className="entity-list" data-testid="entity-list">
        {entities.map((e: Entity) => (
          <li key={e.id} data-testid="entity-row" data-entity-type={e.type}>
            <EntityLink id={e.id} name={e.name} type={e.type}>
              <span className="name">{e.name}</span>
            </EntityLink>
            <TypeBadge type={e.type} />
            <span className="count" title="Times seen">×{e.mentionCount}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
