/** The panel's tabs (arrow keys move between them), with the pending review count. */
import type { KeyboardEvent } from 'react';
import { panelDb } from '../database';
import { useLiveQuery } from '../live-query';
import { VIEWS } from '../slices/nav-slice';
import { usePanelStore } from '../store';

export function NavTabs() {
  const view = usePanelStore((s) => s.nav.view);
  const entityOpen = usePanelStore((s) => s.nav.entityId !== undefined);
  const show = usePanelStore((s) => s.show);
  const { value: pending } = useLiveQuery(() => panelDb.reviews.where('status').equals('pending').count(), []);
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const i = VIEWS.findIndex((v) => v.id === view);
    const next = VIEWS[(i + (event.key === 'ArrowRight' ? 1 : VIEWS.length - 1)) % VIEWS.length];
    if (next) {
      show(next.id);
      document.getElementById(`tab-${next.id}`)?.focus();
    }
  };
  return (
    <nav role="tablist" aria-label="Ariadne" className="tabs" onKeyDown={onKey}>
      {VIEWS.map((v) => (
        <button
          key={v.id}
          id={`tab-${v.id}`}
          type="button"
          role="tab"
          aria-selected={v.id === view && !entityOpen}
          aria-controls="view"
          tabIndex={v.id === view ? 0 : -1}
          onClick={() => show(v.id)}
        >
          {v.label}
          {v.id === 'review' && (pending ?? 0) > 0 && <span className="badge" aria-label={`${pending} to review`}>{pending}</span>}
        </button>
      ))}
    </nav>
  );
}
