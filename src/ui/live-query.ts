/**
 * `useLiveQuery`: a React hook over Dexie's `liveQuery`. The side panel reads the
 * graph straight from IndexedDB and re-renders when the background writes to it
 * (extension pages and the worker share one database origin).
 *
 * @example
 *   const entities = useLiveQuery(() => db.entities.orderBy('updatedAt').reverse().limit(50).toArray(), []);
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { DependencyList } from 'react';

export interface LiveResult<T> {
  readonly value: T | undefined;
  readonly error: Error | undefined;
}

export function useLiveQuery<T>(query: () => Promise<T>, deps: DependencyList): LiveResult<T> {
  const [state, setState] = useState<LiveResult<T>>({ value: undefined, error: undefined });
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => setState({ value, error: undefined }),
      error: (error: unknown) => setState((s) => ({ value: s.value, error: error instanceof Error ? error : new Error(String(error)) })),
    });
    return () => subscription.unsubscribe();
    // The caller's deps decide when the query is rebuilt, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
