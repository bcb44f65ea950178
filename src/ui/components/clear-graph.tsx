/** Delete the whole graph, after a confirmation that says it cannot be undone. */
import { useState } from 'react';
import { callTool } from '../../messaging/client';
import { userError } from '../user-error';

export function ClearGraph() {
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string>();
  const clear = async () => {
    try {
      const out = await callTool('graph_clear', { confirm: true });
      setMessage(`Deleted ${out.entities_removed} entities and everything about them.`);
    } catch (e) {
      setMessage(userError(e));
    }
    setConfirming(false);
  };
  return (
    <section aria-labelledby="clear-heading" className="stack">
      <h2 id="clear-heading">Start over</h2>
      {confirming ? (
        <div role="group" aria-label="Confirm deleting everything" className="confirm">
          <p>Delete the whole graph? This cannot be undone; export it first if you may want it back.</p>
          <button type="button" className="danger" onClick={() => void clear()} data-testid="confirm-clear">
            Delete everything
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="danger" onClick={() => setConfirming(true)} data-testid="clear-graph">
          Delete the whole graph…
        </button>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
