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
 * the sources. Local files are served from 127.0.0.1 (the content script captures
 * http(s) pages only). A capture is done when the page carries the content script's
 * signal and the background's queue is empty.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from '@playwright/test';
import { EXTENSION_DIR, launchWithExtension } from './launch';
import { FIREFOX_EXTENSION_DIR } from './launch-firefox';
import { runFirefoxHeadless, runFirefoxWindowed } from './start-firefox';
import type { StaticServer } from './static-server';
import { serveDirectory } from './static-server';
import { activeWorkspace, useWorkspace } from './workspace-option';
import type { RunWorkspace, SendFromExtension } from './workspace-option';

const ROOT = resolve(import.meta.dirname, '../..');
/** Sources whose change makes the build stale. */
const SOURCES = ['src', 'entrypoints', 'wxt.config.ts', 'package.json'];
/** How long one page may take to load and be captured. */
const PAGE_TIMEOUT_MS = 30_000;
/** How long the background may take to ingest everything captured. */
const INGEST_TIMEOUT_MS = 120_000;
/** How often the queue is polled while waiting. */
const POLL_MS = 200;

const USAGE = `Usage: npm start -- [--browser chromium|firefox] [--headless] [--profile <dir>] [--workspace <name>] [--out <graph.json>] [<url|file>…]

  --browser <name>  chromium (default) or firefox (Firefox ESR at /usr/bin/firefox-esr, or FIREFOX_PATH)
  --headless        run without a window: capture the given pages, print a summary, exit
  --profile <dir>   browser profile to use (default: ~/.ariadne/profile, ~/.ariadne/firefox-profile for Firefox)
  --workspace <name> capture into this workspace (created when no workspace has that name); with
                    --headless the workspace active before is made active again at the end, and --out
                    writes this workspace's graph. Without it, the active workspace is used
  --out <file>      with --headless: write the graph (entities, relationships, evidence, pages) as JSON
  --help            this text`;

interface Options {
  readonly browser: 'chromium' | 'firefox';
  readonly headless: boolean;
  readonly profile: string;
  readonly out?: string;
  readonly workspace?: string;
  readonly targets: readonly string[];
}

function parseOptions(argv: readonly string[]): Options | undefined {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      browser: { type: 'string', default: 'chromium' },
      headless: { type: 'boolean', default: false },
      profile: { type: 'string' },
      out: { type: 'string' },
      workspace: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return undefined;
  if (values.browser !== 'chromium' && values.browser !== 'firefox')
    throw new Error(`--browser must be chromium or firefox, not "${values.browser}".`);
  return {
    browser: values.browser,
    headless: values.headless,
    profile: resolve(values.profile ?? join(homedir(), '.ariadne', values.browser === 'firefox' ? 'firefox-profile' : 'profile')),
    ...(values.out === undefined ? {} : { out: resolve(values.out) }),
    ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
    targets: positionals,
  };
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Builds the extension when its output is missing or older than any source. */
function ensureBuilt(browser: Options['browser'], log: (line: string) => void): void {
  const manifest = join(browser === 'firefox' ? FIREFOX_EXTENSION_DIR : EXTENSION_DIR, 'manifest.json');
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (built >= sources) return;
  log(built === 0 ? 'Building the extension (first run)…' : 'Sources changed since the last build; rebuilding…');
  const args = browser === 'firefox' ? ['wxt', 'build', '-b', 'firefox'] : ['wxt', 'build'];
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`\`${args.join(' ')}\` failed; run \`npm run ${browser === 'firefox' ? 'build:firefox' : 'build'}\` to see why.`);
}

/** URLs stay as they are; files are served over http from their directory. */
async function resolveTargets(targets: readonly string[]): Promise<{ urls: string[]; servers: StaticServer[] }> {
  const servers = new Map<string, StaticServer>();
  const urls: string[] = [];
  for (const target of targets) {
    if (/^https?:\/\//i.test(target)) {
      urls.push(target);
      continue;
    }
    const file = resolve(target.replace(/^file:\/\//, ''));
    if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`"${target}" is neither an http(s) URL nor a file.`);
    const dir = dirname(file);
    let server = servers.get(dir);
    if (!server) {
      server = await serveDirectory(dir);
      servers.set(dir, server);
    }
    urls.push(`${server.origin}/${encodeURIComponent(basename(file))}`);
  }
  return { urls, servers: [...servers.values()] };
}

interface CaptureReport {
  readonly url: string;
  readonly captureId?: string;
  readonly error?: string;
}

async function capture(page: Page, url: string): Promise<CaptureReport> {
  try {
    await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    const marker = page.locator('html[data-ariadne-captured]');
    await marker.waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS });
    return { url, captureId: (await marker.getAttribute('data-ariadne-captured')) ?? '' };
  } catch (error) {
    return { url, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

/** The extension's own messaging, as seen from one of its pages. */
interface ExtensionGlobal {
  chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
}

async function waitForQueue(panel: Page): Promise<{ pending: number; failed: number }> {
  const deadline = Date.now() + INGEST_TIMEOUT_MS;
  for (;;) {
    const reply = await panel.evaluate((message) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage(message), {
      type: 'capture.status',
    });
    const status = reply as { ok: boolean; result?: { pending: number; failed: number } };
    if (status.ok && status.result && status.result.pending === 0) return status.result;
    if (Date.now() > deadline) return status.result ?? { pending: -1, failed: 0 };
    await panel.waitForTimeout(POLL_MS);
  }
}

type GraphDump = Record<string, unknown[]>;

/** Reads every table of a workspace's graph database; evaluated in an extension page (Playwright or puppeteer). */
async function readGraphTables(database: string): Promise<GraphDump> {
  const tables = ['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews'];
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const request = indexedDB.open(database);
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
  const out: Record<string, unknown[]> = {};
  for (const name of tables) {
    if (!db.objectStoreNames.contains(name)) continue;
    out[name] = await new Promise<unknown[]>((ok, fail) => {
      const request = db.transaction(name, 'readonly').objectStore(name).getAll();
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
  }
  db.close();
  return out;
}

/** Messages from the panel page of a Chromium run. */
function sendFrom(panel: Page): SendFromExtension {
  return (message) => panel.evaluate((m) => (globalThis as unknown as ExtensionGlobal).chrome.runtime.sendMessage(m), message);
}

function summarize(dump: GraphDump, reports: readonly CaptureReport[], elapsedMs: number, failed: number, workspace: RunWorkspace): string {
  const entities = (dump.entities ?? []) as { type: string; name: string }[];
  const byType = new Map<string, number>();
  for (const e of entities) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
  const pages = new Map(((dump.pages ?? []) as { url: string; entityIds: string[] }[]).map((p) => [p.url, p]));
  const names = new Map(((dump.entities ?? []) as { id: string; name: string }[]).map((e) => [e.id, e.name]));
  const lines: string[] = [];
  for (const r of reports) {
    if (r.error) {
      lines.push(`✗ ${r.url}\n    not captured: ${r.error}`);
      continue;
    }
    const found = pages.get(r.url)?.entityIds.map((id) => names.get(id) ?? id) ?? [];
    lines.push(`✓ ${r.url}\n    ${found.length} entities: ${found.slice(0, 12).join(', ')}${found.length > 12 ? ', …' : ''}`);
  }
  const types = [...byType.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t, n]) => `${t} ${n}`);
  lines.push('');
  lines.push(`Workspace: ${workspace.name}`);
  lines.push(
    `Graph: ${entities.length} entities (${types.join(', ') || 'none'}), ${(dump.relationships ?? []).length} relationships, ${pages.size} pages`,
  );
  if (failed > 0) lines.push(`${failed} capture(s) failed to ingest and are parked in the inbox.`);
  lines.push(`Time: ${(elapsedMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

function writeGraph(out: string, dump: GraphDump): void {
  writeFileSync(
    out,
    `${JSON.stringify({ format: 'ariadne-graph', version: 1, exportedAt: new Date().toISOString(), ...dump }, null, 2)}\n`,
  );
  console.log(`Wrote ${out}`);
}

async function runHeadlessFirefox(options: Options): Promise<number> {
  const started = Date.now();
  const { urls, servers } = await resolveTargets(options.targets);
  try {
    const { reports, dump, failed, workspace } = await runFirefoxHeadless(options.profile, urls, readGraphTables, options.workspace);
    console.log(summarize(dump, reports, Date.now() - started, failed, workspace));
    if (options.out) writeGraph(options.out, dump);
    return reports.some((r) => r.error) ? 1 : 0;
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

async function runHeadless(options: Options): Promise<number> {
  if (options.browser === 'firefox') return runHeadlessFirefox(options);
  const started = Date.now();
  const { urls, servers } = await resolveTargets(options.targets);
  const { context, extensionId } = await launchWithExtension({ profileDir: options.profile, headless: true });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    const send = sendFrom(panel);
    // Switched before the first capture: each capture goes to the workspace active when it arrives.
    const used = options.workspace === undefined ? undefined : await useWorkspace(send, options.workspace);
    if (used?.created) console.error(`Created workspace "${used.workspace.name}".`);
    const reports: CaptureReport[] = [];
    for (const url of urls) reports.push(await capture(page, url));
    const { failed } = await waitForQueue(panel);
    const workspace = used?.workspace ?? (await activeWorkspace(send));
    const dump = await panel.evaluate(readGraphTables, workspace.database);
    await used?.restore();
    console.log(summarize(dump, reports, Date.now() - started, failed, workspace));
    if (options.out) writeGraph(options.out, dump);
    return reports.some((r) => r.error) ? 1 : 0;
  } finally {
    await context.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}

async function runWindowed(options: Options): Promise<number> {
  const { urls } = await resolveTargets(options.targets);
  if (options.browser === 'firefox') {
    console.log(`Ariadne is running in Firefox (profile ${options.profile}). Close the browser to quit.`);
    await runFirefoxWindowed(options.profile, urls);
    return 0;
  }
  const { context, extensionId } = await launchWithExtension({ profileDir: options.profile, headless: false });
  const first = context.pages()[0] ?? (await context.newPage());
  await first.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  if (options.workspace !== undefined) {
    const used = await useWorkspace(sendFrom(first), options.workspace);
    console.log(`${used.created ? 'Created' : 'Switched to'} workspace "${used.workspace.name}".`);
  }
  for (const url of urls) await (await context.newPage()).goto(url);
  console.log(`Ariadne is running (profile ${options.profile}). Close the browser to quit.`);
  await new Promise<void>((done) => (context as BrowserContext).on('close', () => done()));
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
  mkdirSync(options.profile, { recursive: true });
  ensureBuilt(options.browser, (line) => console.error(line));
  return options.headless ? runHeadless(options) : runWindowed(options);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`ariadne: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
