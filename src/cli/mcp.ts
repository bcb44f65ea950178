/**
 * `npm run mcp -- <serve|host|install|uninstall>`: the Ariadne MCP bridge's one
 * executable, compiled by `npm run build:host` into `.output/native-host/ariadne-mcp.mjs`
 * (which `npm run mcp` runs, so the wrappers `install` writes run it with plain node). The browser runs it as the native messaging host (Chromium's first argument is
 * `chrome-extension://<id>/`, Firefox's the host manifest's absolute path, then the add-on id);
 * an agent runs it with `serve` (MCP over stdio).
 *
 *   install   [--browser chrome|chromium|firefox] [--profile <user-data-dir>] [--extension-id <id>]… [--bin-dir <dir>]
 *             (no --browser: Chrome, Chromium and Firefox)
 *   uninstall (same options)
 *   serve     [--browser …] [--profile …]     (the wrapper written by install sets the profile)
 *   host                                       (what the browser runs; stdout carries frames only)
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { framedChannel } from '../native-host/channel';
import { MAX_TO_BROWSER_BYTES } from '../native-host/framing';
import { startNativeHost } from '../native-host/host';
import { startTeamHost } from '../native-host/team-host';
import { fileTeamSecrets, teamSecretsPath } from '../native-host/team-secrets';
import { clientSnippet, install, type InstallRequest, type InstallTarget, uninstall } from '../native-host/install';
import { createMcpBridge, fileToolsCache } from '../native-host/mcp-server';
import {
  type BridgeLocations,
  type BrowserFlavor,
  hostLogPath,
  isProfileKey,
  pidPath,
  profileKey,
  resolveLocations,
  socketPath,
  toolsCachePath,
} from '../native-host/paths';

interface Flags {
  readonly mode: string;
  readonly browsers: BrowserFlavor[];
  readonly profile?: string;
  readonly extensionIds: string[];
  readonly binDir?: string;
}

const USAGE = `usage: npm run mcp -- <serve|host|install|uninstall> [--browser chrome|chromium|firefox] [--profile <user-data-dir>] [--extension-id <id>] [--bin-dir <dir>]`;

function fail(message: string): never {
  process.stderr.write(`ariadne mcp: ${message}\n`);
  process.exit(2);
}

function parseFlags(argv: readonly string[]): Flags {
  const [first = '', ...rest] = argv;
  // Chromium passes the caller's origin (and on Windows a --parent-window flag); Firefox passes
  // the host manifest's absolute path and then the add-on id.
  const mode = first.startsWith('chrome-extension://') || (path.isAbsolute(first) && first.endsWith('.json')) ? 'host' : first;
  const browsers: BrowserFlavor[] = [];
  const extensionIds: string[] = [];
  let profile: string | undefined;
  let binDir: string | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i] ?? '';
    const value = (): string => rest[++i] ?? fail(`${flag} needs a value. ${USAGE}`);
    if (flag === '--browser') {
      const browser = value();
      if (browser !== 'chrome' && browser !== 'chromium' && browser !== 'firefox') {
        fail(`--browser must be chrome, chromium or firefox, not "${browser}".`);
      }
      browsers.push(browser);
    } else if (flag === '--profile') profile = path.resolve(value());
    else if (flag === '--extension-id') extensionIds.push(value());
    else if (flag === '--bin-dir') binDir = path.resolve(value());
    else if (mode !== 'host') fail(`unknown option "${flag}". ${USAGE}`);
  }
  return { mode, browsers, extensionIds, ...(profile === undefined ? {} : { profile }), ...(binDir === undefined ? {} : { binDir }) };
}

function locations(): BridgeLocations {
  return resolveLocations({ env: process.env, platform: process.platform, homedir: os.homedir(), user: os.userInfo().username });
}

/** The profile this process serves: the wrapper's, the flags', or (serve) the only live one. */
function chooseKey(flags: Flags): string {
  const fromEnv = process.env.ARIADNE_PROFILE_KEY;
  if (fromEnv !== undefined) {
    if (!isProfileKey(fromEnv)) fail(`ARIADNE_PROFILE_KEY "${fromEnv}" is not a valid profile key.`);
    return fromEnv;
  }
  if (flags.profile !== undefined || flags.browsers.length > 0) {
    return profileKey({ browser: flags.browsers[0] ?? 'chromium', ...(flags.profile === undefined ? {} : { userDataDir: flags.profile }) });
  }
  return 'default';
}

/** Without a profile: the single live socket if exactly one exists, else `default`. */
function autoSocket(where: BridgeLocations): string {
  try {
    const sockets = readdirSync(where.runtimeDir).filter((f) => f.endsWith('.sock'));
    if (sockets.length === 1 && sockets[0] !== undefined) return path.join(where.runtimeDir, sockets[0]);
  } catch {
    // no runtime dir yet: no browser has started the host
  }
  return socketPath(where, 'default');
}

function packageVersion(): string {
  try {
    const raw: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return typeof raw === 'object' && raw !== null && 'version' in raw && typeof raw.version === 'string' ? raw.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function runHost(flags: Flags): Promise<void> {
  const where = locations();
  const key = chooseKey(flags);
  const logFile = hostLogPath(where, key);
  mkdirSync(path.dirname(logFile), { recursive: true, mode: 0o700 });
  const log = (line: string): void => {
    try {
      appendFileSync(logFile, `${new Date().toISOString()} [${process.pid}] ${line}\n`, { mode: 0o600 });
    } catch {
      // logging must never reach stdout, nor kill the host
    }
  };
  // stdout is the channel to Chromium: anything else printed there breaks it.
  console.log = console.info = console.warn = console.error = (...args: unknown[]) => log(args.map(String).join(' '));
  const file = socketPath(where, key);
  const browser = framedChannel(process.stdin, process.stdout, { maxOutBytes: MAX_TO_BROWSER_BYTES });
  log(`host started for ${process.argv[2] ?? '(no origin)'}, profile ${key}`);
  // The team role (its own wrapper and host name): no socket, no pid file; it ends when the browser closes the port.
  if (process.env.ARIADNE_HOST_ROLE === 'team') {
    await startTeamHost({ channel: browser, secrets: fileTeamSecrets(teamSecretsPath(where)), log: (line) => log(`team: ${line}`) }).done;
    process.exit();
  }
  const pidFile = pidPath(where, key);
  try {
    const host = await startNativeHost({ browser, socketPath: file, pid: process.pid, log });
    await writeFile(pidFile, `${process.pid}\n`, { mode: 0o600 });
    const stop = () => browser.close();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    await host.done;
  } catch (error) {
    log(`host failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await rm(pidFile, { force: true });
    log('host stopped');
  }
  process.exit();
}

async function runServe(flags: Flags): Promise<void> {
  const where = locations();
  const explicit = process.env.ARIADNE_PROFILE_KEY !== undefined || flags.profile !== undefined || flags.browsers.length > 0;
  const key = chooseKey(flags);
  const log = (line: string): void => void process.stderr.write(`ariadne mcp: ${line}\n`);
  const bridge = createMcpBridge({
    socketPath: async () => (explicit ? socketPath(where, key) : autoSocket(where)),
    version: packageVersion(),
    log,
    cache: fileToolsCache(toolsCachePath(where, explicit ? key : 'default')),
  });
  const transport = new StdioServerTransport();
  transport.onclose = () => {
    void bridge.close().finally(() => process.exit(0));
  };
  await bridge.server.connect(transport);
  log(`serving MCP on stdio; Ariadne socket: ${explicit ? socketPath(where, key) : `auto in ${where.runtimeDir}`}`);
}

async function runInstall(flags: Flags, remove: boolean): Promise<void> {
  const where = locations();
  const browsers: BrowserFlavor[] =
    flags.browsers.length > 0 ? flags.browsers : flags.profile !== undefined ? ['chromium'] : ['chrome', 'chromium', 'firefox'];
  const targets: InstallTarget[] =
    flags.profile === undefined
      ? browsers.map((browser) => ({ browser }))
      : [{ browser: browsers[0] ?? 'chromium', userDataDir: flags.profile }];
  const request: InstallRequest = {
    targets,
    extensionIds: flags.extensionIds,
    where,
    homedir: os.homedir(),
    nodePath: process.execPath,
    entryPath: fileURLToPath(import.meta.url),
    // Run from the compiled host (`npm run mcp`), the wrappers run it with plain node; run from source, through tsx.
    ...(import.meta.url.endsWith('.ts') ? { loaderUrl: import.meta.resolve('tsx') } : {}),
    ...(flags.binDir === undefined ? {} : { binDir: flags.binDir }),
  };
  const plans = remove ? await uninstall(request) : await install(request);
  for (const files of plans.flatMap((plan) => [plan, plan.team])) {
    process.stdout.write(`${remove ? 'removed' : 'wrote'} ${files.manifestPath}\n${remove ? 'removed' : 'wrote'} ${files.wrapperPath}\n`);
  }
  const first = plans[0];
  if (!remove && first !== undefined) {
    for (const plan of plans) {
      const allowed = 'allowed_origins' in plan.manifest ? plan.manifest.allowed_origins : plan.manifest.allowed_extensions;
      process.stdout.write(`\nAllowed extensions (${plan.key}): ${allowed.join(' ')}`);
    }
    process.stdout.write('\n');
    process.stdout.write(`\nPaste into your MCP client's configuration (Claude Desktop, Cursor, …):\n${clientSnippet(first)}\n`);
    const others = plans.slice(1).map((plan) => `  ${plan.key}: ${plan.wrapperPath}`);
    if (others.length > 0)
      process.stdout.write(`(that one serves ${first.key}; for another browser use its wrapper as "command":\n${others.join('\n')})\n`);
    process.stdout.write(`\nThen turn on "Connect AI agents" in Ariadne's settings (side panel in Chromium, sidebar in Firefox).\n`);
    process.stdout.write(`For team sync (com.ariadne.team, installed too): link a workspace in Settings → Team (docs/team.md).\n`);
  }
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.mode === 'host') return runHost(flags);
  if (flags.mode === 'serve') return runServe(flags);
  if (flags.mode === 'install') return runInstall(flags, false);
  if (flags.mode === 'uninstall') return runInstall(flags, true);
  fail(USAGE);
}

void main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
