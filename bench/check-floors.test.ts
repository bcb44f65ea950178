/**
 * The check set's figures in CI (bench/check-pages/README.md): the pages nobody tunes on,
 * scored by the same scripts a developer runs (`npm run eval:check -- --only check`), must
 * stay at or above the floors of bench/check-floors.json. A regression on pages the
 * rules were never written against fails the build. Skips when ../shared/corpus is absent.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { field } from './run-scorer';

const FLOORS: unknown = JSON.parse(readFileSync('bench/check-floors.json', 'utf8'));

function floor(name: string): number {
  const v = field(FLOORS, name);
  if (typeof v !== 'number') throw new Error(`floors.json: no number for "${name}"`);
  return v;
}

describe('check set floors', () => {
  it('scores the check pages at or above their floors', (ctx) => {
    if (!existsSync('../shared/corpus/pages')) ctx.skip('../shared/corpus/pages not found');
    const run = spawnSync('npx', ['tsx', 'bench/eval-check.ts', '--only', 'check'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const table: unknown = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    const figure = (name: string): number => {
      const v = field(field(table, name), 'check');
      if (typeof v !== 'number')
        throw new Error(`eval:check printed no check figure for "${name}":\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
      return v;
    };
    const report = run.stdout.split('\n').slice(-20).join('\n');
    for (const name of ['must-have recall', 'typed recall', 'typed precision', 'relation recall', 'QA strict'])
      expect(figure(name), `${name}\n${report}`).toBeGreaterThanOrEqual(floor(name));
    expect(figure('not-entity share'), report).toBeLessThanOrEqual(floor('not-entity share max'));
    expect(figure('furniture share'), report).toBeLessThanOrEqual(floor('furniture share max'));
  }, 900_000);
});
