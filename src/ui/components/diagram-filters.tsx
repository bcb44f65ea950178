/** The diagram's filters: around one entity (depth 1–2) or the opening view, types, relations, budget. */
import { useState } from 'react';
import { asEntityId } from '../../core/graph/ids';
import { ENTITY_TYPES } from '../../core/graph/types';
import type { EntityType } from '../../core/graph/types';
import { MAX_NODE_BUDGET } from '../../core/mermaid/select';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { REASON } from '../slices/viz-slice';
import { usePanelStore } from '../store';
import { EntityPicker } from './entity-picker';

export function DiagramFilters() {
  const filters = usePanelStore((s) => s.viz.filters);
  const set = usePanelStore((s) => s.setDiagramFilters);
  const [relations, setRelations] = useState((filters.relations ?? []).join(', '));
  const { value: around } = useLiveQuery(async () => {
    const id = filters.around === undefined ? undefined : asEntityId(filters.around);
    return id === undefined ? undefined : panelGraph().getEntity(id);
  }, [filters.around]);
  const types = filters.types ?? [];
  const toggle = (t: EntityType) => set({ types: types.includes(t) ? types.filter((x) => x !== t) : [...types, t] });
  return (
    <details className="filters">
      <summary>Filters</summary>
      <div className="stack">
        {filters.around ? (
          <p>
            Around <strong>{around?.name ?? '…'}</strong>{' '}
            <label className="inline">
              <input type="radio" name="depth" checked={filters.depth !== 2} onChange={() => set({ depth: 1 })} /> 1 hop
            </label>{' '}
            <label className="inline">
              <input type="radio" name="depth" checked={filters.depth === 2} onChange={() => set({ depth: 2 })} /> 2 hops
            </label>{' '}
            <button type="button" className="small" onClick={() => set({ around: undefined, reason: undefined, expanded: [] })}>
              Opening view
            </button>
          </p>
        ) : (
          <EntityPicker label="Around an entity" onPick={(h) => set({ around: h.id, reason: REASON.picked, expanded: [] })} />
        )}
        <fieldset className="chips" aria-label="Entity types shown">
          {ENTITY_TYPES.map((t) => (
            <label key={t} className={`chip type-${t} ${types.includes(t) ? 'on' : ''}`}>
              <input type="checkbox" checked={types.includes(t)} onChange={() => toggle(t)} /> {t}
            </label>
          ))}
        </fieldset>
        <label>
          Relations (comma-separated, empty = all)
          <input
            value={relations}
            maxLength={400}
            onChange={(e) => setRelations(e.target.value)}
            onBlur={() =>
              set({
                relations: relations
                  .split(',')
                  .map((r) => r.trim())
                  .filter(Boolean)
                  .slice(0, 20),
              })
            }
          />
        </label>
        <label>
          Budget (entities drawn at most)
          <input
            type="number"
            min={1}
            max={MAX_NODE_BUDGET}
            value={filters.budget ?? 60}
            onChange={(e) => set({ budget: Math.min(MAX_NODE_BUDGET, Math.max(1, Number(e.target.value) || 1)) })}
          />
        </label>
      </div>
    </details>
  );
}
