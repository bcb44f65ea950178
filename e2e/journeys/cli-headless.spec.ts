// `npm start -- --headless`, run as a user runs it (a child process with its own profile):
// a page that crashes Chromium's renderer costs only that page; a page that reloads itself
// is reported as captured, with what happened; a local file is the same page on every run
// (one page, not one per run) and its line shows its title; an argument that is neither a
// URL nor a file is reported and the others are still captured.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { CliRun } from '../support/run-cli';
import { runCli } from '../support/run-cli';

const CRASH = 'e2e/site/cli/renderer-crash.html';
const AFTER = 'e2e/site/cli/after-crash.html';
const RELOADS = 'e2e/site/cli/reload-loop.html';
/** A page the content script gives up on (it removes its own root element: nothing to read, nowhere to mark). */
const GIVES_UP = 'e2e/site/capture/no-root.html';

/** The block the summary prints for one page: from its ✓/✗ line up to the next page or the totals. */
function blockOf(run: CliRun, heading: string): string {
  const blocks = run.stdout.split(/\n(?=[✓✗] )/);
  return blocks.find((b) => b.split('\n')[0]?.includes(heading)) ?? `(no block for "${heading}" in:\n${run.stdout}\n${run.stderr})`;
}

function pageCount(run: CliRun): number {
  return Number(/Graph: .*, (\d+) pages/.exec(run.stdout)?.[1] ?? -1);
}

test.describe('npm start -- --headless', () => {
  let profile: string;
  test.beforeEach(async () => {
    profile = await mkdtemp(join(tmpdir(), 'ariadne-cli-'));
  });
  test.afterEach(async () => {
    await rm(profile, { recursive: true, force: true });
  });

  test('a page that crashes the renderer costs only that page; one that reloads itself is reported captured, with what happened', async () => {
    test.setTimeout(300_000);
    const run = await runCli(['--headless', CRASH, AFTER, RELOADS, GIVES_UP], { profile });
    // Not a bare "locator.waitFor: Timeout 30000ms exceeded": the content script's own reason.
    expect(blockOf(run, 'no-root.html')).toMatch(
      /^✗[^]*not captured: the content script gave up: nothing to read: the page removed its root element/,
    );
    expect(blockOf(run, 'renderer-crash.html')).toMatch(/^✗[^]*crashed the browser's renderer/);
    expect(blockOf(run, 'Orrin Mills after the crash')).toMatch(/^✓[^]*Orrin Mills/);
    const reloads = blockOf(run, 'Tidewater Robotics reloads itself');
    expect(reloads).toMatch(/^✓[^]*Tidewater Robotics/);
    // Reported as captured (it was stored); the note on its reloads appears when the tab saw one before the mark.
    expect(reloads).not.toMatch(/not captured/);
    expect(run.code).toBe(1); // the crashed page was not captured
  });

  test('the same local file is the same page on every run, its line shows its title, and a missing file does not stop the run', async () => {
    test.setTimeout(300_000);
    const first = await runCli(['--headless', 'notes/page.html', AFTER], { profile });
    expect(blockOf(first, 'notes/page.html')).toMatch(
      /^✗ notes\/page\.html\n {4}not captured: "notes\/page\.html" is neither an http\(s\) URL nor a file/,
    );
    expect(blockOf(first, 'Orrin Mills after the crash')).toMatch(
      /^✓ Orrin Mills after the crash\n {4}http:\/\/files\.localhost\/.*after-crash\.html\n {4}\d+ entities: .*Orrin Mills/,
    );
    const second = await runCli(['--headless', AFTER], { profile });
    expect(second.code).toBe(0);
    expect(pageCount(first)).toBe(1);
    expect(pageCount(second)).toBe(1);
  });
});
