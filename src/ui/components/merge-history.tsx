/**
 * Recent merges, newest first (live): the entity kept and the one removed, each with
 * its name and type as they were then, and an undo button while it can be undone.
 */
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { namedWithType } from '../merge-words';
import { usePanelStore } from '../store';

/** Merges listed. */
const SHOWN = 20;

export function MergeHistory() {
  const undoMerge = usePanelStore((s) => s.undoMerge);
  const busy = usePanelStore((s) => s.merge.busy);
  const { value: merges } = useLiveQuery(() => panelGraph().listMerges(SHOWN), []);
  if (!merges || merges.length === 0) return null;
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Merge history</h2>
      <ul className="plain" data-testid="merge-history">
        {merges.map((m) => (
          <li key={m.id} data-testid="merge-record">
            Kept {namedWithType(m.intoBefore)}, removed {namedWithType(m.removed)}{' '}
            <span className="muted">{new Date(m.at).toLocaleString()}</span>{' '}
            {m.undoneAt === undefined ? (
              <button type="button" className="small" disabled={busy} onClick={() => void undoMerge(m.id)}>
                Undo
              </button>
            ) : (
              <span className="muted">undone</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
