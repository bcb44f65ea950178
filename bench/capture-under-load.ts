/**
 * Capture on a loaded machine: starts busy-loop child processes (one per `--busy`, default 8),
 * waits until the load average has risen, prints `uptime`, then runs corpus pages through
 * `npm start -- --headless` (a throwaway profile, `--out`), and counts from the stored pages'
 * notes how many readings the in-page time budget pressed: at the first reading (the page was
 * re-read at idle, or is still pressed) and as stored (still pressed after the re-read).
 * Prints the load at the start and the end, and a JSON summary last.
 *
 *   npx tsx bench/capture-under-load.ts [--busy 8] [--pages 20] [../shared/corpus/pages]
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readingCut } from '../src/extract/page/capture-page';
import { REREAD_NOTE } from '../src/messaging/capture-reread';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Math.max(0, Number(args[at + 1]) || fallback) : fallback;
};
const BUSY = option('--busy', 8);
const PAGES = option('--pages', 20);
const root = resolve(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? '../shared/corpus/pages');
if (!existsSync(root)) {
  console.error(`corpus pages not found at ${root}; pass the folder holding readability/ and metascraper/`);
  process.exit(2);
}
/** How long the busy loops run before the measurement starts (the 1-minute load average needs time to rise). */
const WARM_UP_MS = 30_000;

function corpusFiles(count: number): string[] {
  const lists = ['metascraper', 'readability'].map((folder) =>
    readdirSync(join(root, folder))
      .sort()
      .map((name) => ['input.html', 'source.html'].map((f) => join(root, folder, name, f)).find((f) => existsSync(f)))
      .filter((f): f is string => f !== undefined),
  );
  const out: string[] = [];
  for (let i = 0; out.length < count && lists.some((l) => i < l.length); i++)
    for (const list of lists) if (list[i] !== undefined && out.length < count) out.push(list[i] as string);
  return out;
}

const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const busy: ChildProcess[] = [];
for (let i = 0; i < BUSY; i++) busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBusy = () => busy.forEach((child) => child.kill());
process.on('exit', stopBusy);

const profile = mkdtempSync(join(tmpdir(), 'ariadne-load-'));
try {
  await new Promise((done) => setTimeout(done, BUSY > 0 ? WARM_UP_MS : 0));
  const startUptime = uptime();
  console.log(`before: ${startUptime}`);
  const files = corpusFiles(PAGES);
  const out = join(profile, 'graph.json');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli/start.ts', '--headless', '--profile', profile, '--out', out, ...files],
    {
      cwd: resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const endUptime = uptime();
  console.log(`after:  ${endUptime}`);
  stopBusy();
  if (!existsSync(out)) {
    console.error(run.stdout, run.stderr);
    process.exit(1);
  }
  const pages = (JSON.parse(readFileSync(out, 'utf8')) as { pages?: { url: string; notes?: string[] }[] }).pages ?? [];
  let pressedFirst = 0;
  let pressedStored = 0;
  let sizeCut = 0;
  for (const page of pages) {
    const notes = page.notes ?? [];
    const cut = readingCut({ notes });
    const reread = notes[0] === REREAD_NOTE;
    if (cut === 'size') sizeCut++;
    if (reread || cut === 'time') pressedFirst++;
    if (cut === 'time') pressedStored++;
    console.log(`${reread ? 're-read' : '       '} ${cut ?? '-'}\t${page.url}`);
  }
  const notCaptured = (run.stdout.match(/^✗ /gm) ?? []).length;
  // Which pages, and why (the CLI's own lines): a load timeout reads differently from a give-up.
  for (const block of run.stdout.split(/\n(?=\S)/)) if (block.startsWith('✗ ')) console.log(block);
  console.log(
    JSON.stringify({
      busyLoops: BUSY,
      loadAverage1mEnd: Number(loadavg()[0]?.toFixed(1)),
      uptimeBefore: startUptime,
      uptimeAfter: endUptime,
      pagesAsked: files.length,
      pagesStored: pages.length,
      notCaptured,
      pressedAtFirstReading: pressedFirst,
      pressedAsStored: pressedStored,
      cutBySize: sizeCut,
    }),
  );
} finally {
  stopBusy();
  rmSync(profile, { recursive: true, force: true });
}
