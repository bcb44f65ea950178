// Guards the split of the tests into projects (vitest.config.ts): a unit test (`*.test.ts`)
// is pure and in-process, so it may not start a process, a server, a socket or PostgreSQL,
// nor read the shared corpus (name it `*.integration.test.ts`), and it may not read the wall
// clock to bound a duration (count the work, or use CPU time from tooling/testing/cpu-time.ts;
// a bound that must stay in wall time goes in a `*.perf.test.ts`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
/** Where vitest.config.ts looks for tests. */
const ROOTS = ['src', 'tooling', 'entrypoints', 'scripts'];

const INTEGRATION: readonly { readonly marker: RegExp; readonly what: string }[] = [
  {
    marker: /^import (?!type )[^;]*from ['"]node:(?:child_process|http|https|http2|net|dgram)['"]/m,
    what: 'a process, a server or a socket',
  },
  { marker: /\b(?:startPgServer|useTeamDatabases)\b/, what: 'PostgreSQL' },
  { marker: /\b(?:startScriptedServer|startNativeHost|listenOnSocket)\b/, what: 'a server or a native host' },
  { marker: /shared\/corpus|\b(?:corpusPresent|buildCorpusGraph)\b/, what: 'the shared corpus' },
];
const WALL_CLOCK = /\bperformance\.now\(\)|\bprocess\.hrtime\b|\bDate\.now\(\)\s*-/;

function unitTests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : unitTests(path);
    return /\.test\.tsx?$/.test(name) && !/\.(?:integration|perf)\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = ROOTS.map((root) => join(ROOT, root))
  .filter((dir) => existsSync(dir))
  .flatMap(unitTests)
  .filter((file) => file !== __filename);

describe('the unit project holds unit tests only', () => {
  it('finds the unit tests', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no unit test starts a process, a server or a database, or reads the shared corpus', () => {
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return INTEGRATION.filter(({ marker }) => marker.test(text)).map(({ what }) => `${relative(ROOT, file)}: ${what}`);
    });
    expect(offenders, 'rename these *.integration.test.ts').toEqual([]);
  });

  it('no unit test bounds a duration in wall time', () => {
    const offenders = files.filter((file) => WALL_CLOCK.test(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file));
    expect(offenders, 'count the work or use CPU time (tooling/testing/cpu-time.ts); a wall-clock bound goes in *.perf.test.ts').toEqual(
      [],
    );
  });
});
