/**
 * Search results: each hit with its type, aliases and mention count (read live from
 * the database by id), the keyboard-highlighted row, and "merge into…".
 */
import { asEntityId } from '../../core/graph/ids';
import type { EntityId } from '../../core/graph/ids';
import type { Entity } from '../../core/graph/types';
import { panelDb } from '../database';
import { useLiveQuery } from '../live-query';
import { usePanelStore } from '../store';
import { TypeBadge } from './type-badge';

/** Aliases shown per result (the entity page lists them all). */
const ALIASES_SHOWN = 3;

export function SearchResults() {
  const search = usePanelStore((s) => s.search);
  const openEntity = usePanelStore((s) => s.openEntity);
  const pickForMerge = usePanelStore((s) => s.pickForMerge);
  const show = usePanelStore((s) => s.show);
  const ids = search.results.map((h) => asEntityId(h.id)).filter((id): id is EntityId => id !== undefined);
  const { value: entities } = useLiveQuery(() => panelDb.entities.bulkGet(ids), [ids.join(',')]);
  const byId = new Map<string, Entity>((entities ?? []).flatMap((e) => (e ? [[e.id, e]] : [])));

  if (search.status === 'done' && search.results.length === 0) {
    return <p className="muted">No match for “{search.query}”. Check the spelling, clear the type filters, or browse more pages about it.</p>;
  }
  return (
    <ol id="search-results" className="results" aria-label="Search results" data-testid="search-results">
      {search.results.map((hit, i) => {
        const e = byId.get(hit.id);
        return (
          <li
            key={hit.id}
            id={`hit-${i}`}
            aria-current={i === search.active ? 'true' : undefined}
            className={i === search.active ? 'active' : ''}
            data-testid="search-result"
          >
            <button type="button" className="row-main" onClick={() => openEntity(hit.id)}>
              <span className="name">{hit.name}</span>
              {e && e.aliases.length > 0 && <span className="aliases">aka {e.aliases.slice(0, ALIASES_SHOWN).join(', ')}</span>}
            </button>
            <TypeBadge type={hit.entity_type} />
            <span className="count" title="Times seen">{e ? `×${e.mentionCount}` : ''}</span>
            <button
              type="button"
              className="small"
              aria-label={`Merge ${hit.name} into another entity`}
              onClick={() => {
                pickForMerge('b', { id: hit.id, name: hit.name });
                show('review');
              }}
            >
              Merge into…
            </button>
          </li>
        );
      })}
    </ol>
  );
}
