/**
 * Installing the bridge for the current user, in its two roles: the MCP bridge
 * (`com.ariadne.bridge`) and team sync (`com.ariadne.team`, a wrapper of its own that sets
 * `ARIADNE_HOST_ROLE=team`; two host names so either works without the other). Each is a wrapper script that runs Node by
 * absolute path (Chromium starts the host with its own environment, where `node` may
 * not be on PATH), and the native messaging host manifest that points the browser at it.
 * The same wrapper is what an MCP client launches (`<wrapper> serve`), so both ends
 * agree on the profile's socket.
 *
 *   Linux  ~/.config/google-chrome/NativeMessagingHosts/com.ariadne.bridge.json
 *          ~/.config/chromium/NativeMessagingHosts/com.ariadne.bridge.json
 *          <user-data-dir>/NativeMessagingHosts/com.ariadne.bridge.json   (--profile)
 *   macOS  ~/Library/Application Support/{Google/Chrome,Chromium}/NativeMessagingHosts/
 *   Firefox ~/.mozilla/native-messaging-hosts/com.ariadne.bridge.json (Linux),
 *          ~/Library/Application Support/Mozilla/NativeMessagingHosts/ (macOS): one per user,
 *          whatever the profile; it names the add-on in `allowed_extensions`, not origins.
 *   Windows: a registry key per browser (HKCU\Software\Google\Chrome\NativeMessagingHosts\…),
 *          not automated here; docs/mcp.md says how.
 */
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AriadneError } from '../core/errors';
import { TEAM_HOST_NAME } from '../core/team/host-wire';
import { DEV_EXTENSION_ID, GECKO_ID, NATIVE_HOST_NAME } from './extension-key';
import { type BridgeLocations, type BrowserFlavor, profileKey } from './paths';

const EXTENSION_ID = /^[a-p]{32}$/;
/** Firefox add-on ids: email-like (`name@domain`) or a braced GUID. */
const GECKO_EXTENSION_ID = /^(?:[\w.-]*@[\w.-]+|\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\})$/i;

export interface InstallTarget {
  readonly browser: BrowserFlavor;
  /** A custom user-data-dir (`--user-data-dir`); default: the browser's own. */
  readonly userDataDir?: string;
}

export interface InstallRequest {
  readonly targets: readonly InstallTarget[];
  /**
   * Extension ids allowed to connect: Chromium ids (32 letters a–p) go to Chromium targets,
   * Firefox add-on ids to Firefox targets. The pinned ids (DEV_EXTENSION_ID, GECKO_ID) are always included.
   */
  readonly extensionIds: readonly string[];
  readonly where: BridgeLocations;
  readonly homedir: string;
  /** Absolute path of the Node binary to run (`process.execPath`). */
  readonly nodePath: string;
  /** Absolute path of the host: the compiled `.output/native-host/ariadne-mcp.mjs` (`npm run build:host`), or `src/cli/mcp.ts`. */
  readonly entryPath: string;
  /**
   * `file://` URL of tsx's loader, for a TypeScript entry only: Node then compiles it on
   * every start (seconds cold), which the compiled host does not.
   */
  readonly loaderUrl?: string;
  /** Where wrapper scripts go (default `<home>/bin`). */
  readonly binDir?: string;
}

interface HostManifestBase {
  name: string;
  description: string;
  path: string;
  type: 'stdio';
}
/** Chromium names allowed callers by origin, Firefox by add-on id. */
export type HostManifest = (HostManifestBase & { allowed_origins: string[] }) | (HostManifestBase & { allowed_extensions: string[] });

export interface HostFiles {
  readonly manifestPath: string;
  readonly manifest: HostManifest;
  readonly wrapperPath: string;
  readonly wrapperText: string;
}

export interface InstallPlan extends HostFiles {
  readonly key: string;
  /** The team role's host (same profile key, same entry, `ARIADNE_HOST_ROLE=team`). */
  readonly team: HostFiles;
}

/** Where the browser looks for this target's host manifests. */
export function manifestDir(target: InstallTarget, where: BridgeLocations, homedir: string): string {
  // Firefox reads one folder per user, not per profile (a custom profile changes only the wrapper's key).
  if (target.browser === 'firefox' && where.platform === 'linux') return path.join(homedir, '.mozilla', 'native-messaging-hosts');
  if (target.browser === 'firefox' && where.platform === 'darwin') {
    return path.join(homedir, 'Library', 'Application Support', 'Mozilla', 'NativeMessagingHosts');
  }
  if (target.userDataDir !== undefined) return path.join(path.resolve(target.userDataDir), 'NativeMessagingHosts');
  if (where.platform === 'linux') {
    return path.join(homedir, '.config', target.browser === 'chrome' ? 'google-chrome' : 'chromium', 'NativeMessagingHosts');
  }
  if (where.platform === 'darwin') {
    const app = target.browser === 'chrome' ? path.join('Google', 'Chrome') : 'Chromium';
    return path.join(homedir, 'Library', 'Application Support', app, 'NativeMessagingHosts');
  }
  throw new AriadneError(
    'invalid_arguments',
    `Automatic install is not supported on ${where.platform}; see docs/mcp.md ("Windows") to register the host by hand.`,
  );
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * Computes what `install` writes, without touching the disk.
 *
 * @example
 *   const [plan] = planInstall({ targets: [{ browser: 'chromium' }], extensionIds: [], where, homedir, nodePath, entryPath });
 */
export function planInstall(request: InstallRequest): InstallPlan[] {
  for (const id of request.extensionIds) {
    if (!EXTENSION_ID.test(id) && !GECKO_EXTENSION_ID.test(id)) {
      throw new AriadneError(
        'invalid_arguments',
        `"${id}" is not an extension id (32 letters a–p, or a Firefox add-on id like name@domain).`,
      );
    }
  }
  const origins = [...new Set([DEV_EXTENSION_ID, ...request.extensionIds.filter((id) => EXTENSION_ID.test(id))])].map(
    (id) => `chrome-extension://${id}/`,
  );
  const geckoIds = [...new Set([GECKO_ID, ...request.extensionIds.filter((id) => !EXTENSION_ID.test(id))])];
  const binDir = request.binDir ?? path.join(request.where.home, 'bin');
  const loader = request.loaderUrl === undefined ? '' : ` --import ${shellQuote(request.loaderUrl)}`;
  return request.targets.map((target) => {
    const key = profileKey(target);
    const allowed = target.browser === 'firefox' ? { allowed_extensions: geckoIds } : { allowed_origins: origins };
    const dir = manifestDir(target, request.where, request.homedir);
    const files = (role: 'bridge' | 'team', name: string, description: string): HostFiles => {
      const wrapperPath = path.join(binDir, `ariadne-${role}-${key}`);
      const wrapperText = [
        '#!/bin/sh',
        `# Generated by \`npm run mcp -- install\`: the Ariadne native host (${role}) for one browser profile.`,
        role === 'bridge'
          ? '# The browser runs it as the native messaging host; MCP clients run it with `serve`.'
          : '# The browser runs it to reach the team database (team sync).',
        `export ARIADNE_PROFILE_KEY=${shellQuote(key)}`,
        `export ARIADNE_HOME=${shellQuote(request.where.home)}`,
        `export ARIADNE_RUNTIME_DIR=${shellQuote(request.where.runtimeDir)}`,
        ...(role === 'team' ? ['export ARIADNE_HOST_ROLE=team'] : []),
        `exec ${shellQuote(request.nodePath)}${loader} ${shellQuote(request.entryPath)} "$@"`,
        '',
      ].join('\n');
      return {
        manifestPath: path.join(dir, `${name}.json`),
        manifest: { name, description, path: wrapperPath, type: 'stdio', ...allowed },
        wrapperPath,
        wrapperText,
      };
    };
    return {
      key,
      ...files('bridge', NATIVE_HOST_NAME, 'Ariadne MCP bridge: lets local AI agents use the Ariadne knowledge graph.'),
      team: files('team', TEAM_HOST_NAME, 'Ariadne team sync: reaches the team PostgreSQL database for the extension.'),
    };
  });
}

/** Writes the wrappers (0755) and manifests (0644); returns what was written. */
export async function install(request: InstallRequest): Promise<InstallPlan[]> {
  const plans = planInstall(request);
  for (const files of plans.flatMap((plan) => [plan, plan.team])) {
    await mkdir(path.dirname(files.wrapperPath), { recursive: true, mode: 0o700 });
    await writeFile(files.wrapperPath, files.wrapperText, { mode: 0o755 });
    await chmod(files.wrapperPath, 0o755);
    await mkdir(path.dirname(files.manifestPath), { recursive: true });
    await writeFile(files.manifestPath, `${JSON.stringify(files.manifest, null, 2)}\n`, { mode: 0o644 });
  }
  return plans;
}

/** Removes what `install` wrote for these targets (missing files are fine). */
export async function uninstall(request: InstallRequest): Promise<InstallPlan[]> {
  const plans = planInstall(request);
  for (const files of plans.flatMap((plan) => [plan, plan.team])) {
    await rm(files.manifestPath, { force: true });
    await rm(files.wrapperPath, { force: true });
  }
  return plans;
}

/**
 * The block to paste into an MCP client's configuration (Claude Desktop, Cursor, …).
 *
 * @example
 *   console.log(clientSnippet(plans[0]));
 */
export function clientSnippet(plan: InstallPlan): string {
  return JSON.stringify({ mcpServers: { ariadne: { command: plan.wrapperPath, args: ['serve'] } } }, null, 2);
}
