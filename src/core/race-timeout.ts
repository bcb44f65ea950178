/**
 * A promise raced against a timer: rejects with a `timeout` error carrying `message`
 * when `ms` pass first; the timer is cleared either way. The work itself is not
 * stopped (it runs on and its result is dropped): use it for work that yields, such
 * as a message round-trip or a parser's page, not for a synchronous loop.
 *
 * @example
 *   await raceTimeout(frameReply, 5_000, 'the layout frame did not answer');
 */
import { AriadneError } from './errors';

export function raceTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AriadneError('timeout', message)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
