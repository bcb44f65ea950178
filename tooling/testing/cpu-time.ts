/**
 * Test support: CPU time, for the unit tests that bound how long code runs (hostile
 * input must not stall the worker). Unlike wall time, CPU time does not grow when other
 * jobs share the machine, so a bound on it fails on work done here, not on load: the
 * wall-clock bounds failed on a loaded 2-core machine while nothing had regressed.
 *
 * It counts every thread of the process (V8's GC and compiler threads too), so on an
 * idle machine it can run ahead of wall time; bounds built on it say so. Each test file
 * must have a process of its own (vitest's default pool, `forks`): in a worker thread the
 * other test files' threads would count too, and `cpuNow` refuses to run there.
 *
 * @example
 *   expect(cpuMs(() => recognize(text))).toBeLessThan(5_000);
 */
import { isMainThread } from 'node:worker_threads';

/** Monotonic CPU ms of this process (user + system), usable as a `timer`/`now` option. */
export function cpuNow(): number {
  if (!isMainThread) throw new Error('CPU-time bounds need a process per test file (vitest pool "forks"), not a worker thread');
  const used = process.cpuUsage();
  return (used.user + used.system) / 1_000;
}

/** CPU ms spent by `run`. */
export function cpuMs(run: () => unknown): number {
  const started = cpuNow();
  run();
  return cpuNow() - started;
}
