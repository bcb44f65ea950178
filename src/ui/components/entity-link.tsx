/** A button that opens an entity's page in the panel (and remembers it as a referent). */
import type { ReactNode } from 'react';
import type { EntityType } from '../../core/graph/types';
import { usePanelStore } from '../store';

export function EntityLink({
  id,
  name,
  type,
  children,
}: {
  readonly id: string;
  readonly name: string;
  readonly type: EntityType;
  readonly children?: ReactNode;
}) {
  const openEntity = usePanelStore((s) => s.openEntity);
  const touchEntity = usePanelStore((s) => s.touchEntity);
  return (
    <button
      type="button"
      className="link"
      data-testid="entity-link"
      onClick={() => {
        touchEntity({ id, name, type });
        openEntity(id);
      }}
    >
      {children ?? name}
    </button>
  );
}
