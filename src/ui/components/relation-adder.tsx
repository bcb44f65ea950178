/** Adds a relationship from (or to) this entity with `entity_relate`. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Entity } from '../../core/graph/types';
import { MAX_LABEL_LENGTH } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import type { SearchHit } from '../store';
import { userError } from '../user-error';
import { EntityPicker } from './entity-picker';

export function RelationAdder({ entity }: { readonly entity: Entity }) {
  const [label, setLabel] = useState('');
  const [outgoing, setOutgoing] = useState(true);
  const [other, setOther] = useState<SearchHit>();
  const [error, setError] = useState<string>();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!other || label.trim() === '') return;
    try {
      await callTool('entity_relate', {
        from: outgoing ? entity.id : other.id,
        to: outgoing ? other.id : entity.id,
        relationship: label.trim(),
      });
      setLabel('');
      setOther(undefined);
      setError(undefined);
    } catch (e) {
      setError(userError(e));
    }
  };

  return (
    <details className="adder">
      <summary>Add a relationship</summary>
      <form className="stack" onSubmit={(e) => void add(e)}>
        <label>
          Direction
          <select value={outgoing ? 'out' : 'in'} onChange={(e) => setOutgoing(e.target.value === 'out')}>
            <option value="out">{entity.name} → other</option>
            <option value="in">other → {entity.name}</option>
          </select>
        </label>
        <label>
          Relationship{' '}
          <input
            value={label}
            maxLength={MAX_LABEL_LENGTH}
            placeholder="e.g. uses, founded_by"
            onChange={(e) => setLabel(e.target.value)}
          />
        </label>
        {other ? (
          <p>
            Other entity: <strong>{other.name}</strong>{' '}
            <button type="button" className="small" onClick={() => setOther(undefined)}>
              Change
            </button>
          </p>
        ) : (
          <EntityPicker label="Other entity" onPick={setOther} exclude={entity.id} />
        )}
        <button type="submit" disabled={!other || label.trim() === ''}>
          Add
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
