/**
 * Bulk actions on the entities ticked in search results or the type-filtered list:
 * delete (after a confirmation naming how many), retype to one type, or merge into one
 * of them; then one notice with one Undo for the whole action. A tick box per row
 * (`SelectBox`) and "Select all shown" (`SelectAllShown`) fill the selection.
 */
import { useState } from 'react';
import type { EntityType } from '../../core/graph/types';
import { usePanelStore } from '../store';
import type { Picked } from '../slices/merge-slice';
import { TypeSelect } from './type-select';

/** The tick box of one row. */
export function SelectBox({ entity }: { readonly entity: Picked }) {
  const selected = usePanelStore((s) => s.bulk.selected.some((e) => e.id === entity.id));
  const toggle = usePanelStore((s) => s.toggleSelected);
  return (
    <input
      type="checkbox"
      className="select-box"
      checked={selected}
      onChange={() => toggle(entity)}
      aria-label={`Select “${entity.name}”${entity.type === undefined ? '' : ` (${entity.type})`}`}
      data-testid="select-entity"
    />
  );
}

/** Ticks every row a list shows. */
export function SelectAllShown({ entities }: { readonly entities: readonly Picked[] }) {
  const selectAll = usePanelStore((s) => s.selectAll);
  if (entities.length < 2) return null;
  return (
    <button type="button" className="small" onClick={() => selectAll(entities)} data-testid="select-all-shown">
      Select all {entities.length} shown
    </button>
  );
}

function SelectionActions() {
  const bulk = usePanelStore((s) => s.bulk);
  const runBulk = usePanelStore((s) => s.runBulk);
  const clearSelected = usePanelStore((s) => s.clearSelected);
  const [confirming, setConfirming] = useState(false);
  const [type, setType] = useState<EntityType>('other');
  const [into, setInto] = useState<string>('');
  const n = bulk.selected.length;
  const kept = bulk.selected.find((e) => e.id === into) ?? bulk.selected[0];
  return (
    <>
      <p className="bulk-count">
        <strong data-testid="bulk-count">{n} selected</strong>{' '}
        <button type="button" className="small" onClick={clearSelected} data-testid="bulk-clear">
          Clear
        </button>
      </p>
      <div className="actions">
        {confirming ? (
          <span role="group" aria-label="Confirm deletion" className="confirm">
            Delete {n} entit{n === 1 ? 'y' : 'ies'} with their relationships and evidence?
            <button
              type="button"
              className="danger"
              disabled={bulk.busy}
              onClick={() => {
                setConfirming(false);
                void runBulk({ action: 'delete' });
              }}
              data-testid="bulk-delete-confirm"
            >
              Delete {n}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="danger" disabled={bulk.busy} onClick={() => setConfirming(true)} data-testid="bulk-delete">
            Delete…
          </button>
        )}
      </div>
      <div className="actions">
        <TypeSelect value={type} onChange={setType} testId="bulk-type" />
        <button type="button" disabled={bulk.busy} onClick={() => void runBulk({ action: 'retype', type })} data-testid="bulk-retype">
          Retype {n}
        </button>
      </div>
      {n >= 2 && kept !== undefined && (
        <div className="actions">
          <label>
            Keep{' '}
            <select value={kept.id} onChange={(e) => setInto(e.target.value)} data-testid="bulk-into">
              {bulk.selected.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                  {e.type === undefined ? '' : ` (${e.type})`}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={bulk.busy}
            onClick={() => void runBulk({ action: 'merge', into: kept.id })}
            data-testid="bulk-merge"
          >
            Merge {n - 1} into it
          </button>
        </div>
      )}
    </>
  );
}

export function BulkBar() {
  const bulk = usePanelStore((s) => s.bulk);
  const undoBulk = usePanelStore((s) => s.undoBulk);
  if (bulk.selected.length === 0 && bulk.notice === undefined && bulk.error === undefined) return null;
  return (
    <section aria-label="Selected entities" className="bulk-bar stack" data-testid="bulk-bar">
      {bulk.selected.length > 0 && <SelectionActions />}
      {bulk.notice && (
        <p role="status" data-testid="bulk-notice">
          {bulk.notice.text}{' '}
          {bulk.notice.undoId !== undefined && (
            <button
              type="button"
              disabled={bulk.busy}
              onClick={() => bulk.notice?.undoId !== undefined && void undoBulk(bulk.notice.undoId)}
              data-testid="bulk-undo"
            >
              Undo
            </button>
          )}
        </p>
      )}
      {bulk.error && (
        <p role="alert" className="error">
          {bulk.error}
        </p>
      )}
    </section>
  );
}
