/** Recent merges, newest first (live), each with an undo button while it can be undone. */
import { panelDb } from '../database';
import { useLiveQuery } from '../live-query';
import { usePanelStore } from '../store';

/** Merges listed. */
const SHOWN = 20;

export function MergeHistory() {
  const undoMerge = usePanelStore((s) => s.undoMerge);
  const busy = usePanelStore((s) => s.merge.busy);
  const { value: merges } = useLiveQuery(() => panelDb.merges.orderBy('at').reverse().limit(SHOWN).toArray(), []);
  if (!merges || merges.length === 0) return null;
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Merge history</h2>
      <ul className="plain" data-testid="merge-history">
        {merges.map((m) => (
          <li key={m.id} data-testid="merge-record">
            “{m.removed.name}” → “{m.intoBefore.name}” <span className="muted">{new Date(m.at).toLocaleString()}</span>{' '}
            {m.undoneAt === undefined ? (
              <button type="button" className="small" disabled={busy} onClick={() => void undoMerge(m.id)}>Undo</button>
            ) : (
              <span className="muted">undone</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
