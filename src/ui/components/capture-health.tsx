/**
 * Tells the user when captured pages could not be added to the graph (they stay in
 * the persisted inbox and are retried when the worker starts), with the reason in
 * words — e.g. the browser ran out of storage. Polls the background's queue totals.
 */
import { useEffect, useState } from 'react';
import { sendMessage } from '../../messaging/client';

// Often enough to notice a full disk soon, rarely enough to cost nothing.
const POLL_MS = 5000;

interface Health {
  readonly failed: number;
  readonly error?: string;
}

/** The queue's totals; the background's `capture.status` unless a test passes its own. */
export type QueueStatus = () => Promise<Health>;
const backgroundStatus: QueueStatus = () => sendMessage({ type: 'capture.status' });

export function CaptureHealth({ status = backgroundStatus }: { readonly status?: QueueStatus }) {
  const [health, setHealth] = useState<Health>({ failed: 0 });
  useEffect(() => {
    let live = true;
    const poll = () =>
      void status()
        .then((s) => live && setHealth({ failed: s.failed, ...(s.error === undefined ? {} : { error: s.error }) }))
        .catch(() => undefined);
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [status]);
  if (health.failed === 0) return null;
  const pages = health.failed === 1 ? '1 captured page' : `${health.failed} captured pages`;
  return (
    <p className="banner warning" role="alert" data-testid="capture-health">
      {pages} could not be added to your graph yet; {health.failed === 1 ? 'it is' : 'they are'} kept and retried when Ariadne restarts.
      {health.error ? ` Reason: ${health.error}` : ''}
    </p>
  );
}
