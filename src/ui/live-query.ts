/**
 * `useLiveQuery`: a React hook over Dexie's `liveQuery`. The side panel reads the
 * graph straight from IndexedDB and re-renders when the background writes to it
 * (extension pages and the worker share one database origin).
 *
 * Updates are throttled: a capture writes dozens of rows in a burst and every write
 * would re-run every open query (and re-render) while the worker is busy with the same
 * database. A change is shown at once; then the hook stops listening for `minIntervalMs`
 * and queries afresh, so during a burst a query runs about twice per interval however
 * many writes land, and what it shows is never older than the interval. A quiet graph
 * costs nothing (no polling).
 *
 * @example
 *   const { value } = useLiveQuery(() => db.entities.orderBy('updatedAt').reverse().limit(50).toArray(), []);
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { DependencyList } from 'react';

/** Default least time between two updates of one live query. */
export const LIVE_QUERY_INTERVAL_MS = 300;

export interface LiveResult<T> {
  readonly value: T | undefined;
  readonly error: Error | undefined;
}

export interface LiveQueryOptions {
  /** Least time between two updates (the first value comes at once). */
  readonly minIntervalMs?: number;
}

/** What the throttled subscription reports; `subscribeThrottled` is the hook's logic without React. */
export interface Listener<T> {
  next(value: T): void;
  error(error: unknown): void;
}

/**
 * Subscribes to a Dexie live query, re-subscribing at most once per `minIntervalMs`
 * after each value. Returns the function that ends it.
 *
 * @example
 *   const stop = subscribeThrottled(() => db.entities.count(), 300, { next: console.log, error: console.error });
 */
export function subscribeThrottled<T>(
  query: () => Promise<T>,
  minIntervalMs: number,
  listener: Listener<T>,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis,
): () => void {
  let stopped = false;
  let subscription: { unsubscribe(): void } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const subscribe = (): void => {
    let first = true;
    subscription = liveQuery(query).subscribe({
      next: (value) => {
        if (stopped) return;
        listener.next(value);
        if (first) {
          // The value read on (re)subscribing: keep listening (a quiet graph costs nothing).
          first = false;
          return;
        }
        // A change: shown at once; then stop listening and read afresh once the interval is over.
        subscription?.unsubscribe();
        subscription = undefined;
        timer = timers.setTimeout(() => {
          timer = undefined;
          if (!stopped) subscribe();
        }, minIntervalMs);
      },
      error: (error: unknown) => {
        if (!stopped) listener.error(error);
      },
    });
  };
  subscribe();
  return () => {
    stopped = true;
    subscription?.unsubscribe();
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}

export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList, options: LiveQueryOptions = {}): LiveResult<T> {
  const [state, setState] = useState<LiveResult<T>>({ value: undefined, error: undefined });
  const interval = options.minIntervalMs ?? LIVE_QUERY_INTERVAL_MS;
  useEffect(
    () =>
      subscribeThrottled(query, interval, {
        next: (value) => setState({ value, error: undefined }),
        error: (error: unknown) => setState((s) => ({ value: s.value, error: error instanceof Error ? error : new Error(String(error)) })),
      }),
    // The caller's deps decide when the query is rebuilt, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [...deps, interval],
  );
  return state;
}
