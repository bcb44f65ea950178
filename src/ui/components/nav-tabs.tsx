/**
 * The panel's tabs, with the pending review count: one row from 320 to 500 px, each an
 * icon over a short label (the accessible name stays the full one, "Merge & review").
 * Arrow keys, Home and End move between them; only the selected tab is in the Tab order.
 * The tab an entity page was opened from stays selected under it.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { VIEWS } from '../slices/nav-slice';
import type { View } from '../slices/nav-slice';
import { usePanelStore } from '../store';

/** Shown instead of the full label, which is too wide for six tabs in 320 px. */
const SHORT_LABEL: Partial<Record<View, string>> = { review: 'Review' };

/** 16 px stroke icons (drawn in currentColor, hidden from assistive technology). */
const ICON_PATHS: Record<View, ReactNode> = {
  search: (
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.5 10.5 14 14" />
    </>
  ),
  review: (
    <>
      <path d="M2 3h5l3 5h4M2 13h5l3-5" />
      <path d="m12 6 2 2-2 2" />
    </>
  ),
  ask: <path d="M2.5 3.5h11v7h-6l-3 3v-3h-2z" />,
  diagram: (
    <>
      <circle cx="3.5" cy="8" r="2" />
      <circle cx="12.5" cy="3.5" r="2" />
      <circle cx="12.5" cy="12.5" r="2" />
      <path d="m5.3 7.1 5.4-2.7M5.3 8.9l5.4 2.7" />
    </>
  ),
  pages: (
    <>
      <path d="M4 1.5h5.5L12.5 4.5v10h-8.5z" />
      <path d="M9.5 1.5v3h3M6 8h4.5M6 11h4.5" />
    </>
  ),
  data: (
    <>
      <ellipse cx="8" cy="3.5" rx="5" ry="2" />
      <path d="M3 3.5v9c0 1.1 2.2 2 5 2s5-.9 5-2v-9M3 8c0 1.1 2.2 2 5 2s5-.9 5-2" />
    </>
  ),
  settings: (
    <>
      <path d="M2 4h12M2 8h12M2 12h12" />
      <circle cx="5" cy="4" r="1.5" />
      <circle cx="11" cy="8" r="1.5" />
      <circle cx="7" cy="12" r="1.5" />
    </>
  ),
};

const NEXT_KEYS: Readonly<Record<string, (i: number) => number>> = {
  ArrowRight: (i) => (i + 1) % VIEWS.length,
  ArrowLeft: (i) => (i + VIEWS.length - 1) % VIEWS.length,
  Home: () => 0,
  End: () => VIEWS.length - 1,
};

export function NavTabs() {
  const view = usePanelStore((s) => s.nav.view);
  const show = usePanelStore((s) => s.show);
  const { value: pending } = useLiveQuery(
    () =>
      panelGraph()
        .counts()
        .then((c) => c.pendingReviews),
    [],
  );
  const onKey = (event: KeyboardEvent) => {
    const move = NEXT_KEYS[event.key];
    if (!move) return;
    event.preventDefault();
    const next = VIEWS[move(VIEWS.findIndex((v) => v.id === view))];
    if (next) {
      show(next.id);
      document.getElementById(`tab-${next.id}`)?.focus();
    }
  };
  return (
    <nav role="tablist" aria-label="Ariadne" className="tabs" onKeyDown={onKey}>
      {VIEWS.map((v) => {
        const short = SHORT_LABEL[v.id];
        return (
          <button
            key={v.id}
            id={`tab-${v.id}`}
            type="button"
            role="tab"
            aria-selected={v.id === view}
            aria-controls="view"
            tabIndex={v.id === view ? 0 : -1}
            title={v.label}
            onClick={() => show(v.id)}
          >
            <svg className="tab-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              {ICON_PATHS[v.id]}
            </svg>
            {short === undefined ? (
              <span className="tab-label">{v.label}</span>
            ) : (
              <>
                <span className="tab-label" aria-hidden="true">
                  {short}
                </span>
                <span className="sr-only">{v.label}</span>
              </>
            )}
            {v.id === 'review' && (pending ?? 0) > 0 && (
              <span className="badge" aria-label={`${pending} to review`}>
                {pending}
              </span>
            )}
          </button>
        );
      })}
    </nav>
  );
}
