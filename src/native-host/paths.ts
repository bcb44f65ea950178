/**
 * Where the bridge keeps things on disk: the meeting-point socket (one per browser
 * profile), the host's log, the cached tool catalogue. Computed from explicit inputs
 * (environment, platform, home) so tests and the install step agree with the host.
 *
 *   Linux   $XDG_RUNTIME_DIR/ariadne/<key>.sock, else ~/.ariadne/run/<key>.sock
 *   macOS   ~/.ariadne/run/<key>.sock  ($TMPDIR is per-process-tree, so not used)
 *   Windows \\.\pipe\ariadne-<user>-<key>  (a named pipe; Node's `net` speaks both)
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

export type BrowserFlavor = 'chrome' | 'chromium' | 'firefox';

export interface BridgeLocations {
  /** State: logs, cached catalogue, wrapper scripts. `$ARIADNE_HOME` or `~/.ariadne`. */
  readonly home: string;
  /** Sockets and pid files; private to the user (mode 0700). */
  readonly runtimeDir: string;
  readonly platform: NodeJS.Platform;
  readonly user: string;
}

export interface LocationInputs {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly platform: NodeJS.Platform;
  readonly homedir: string;
  readonly user: string;
}

/**
 * @example
 *   const where = resolveLocations({ env: process.env, platform: process.platform, homedir: os.homedir(), user: os.userInfo().username });
 */
export function resolveLocations(inputs: LocationInputs): BridgeLocations {
  const home = inputs.env.ARIADNE_HOME ?? path.join(inputs.homedir, '.ariadne');
  const xdg = inputs.platform === 'linux' ? inputs.env.XDG_RUNTIME_DIR : undefined;
  const runtimeDir = inputs.env.ARIADNE_RUNTIME_DIR ?? (xdg ? path.join(xdg, 'ariadne') : path.join(home, 'run'));
  return { home, runtimeDir, platform: inputs.platform, user: inputs.user };
}

/**
 * The key naming one browser profile's meeting point: the browser's name for its
 * default user-data-dir, else a hash of the custom user-data-dir's absolute path.
 *
 * @example
 *   profileKey({ browser: 'chromium' })                        // 'chromium'
 *   profileKey({ browser: 'chromium', userDataDir: '/tmp/p' }) // 'p-1b4f0e9851971998'
 */
export function profileKey(target: { readonly browser: BrowserFlavor; readonly userDataDir?: string }): string {
  if (target.userDataDir === undefined) return target.browser;
  // 16 hex digits: collisions between one user's profiles are not a practical concern.
  return `p-${createHash('sha256').update(path.resolve(target.userDataDir)).digest('hex').slice(0, 16)}`;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export function isProfileKey(raw: string): boolean {
  return KEY_PATTERN.test(raw);
}

/** The socket (or named pipe) where the host listens for MCP servers of profile `key`. */
export function socketPath(where: BridgeLocations, key: string): string {
  if (where.platform === 'win32') return `\\\\.\\pipe\\ariadne-${where.user}-${key}`;
  return path.join(where.runtimeDir, `${key}.sock`);
}

/** The host writes its pid here while it runs (diagnostics, tests that kill it). */
export function pidPath(where: BridgeLocations, key: string): string {
  return path.join(where.runtimeDir, `${key}.pid`);
}

export function hostLogPath(where: BridgeLocations, key: string): string {
  return path.join(where.home, 'logs', `host-${key}.log`);
}

/** The last catalogue seen, listed to agents while the browser is closed. */
export function toolsCachePath(where: BridgeLocations, key: string): string {
  return path.join(where.home, 'cache', `tools-${key}.json`);
}
