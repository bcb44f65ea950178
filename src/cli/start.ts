/**
 * `npm start`: runs Ariadne in Chromium (or Firefox ESR) with a persistent profile.
 *
 *   npm start                                   open Chromium (needs a display) with Ariadne and its side panel
 *   npm start -- --browser firefox …            the same in Firefox (profile ~/.ariadne/firefox-profile)
 *   npm start -- --headless <url|file>…         capture each page without a window, print a summary
 *   npm start -- --headless a.html --out g.json also write the graph as JSON
 *   npm start -- --headless … --workspace NAME  capture into workspace NAME (created when missing) and export it
 *   npm start -- --profile <dir>                use another profile (default ~/.ariadne/profile)
 *
 * It builds the extension first when `.output/chrome-mv3` (or `firefox-mv2`) is missing or older than
 * the sources. Local files are visited over http (the content script captures http(s) pages
 * only): in Chromium at a stable address (`targets.ts`), in Firefox from a local server. The
 * browser drivers are loaded only once the options are known to need them, so `--help`
 * answers at once.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Options } from './options';
import { parseOptions, USAGE } from './options';
import type { Target } from './targets';
import { resolveTargets } from './targets';

const ROOT = resolve(import.meta.dirname, '../..');
/** Sources whose change makes the build stale. */
const SOURCES = ['src', 'entrypoints', 'wxt.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Builds the extension when its output is missing or older than any source. */
async function ensureBuilt(browser: Options['browser'], log: (line: string) => void): Promise<void> {
  const dir = browser === 'firefox' ? (await import('./launch-firefox')).FIREFOX_EXTENSION_DIR : (await import('./launch')).EXTENSION_DIR;
  const manifest = join(dir, 'manifest.json');
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (built >= sources) return;
  log(built === 0 ? 'Building the extension (first run)…' : 'Sources changed since the last build; rebuilding…');
  const args = browser === 'firefox' ? ['wxt', 'build', '-b', 'firefox'] : ['wxt', 'build'];
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`\`${args.join(' ')}\` failed; run \`npm run ${browser === 'firefox' ? 'build:firefox' : 'build'}\` to see why.`);
}

/** Firefox visits local files on a server per folder (ephemeral ports); the caller closes them. */
async function servedForFirefox(targets: readonly Target[]): Promise<{ urls: Map<Target, string>; close: () => Promise<void> }> {
  const { serveDirectory } = await import('./static-server');
  const servers = new Map<string, Awaited<ReturnType<typeof serveDirectory>>>();
  const urls = new Map<Target, string>();
  for (const target of targets) {
    if (target.url === undefined) continue;
    if (target.file === undefined) {
      urls.set(target, target.url);
      continue;
    }
    const dir = dirname(target.file);
    let server = servers.get(dir);
    if (!server) {
      server = await serveDirectory(dir);
      servers.set(dir, server);
    }
    urls.set(target, `${server.origin}/${encodeURIComponent(basename(target.file))}`);
  }
  return { urls, close: async () => void (await Promise.all([...servers.values()].map((s) => s.close()))) };
}

async function runHeadlessFirefox(options: Options, targets: readonly Target[]): Promise<number> {
  const started = Date.now();
  const { runFirefoxHeadless } = await import('./start-firefox');
  const { readGraphTables, summarize, writeGraph } = await import('./summary');
  const served = await servedForFirefox(targets);
  try {
    const visited = targets.flatMap((t) => {
      const url = served.urls.get(t);
      return url === undefined ? [] : [url];
    });
    const { reports, dump, failed, workspace } = await runFirefoxHeadless(options.profile, visited, readGraphTables, options.workspace);
    const byUrl = new Map(reports.map((r) => [r.url, r]));
    const all = targets.map((t) => {
      const url = served.urls.get(t);
      const report = url === undefined ? undefined : byUrl.get(url);
      return report === undefined ? { input: t.input, error: t.error ?? 'not visited' } : { ...report, input: t.input };
    });
    console.log(summarize(dump, all, Date.now() - started, failed, workspace));
    if (options.out) writeGraph(options.out, dump);
    return all.some((r) => r.error !== undefined) ? 1 : 0;
  } finally {
    await served.close();
  }
}

async function runWindowed(options: Options, targets: readonly Target[]): Promise<number> {
  if (options.browser === 'firefox') {
    const { runFirefoxWindowed } = await import('./start-firefox');
    const served = await servedForFirefox(targets);
    console.log(`Ariadne is running in Firefox (profile ${options.profile}). Close the browser to quit.`);
    await runFirefoxWindowed(options.profile, [...served.urls.values()]);
    await served.close();
    return 0;
  }
  const { launchWithExtension } = await import('./launch');
  const { sendFrom, serveLocalFiles } = await import('./headless-chromium');
  const { useWorkspace } = await import('./workspace-option');
  const { context, extensionId } = await launchWithExtension({ profileDir: options.profile, headless: false });
  await serveLocalFiles(context, targets);
  const first = context.pages()[0] ?? (await context.newPage());
  await first.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  if (options.workspace !== undefined) {
    const used = await useWorkspace(sendFrom(first), options.workspace);
    console.log(`${used.created ? 'Created' : 'Switched to'} workspace "${used.workspace.name}".`);
  }
  for (const target of targets) {
    if (target.url === undefined) console.error(`Skipped: ${target.error ?? target.input}`);
    else await (await context.newPage()).goto(target.url);
  }
  console.log(`Ariadne is running (profile ${options.profile}). Close the browser to quit.`);
  await new Promise<void>((done) => context.on('close', () => done()));
  return 0;
}

async function main(): Promise<number> {
  let options: Options | undefined;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(USAGE);
    return 2;
  }
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  if (options.out && !options.headless) {
    console.error('--out needs --headless (the export is written after the listed pages are captured).');
    return 2;
  }
  if (options.workspace !== undefined && options.browser === 'firefox' && !options.headless) {
    console.error('--workspace with --browser firefox needs --headless (switch workspaces in the sidebar otherwise).');
    return 2;
  }
  if (!options.headless && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.error(
      `${options.browser === 'firefox' ? 'Firefox' : 'Chromium'} needs a display to open a window, and none was found (no DISPLAY or WAYLAND_DISPLAY).`,
    );
    console.error(
      `Run without a window instead, for example:  npm start -- ${options.browser === 'firefox' ? '--browser firefox ' : ''}--headless https://example.com page.html`,
    );
    return 2;
  }
  const targets = resolveTargets(options.targets);
  // Every argument is visited: one that is neither a URL nor a file is reported, not fatal.
  for (const t of targets) if (t.error !== undefined) console.error(`ariadne: ${t.error}`);
  mkdirSync(options.profile, { recursive: true });
  await ensureBuilt(options.browser, (line) => console.error(line));
  if (!options.headless) return runWindowed(options, targets);
  if (options.browser === 'firefox') return runHeadlessFirefox(options, targets);
  const { runHeadlessChromium } = await import('./headless-chromium');
  return runHeadlessChromium(
    {
      profile: options.profile,
      ...(options.out === undefined ? {} : { out: options.out }),
      ...(options.workspace === undefined ? {} : { workspace: options.workspace }),
    },
    targets,
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ariadne: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
