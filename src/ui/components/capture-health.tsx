/**
 * Tells the user when captured pages could not be added to the graph: parked captures
 * (they failed to finish several times, or the browser ran out of storage) stay in the
 * persisted inbox until the user retries or discards them. Lists them with the reason
 * in words and those two actions. Also lists the pages Ariadne gave up reading in the page
 * itself (reading threw, the background refused or did not answer), with the reason; such a
 * page leaves the list once it is captured. And the pages a busy machine's time budget cut
 * short: re-read pending (once Ariadne is idle), re-read done, or still cut and why.
 * Polls the background's queue totals.
 */
import { useCallback, useState } from 'react';
import { sendMessage } from '../../messaging/client';
import type { GaveUpPage, ParkedCapture, RereadPage } from '../../messaging/protocol';
import { usePolled } from '../use-polled';
import { userError } from '../user-error';

// Often enough to notice a full disk soon, rarely enough to cost nothing.
const POLL_MS = 5000;

interface Health {
  readonly failed: number;
  readonly error?: string;
  readonly parked?: readonly ParkedCapture[];
  readonly gaveUp?: readonly GaveUpPage[];
  readonly rereads?: readonly RereadPage[];
}

const REREAD_WORDS: Record<RereadPage['state'], string> = {
  pending: 'cut short by the time budget (a busy computer); it will be read again when Ariadne is idle',
  done: 'cut short by the time budget, then read again whole',
  cut: 'cut short by the time budget; stored with part of its text',
};

const NO_FAILURES: Health = { failed: 0 };

/** The queue's totals; the background's `capture.status` unless a test passes its own. */
export type QueueStatus = () => Promise<Health>;
/** Retries or discards one parked capture; the background's messages unless a test passes its own. */
export type QueueAction = (action: 'retry' | 'discard', captureId: string) => Promise<unknown>;

const backgroundStatus: QueueStatus = () => sendMessage({ type: 'capture.status' });
const backgroundAction: QueueAction = (action, captureId) =>
  action === 'retry' ? sendMessage({ type: 'capture.retry', captureId }) : sendMessage({ type: 'capture.discard', captureId });

export function CaptureHealth({
  status = backgroundStatus,
  act = backgroundAction,
}: {
  readonly status?: QueueStatus;
  readonly act?: QueueAction;
}) {
  const [problem, setProblem] = useState<string | undefined>();
  const [tick, setTick] = useState(0);
  const health = usePolled(status, POLL_MS, tick) ?? NO_FAILURES;
  const run = useCallback(
    (action: 'retry' | 'discard', captureId: string) =>
      void act(action, captureId).then(
        () => {
          setProblem(undefined);
          setTick((t) => t + 1);
        },
        (error: unknown) => setProblem(userError(error)),
      ),
    [act],
  );
  const gaveUp = health.gaveUp ?? [];
  const rereads = health.rereads ?? [];
  if (health.failed === 0 && gaveUp.length === 0) return rereads.length === 0 ? null : <Rereads pages={rereads} />;
  const pages = health.failed === 1 ? '1 captured page' : `${health.failed} captured pages`;
  const parked = health.parked ?? [];
  return (
    <div className="banner warning" role="alert" data-testid="capture-health">
      {gaveUp.length > 0 && (
        <>
          <p>{gaveUp.length === 1 ? '1 page was' : `${gaveUp.length} pages were`} not captured: Ariadne gave up reading them.</p>
          <ul className="plain stack" aria-label="Pages not captured">
            {gaveUp.map((g) => (
              <li key={g.url} data-testid="gave-up-page">
                <span className="name">{g.title || g.url}</span> <span className="muted small">{g.url}</span>
                <div className="muted small">Reason: {g.reason}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {health.failed > 0 && (
        <p>
          {pages} could not be added to your graph yet; {health.failed === 1 ? 'it is' : 'they are'} kept until you retry or discard{' '}
          {health.failed === 1 ? 'it' : 'them'}.{parked.length === 0 && health.error ? ` Reason: ${health.error}` : ''}
        </p>
      )}
      {parked.length > 0 && (
        <ul className="plain stack" aria-label="Parked captures">
          {parked.map((p) => (
            <li key={p.captureId} data-testid="parked-capture">
              <span className="name">{p.title || p.url}</span> <span className="muted small">{p.url}</span>
              <div className="muted small">
                Tried {p.attempts} {p.attempts === 1 ? 'time' : 'times'}. Reason: {p.reason}
              </div>
              <div className="actions">
                <button type="button" onClick={() => run('retry', p.captureId)}>
                  Retry
                </button>
                <button type="button" className="danger" onClick={() => run('discard', p.captureId)}>
                  Discard
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {parked.length < health.failed && parked.length > 0 && <p className="muted small">Showing the oldest {parked.length}.</p>}
      {problem && <p className="error">{problem}</p>}
      {rereads.length > 0 && <Rereads pages={rereads} />}
    </div>
  );
}

/** Pages the time budget cut and where their re-read stands (information, not an alert: nothing for the user to do). */
function Rereads({ pages }: { readonly pages: readonly RereadPage[] }) {
  return (
    <div className="banner" data-testid="capture-rereads">
      <p>Pages read in a hurry:</p>
      <ul className="plain stack" aria-label="Pages read again">
        {pages.map((p) => (
          <li key={p.url} data-testid="reread-page" data-state={p.state}>
            <span className="name">{p.title || p.url}</span> <span className="muted small">{p.url}</span>
            <div className="muted small">
              {REREAD_WORDS[p.state]}
              {p.reason ? ` (${p.reason})` : ''}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
