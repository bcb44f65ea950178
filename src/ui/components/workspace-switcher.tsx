/**
 * The active workspace in the panel's header, as a select that switches it. Two
 * keystrokes reach another workspace: `Alt+W` focuses the select, then an arrow key
 * picks the next or previous one (a focused select changes on arrow keys).
 */
import { useEffect, useRef, useState } from 'react';
import { callTool } from '../../messaging/client';
import { usePanelStore } from '../store';
import { userError } from '../user-error';
import { useWorkspaces } from '../workspace/use-workspaces';

/** Focuses the switcher from anywhere in the panel. */
export const SWITCHER_SHORTCUT = 'Alt+W';

export function WorkspaceSwitcher() {
  const { workspaces, active } = useWorkspaces();
  const closeEntity = usePanelStore((s) => s.closeEntity);
  const select = useRef<HTMLSelectElement>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // `code`, not `key`: Alt+W types a character on some layouts (macOS: ∑).
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyW') {
        event.preventDefault();
        select.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const switchTo = async (id: string) => {
    setError(undefined);
    // An open entity page belongs to the workspace being left.
    closeEntity();
    try {
      await callTool('workspace_switch', { workspace: id });
    } catch (failure) {
      setError(userError(failure));
    }
  };

  const shown = workspaces.filter((w) => !w.archived);
  return (
    <div className="workspace-switcher">
      <label>
        <span className="muted small">Workspace</span>{' '}
        <select
          ref={select}
          value={active.id}
          onChange={(e) => void switchTo(e.target.value)}
          aria-keyshortcuts={SWITCHER_SHORTCUT}
          title={`Switch workspace (${SWITCHER_SHORTCUT}, then ↑/↓)`}
          data-testid="workspace-select"
        >
          {(shown.length > 0 ? shown : [active]).map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </label>
      {error !== undefined && (
        <p role="alert" className="error small">
          {error}
        </p>
      )}
    </div>
  );
}
