/**
 * Search results: each hit with its type, aliases and mention count (read live from
 * the database by id), the keyboard-highlighted row, and "merge into…". Without a hit
 * above the search floor, "No match" and a form to add the name as an entity. Hits
 * from all workspaces name theirs; opening one in another workspace switches there.
 * Hits of this workspace have a tick box for bulk actions; a hit whose entity was
 * deleted or merged away since the search ran is not shown.
 */
import { asEntityId } from '../../core/graph/ids';
import type { EntityId } from '../../core/graph/ids';
import { useState } from 'react';
import type { Entity, EntityType } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { userError } from '../user-error';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { usePanelStore } from '../store';
import type { SearchHit } from '../store';
import { useWorkspaces } from '../workspace/use-workspaces';
import { CountLegend, MentionCount } from './mention-count';
import { TypeBadge } from './type-badge';
import { SelectAllShown, SelectBox } from './bulk-bar';
import { TypeSelect } from './type-select';

/** Aliases shown per result (the entity page lists them all). */
const ALIASES_SHOWN = 3;

/**
 * Nothing scored above the search floor: say so, and offer to add the name as an entity
 * (of the one type filtered on, else a type the user picks).
 */
function NoMatch({ query, types }: { readonly query: string; readonly types: readonly EntityType[] }) {
  const openEntity = usePanelStore((s) => s.openEntity);
  const [type, setType] = useState<EntityType>(types.length === 1 && types[0] !== undefined ? types[0] : 'other');
  const [error, setError] = useState<string | undefined>(undefined);
  const add = async () => {
    try {
      const added = await callTool('entity_add', { name: query, entity_type: type });
      openEntity(added.id);
    } catch (failure) {
      setError(userError(failure));
    }
  };
  return (
    <div className="stack" data-testid="search-no-match">
      <p className="muted">
        No match for “{query}”{types.length > 0 ? ` among ${types.join(', ')}` : ''}. Check the spelling
        {types.length > 0 ? ', clear the type filters' : ''}, or add it yourself:
      </p>
      <form
        className="actions bottom"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TypeSelect value={type} onChange={setType} testId="add-entity-type" />
        <button type="submit" data-testid="add-entity">
          Add “{query}”
        </button>
      </form>
      {error !== undefined && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Opens a hit's entity page; a hit in another workspace switches there first. */
export function useOpenHit(): { readonly open: (hit: SearchHit) => void; readonly elsewhere: (hit: SearchHit) => boolean } {
  const openHere = usePanelStore((s) => s.openEntity);
  const { active } = useWorkspaces();
  const elsewhere = (hit: SearchHit) => hit.workspace !== undefined && hit.workspace.id !== active.id;
  const open = (hit: SearchHit) => {
    if (hit.workspace === undefined || !elsewhere(hit)) return openHere(hit.id);
    void callTool('workspace_switch', { workspace: hit.workspace.id }).then(() => openHere(hit.id));
  };
  return { open, elsewhere };
}

export function SearchResults() {
  const search = usePanelStore((s) => s.search);
  const { open: openEntity, elsewhere } = useOpenHit();
  const ids = search.results.map((h) => asEntityId(h.id)).filter((id): id is EntityId => id !== undefined);
  const { value: entities } = useLiveQuery(() => panelGraph().getEntities(ids), [ids.join(',')]);
  const byId = new Map<string, Entity>((entities ?? []).flatMap((e) => (e ? [[e.id, e]] : [])));
  // Read live: an entity deleted since the search ran is gone from the database, not yet from the hits.
  const gone = (hit: SearchHit) => entities !== undefined && !elsewhere(hit) && !byId.has(hit.id);
  const selectable = search.results.filter((h) => !elsewhere(h) && !gone(h)).map((h) => ({ id: h.id, name: h.name, type: h.entity_type }));

  if (search.status === 'done' && search.results.length === 0)
    return <NoMatch key={search.types.join(',')} query={search.query.trim()} types={search.types} />;
  return (
    <>
      {byId.size > 0 && (
        <div className="list-head">
          <CountLegend />
          <SelectAllShown entities={selectable} />
        </div>
      )}
      <ol id="search-results" className="results" aria-label="Search results" data-testid="search-results">
        {search.results.map((hit, i) => {
          if (gone(hit)) return null;
          const e = elsewhere(hit) ? undefined : byId.get(hit.id);
          return (
            <li
              key={`${hit.workspace?.id ?? ''}:${hit.id}`}
              id={`hit-${i}`}
              aria-current={i === search.active ? 'true' : undefined}
              className={i === search.active ? 'active' : ''}
              data-testid="search-result"
            >
              {!elsewhere(hit) && <SelectBox entity={{ id: hit.id, name: hit.name, type: hit.entity_type }} />}
              <button type="button" className="row-main" onClick={() => openEntity(hit)}>
                <span className="name">{hit.name}</span>
                {hit.workspace !== undefined && (
                  <span className="muted small workspace-of" data-testid="hit-workspace">
                    in {hit.workspace.name}
                  </span>
                )}
                {e && e.aliases.length > 0 && <span className="aliases">aka {e.aliases.slice(0, ALIASES_SHOWN).join(', ')}</span>}
              </button>
              <TypeBadge type={hit.entity_type} />
              {e ? <MentionCount count={e.mentionCount} /> : <span className="count" />}
            </li>
          );
        })}
      </ol>
    </>
  );
}
