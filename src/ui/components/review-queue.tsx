/**
 * The resolver's review queue (live): each doubtful mention with its candidates;
 * merge into the best or a chosen candidate, or keep separate — one by one, or the
 * selected ones in bulk (with progress).
 */
import { useState } from 'react';
import type { ReviewItem } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { userError } from '../user-error';
import { PageLink } from './page-link';
import { reviewReasonWords } from '../review-words';

/** Items shown at once (the rest wait their turn). */
const SHOWN = 50;
/** The one line saying what a candidate's percentage means; every candidate select points to it. */
const MATCH_HELP_ID = 'review-match-help';

type Decision = { decision: 'merge'; candidate_id?: string } | { decision: 'keep_separate' };

function ReviewRow({
  item,
  selected,
  onSelect,
  decide,
}: {
  readonly item: ReviewItem;
  readonly selected: boolean;
  readonly onSelect: (on: boolean) => void;
  readonly decide: (d: Decision) => void;
}) {
  const [candidate, setCandidate] = useState(item.candidates[0]?.id ?? '');
  return (
    <li className="card" data-testid="review-item">
      <label className="inline">
        <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.target.checked)} />
        {/* One flex item: the type must not wrap apart from the name, nor mid-word. */}
        <span>
          <strong>{item.mention.name}</strong> ({item.mention.type})
        </span>
      </label>
      <p data-testid="review-reason">{reviewReasonWords(item.reason)}</p>
      <blockquote>{item.mention.snippet}</blockquote>
      <p className="muted">
        From <PageLink url={item.mention.pageUrl} title={item.mention.pageTitle} quote={item.mention.snippet} />
      </p>
      {item.candidates.length > 0 && (
        <label>
          Same as
          <select
            value={candidate}
            onChange={(e) => setCandidate(e.target.value)}
            aria-describedby={MATCH_HELP_ID}
            data-testid="review-candidate"
          >
            {item.candidates.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label} ({c.type}, {Math.round(c.confidence * 100)}%)
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="actions">
        <button
          type="button"
          disabled={candidate === ''}
          onClick={() => decide({ decision: 'merge', candidate_id: candidate })}
          data-testid="review-accept"
        >
          Same thing — merge
        </button>
        <button type="button" onClick={() => decide({ decision: 'keep_separate' })} data-testid="review-reject">
          Different — keep both
        </button>
      </div>
    </li>
  );
}

export function ReviewQueue() {
  const { value: items } = useLiveQuery(() => panelGraph().listReviews('pending', SHOWN), []);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [error, setError] = useState<string>();

  const decideMany = async (ids: readonly string[], d: Decision) => {
    setError(undefined);
    setProgress({ done: 0, total: ids.length });
    for (const [i, review_id] of ids.entries()) {
      try {
        await callTool('review_decide', { review_id, ...d });
      } catch (e) {
        setError(userError(e));
      }
      setProgress({ done: i + 1, total: ids.length });
    }
    setSelected(new Set());
    setProgress(undefined);
  };

  if (!items) return null;
  return (
    <section aria-labelledby="review-heading" className="stack">
      <h2 id="review-heading">
        To review{' '}
        <span className="count" data-testid="review-count">
          {items.length}
        </span>
      </h2>
      {items.length === 0 && (
        <p className="muted">
          Nothing to review. When Ariadne is unsure whether a name on a page is an entity it already knows, it asks here.
        </p>
      )}
      {items.length > 0 && (
        <p id={MATCH_HELP_ID} className="muted small" data-testid="match-help">
          The percentage beside a candidate is how sure Ariadne is that the two are one thing (from their names, types and the names around
          them).
        </p>
      )}
      {items.length > 1 && (
        <div className="actions">
          <button type="button" onClick={() => setSelected(new Set(items.map((i) => i.id)))}>
            Select all
          </button>
          <button
            type="button"
            disabled={selected.size === 0 || progress !== undefined}
            onClick={() => void decideMany([...selected], { decision: 'merge' })}
          >
            Merge selected into best match
          </button>
          <button
            type="button"
            disabled={selected.size === 0 || progress !== undefined}
            onClick={() => void decideMany([...selected], { decision: 'keep_separate' })}
          >
            Keep selected separate
          </button>
        </div>
      )}
      {progress && <progress max={progress.total} value={progress.done} aria-label="Deciding review items" />}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <ul className="plain stack">
        {items.map((item) => (
          <ReviewRow
            key={item.id}
            item={item}
            selected={selected.has(item.id)}
            onSelect={(on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(item.id);
                else next.delete(item.id);
                return next;
              })
            }
            decide={(d) => void decideMany([item.id], d)}
          />
        ))}
      </ul>
    </section>
  );
}
