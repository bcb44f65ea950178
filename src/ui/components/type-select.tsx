/** A labelled choice of entity type (adding an entity, editing one, retyping a selection). */
import { ENTITY_TYPES } from '../../core/graph/types';
import type { EntityType } from '../../core/graph/types';

export function TypeSelect({
  value,
  onChange,
  testId,
}: {
  readonly value: EntityType;
  readonly onChange: (type: EntityType) => void;
  readonly testId?: string;
}) {
  return (
    <label>
      Type{' '}
      <select value={value} onChange={(e) => onChange(ENTITY_TYPES.find((t) => t === e.target.value) ?? 'other')} data-testid={testId}>
        {ENTITY_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </label>
  );
}
