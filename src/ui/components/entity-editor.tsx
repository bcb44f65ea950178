/**
 * Edits an entity through `entity_update`: name, type, aliases (one per line),
 * attributes (`key: value` per line; a removed line removes the key) and description.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Entity, EntityType } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { attributePatch } from '../attribute-edits';
import { userError } from '../user-error';
import { TypeSelect } from './type-select';

export function EntityEditor({ entity, onDone }: { readonly entity: Entity; readonly onDone: () => void }) {
  const [name, setName] = useState(entity.name);
  const [type, setType] = useState<EntityType>(entity.type);
  const [aliases, setAliases] = useState(entity.aliases.join('\n'));
  const [attributes, setAttributes] = useState(
    Object.entries(entity.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  );
  const [description, setDescription] = useState(entity.description ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await callTool('entity_update', {
        name: entity.id,
        ...(name.trim() !== entity.name ? { new_name: name.trim() } : {}),
        entity_type: type,
        aliases: aliases
          .split('\n')
          .map((a) => a.trim())
          .filter((a) => a.length > 0),
        attributes: attributePatch(entity.attributes, attributes),
        description: description.trim() === '' ? null : description.trim(),
      });
      onDone();
    } catch (e) {
      setError(userError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="editor stack" onSubmit={(e) => void save(e)} aria-label={`Edit ${entity.name}`}>
      <label>
        Name <input value={name} required maxLength={200} onChange={(e) => setName(e.target.value)} data-testid="edit-name" />
      </label>
      <TypeSelect value={type} onChange={setType} />
      <label>
        Aliases (one per line) <textarea rows={3} value={aliases} onChange={(e) => setAliases(e.target.value)} data-testid="edit-aliases" />
      </label>
      <label>
        Attributes (“key: value” per line){' '}
        <textarea rows={4} value={attributes} onChange={(e) => setAttributes(e.target.value)} data-testid="edit-attributes" />
      </label>
      <label>
        Description <textarea rows={2} maxLength={1000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
