/** Edit, merge and delete (with a confirmation naming what goes) for one entity. */
import { useState } from 'react';
import type { Entity } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { REASON } from '../slices/viz-slice';
import { usePanelStore } from '../store';
import { userError } from '../user-error';

export function EntityActions({ entity, onEdit }: { readonly entity: Entity; readonly onEdit: () => void }) {
  const pickForMerge = usePanelStore((s) => s.pickForMerge);
  const show = usePanelStore((s) => s.show);
  const closeEntity = usePanelStore((s) => s.closeEntity);
  const showInDiagram = usePanelStore((s) => s.showInDiagram);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string>();

  const remove = async () => {
    try {
      await callTool('entity_delete', { name: entity.id });
      closeEntity();
    } catch (e) {
      setError(userError(e));
    }
  };

  return (
    <div className="actions">
      <button type="button" onClick={onEdit}>
        Edit
      </button>
      <button type="button" onClick={() => showInDiagram(entity.id, REASON.entityPage)} data-testid="show-in-diagram">
        Show in diagram
      </button>
      <button
        type="button"
        onClick={() => {
          pickForMerge('b', { id: entity.id, name: entity.name, type: entity.type });
          show('review');
        }}
        data-testid="merge-remove-this"
      >
        Merge: remove this, keep another…
      </button>
      <button
        type="button"
        onClick={() => {
          pickForMerge('a', { id: entity.id, name: entity.name, type: entity.type });
          show('review');
        }}
        data-testid="merge-keep-this"
      >
        Merge: keep this, remove another…
      </button>
      {confirming ? (
        <span role="group" aria-label="Confirm deletion" className="confirm">
          Delete “{entity.name}” with its relationships and evidence?
          <button type="button" className="danger" onClick={() => void remove()}>
            Delete
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </span>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Delete…
        </button>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}
