/**
 * Polls the background while a view is shown: reads once at once, then every
 * `intervalMs`, and keeps the last answer (a failed read keeps the previous one).
 * Changing `refresh` reads again at once, e.g. after an action changed what is read.
 *
 * @example
 *   const status = usePolled(() => sendMessage({ type: 'llm.status' }), 2000);
 */
import { useEffect, useState } from 'react';

export function usePolled<T>(read: () => Promise<T>, intervalMs: number, refresh: unknown = undefined): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    const poll = () =>
      void read()
        .then((v) => live && setValue(() => v))
        .catch(() => undefined);
    poll();
    const timer = setInterval(poll, intervalMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [read, intervalMs, refresh]);
  return value;
}
