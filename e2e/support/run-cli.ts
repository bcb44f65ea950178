/**
 * Runs `npm start`'s script (src/cli/start.ts) as a user would, in a child process, with a
 * throwaway profile unless one is given, and returns what it printed and its exit code. For
 * the CLI journeys (`e2e/journeys/cli-headless.spec.ts`); the extension must be built.
 *
 * @example
 *   const run = await runCli(['--headless', 'e2e/site/stripe.html'], { profile });
 *   expect(run.code).toBe(0);
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
/** A run is killed after this long, so a hung run cannot outlive its test (the tests allow 300 s). */
const RUN_TIMEOUT_MS = 280_000;

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: readonly string[], options: { profile?: string; nodeArgs?: readonly string[] } = {}): Promise<CliRun> {
  const argv = [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/cli/start.ts', ...args];
  if (options.profile !== undefined) argv.push('--profile', options.profile);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, argv, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], timeout: RUN_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
