import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
/**
 * A module hook that refuses to load a browser driver: `--help` and a bad option must answer
 * without one (loading Playwright and puppeteer took most of `npm start -- --help`'s 20 s on a
 * busy machine).
 */
const NO_DRIVERS = `data:text/javascript,${encodeURIComponent(
  `export async function resolve(specifier, context, next) {
     if (/^(@playwright\\/test|playwright(-core)?|puppeteer(-core)?)(\\/|$)/.test(specifier)) throw new Error('browser driver loaded: ' + specifier);
     return next(specifier, context);
   }`,
)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(NO_DRIVERS)});`)}`;

function start(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', '--import', REGISTER, 'src/cli/start.ts', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm start -- --help', () => {
  it('prints the usage without loading a browser driver', () => {
    const run = start('--help');
    expect(run.stderr).not.toMatch(/browser driver loaded/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm start --/);
  });

  it('refuses a bad option without loading a browser driver', () => {
    const run = start('--browser', 'lynx');
    expect(run.stderr).toMatch(/--browser must be chromium or firefox/);
    expect(run.stderr).not.toMatch(/browser driver loaded/);
    expect(run.status).toBe(2);
  });

  it('the hook does refuse a driver (the test can fail)', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', REGISTER, '-e', "import('@playwright/test').catch((e) => { console.error(e.message); process.exit(3); })"],
      {
        cwd: REPO,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.stderr).toMatch(/browser driver loaded: @playwright\/test/);
  });
});
