/**
 * `npm run bench`: runs every benchmark and evaluation script present in bench/
 * (`*.bench.ts`, then `eval-*.ts`), one after the other, passing arguments through,
 * and prints each one's JSON summary (its last output line) together as the last line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const scripts = readdirSync(dir)
  .filter((f) => /\.bench\.ts$/.test(f) || /^eval-.*\.ts$/.test(f))
  .sort((a, b) => Number(/^eval-/.test(a)) - Number(/^eval-/.test(b)) || (a < b ? -1 : 1));
const tsx = join(dir, '..', 'node_modules', '.bin', 'tsx');
const summary: Record<string, unknown> = {};
let failed = 0;

for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const run = spawnSync(
    existsSync(tsx) ? tsx : 'npx',
    existsSync(tsx) ? [join(dir, script), ...process.argv.slice(2)] : ['tsx', join(dir, script)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const out = run.stdout ?? '';
  process.stdout.write(out);
  const last = out.trim().split('\n').pop() ?? '';
  if (run.status !== 0) {
    failed++;
    summary[script] = { error: `exit ${run.status ?? run.signal}` };
    continue;
  }
  try {
    summary[script] = JSON.parse(last);
  } catch {
    summary[script] = { note: 'no JSON summary on the last line' };
  }
}
console.log(JSON.stringify({ bench: 'all', failed, results: summary }));
process.exitCode = failed > 0 ? 1 : 0;
