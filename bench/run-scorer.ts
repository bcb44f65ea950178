/**
 * Runs one of the gold scorers (bench/eval-pages.ts, eval-relations.ts, eval-qa.ts) as its
 * own process and returns the JSON of its last line: the same scripts a developer runs
 * alone, used by `eval:check` and `eval:ablate`.
 */
import { spawnSync } from 'node:child_process';

export function field(o: unknown, k: string): unknown {
  return typeof o === 'object' && o !== null && Object.hasOwn(o, k) ? Reflect.get(o, k) : undefined;
}

/** The scorer's last-line JSON, or undefined when it failed (its stderr is printed) or skipped. */
export function runScorer(
  script: string,
  goldDir: string,
  env: Readonly<Record<string, string>> = {},
): Readonly<Record<string, unknown>> | undefined {
  const run = spawnSync('npx', ['tsx', script, '--gold', goldDir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) {
    console.error(`${script} --gold ${goldDir} failed (exit ${String(run.status)}):\n${run.stderr.slice(-2000)}`);
    return undefined;
  }
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  const parsed: unknown = JSON.parse(last);
  if (typeof parsed !== 'object' || parsed === null || field(parsed, 'skipped') === true) return undefined;
  return Object.fromEntries(Object.entries(parsed));
}
