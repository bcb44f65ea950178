/**
 * "Saved." where the change was made: each settings section is wrapped in `SavedHere`,
 * which notes that a field in it changed; once the settings are stored after that
 * change, the note shows at the end of that section only (not at the bottom of a long
 * page). A change that is refused (never stored) shows nothing.
 */
import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { usePanelStore } from '../store';

interface LastChange {
  readonly id: string;
  readonly at: number;
}

const LastChanged = createContext<{ readonly last?: LastChange; readonly mark: (id: string) => void }>({ mark: () => undefined });

/** Holds which section changed last, for the `SavedHere` sections inside. */
export function SavedNotes({ children }: { readonly children: ReactNode }) {
  const [last, setLast] = useState<LastChange>();
  const value = useMemo(() => ({ ...(last === undefined ? {} : { last }), mark: (id: string) => setLast({ id, at: Date.now() }) }), [last]);
  return <LastChanged.Provider value={value}>{children}</LastChanged.Provider>;
}

export function SavedHere({ id, children }: { readonly id: string; readonly children: ReactNode }) {
  const { last, mark } = useContext(LastChanged);
  const savedAt = usePanelStore((s) => s.settings.saved);
  const shown = last?.id === id && savedAt !== undefined && savedAt >= last.at;
  return (
    <div className="stack" onChangeCapture={() => mark(id)}>
      {children}
      {shown && (
        <p role="status" className="muted small saved-here" data-testid={`saved-${id}`}>
          Saved.
        </p>
      )}
    </div>
  );
}
