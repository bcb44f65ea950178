/**
 * The MCP bridge's end-to-end rig: a throwaway "user account" (bridge home, runtime
 * dir, wrapper scripts), the host manifest installed into a fresh Chromium profile,
 * Chromium with the built extension, an MCP client that runs the installed wrapper
 * with `serve` (exactly what Claude Desktop would run), and the side panel's
 * `ariadne.bridge` port driven from the side panel page.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserContext, Page } from '@playwright/test';
import { install, type InstallPlan } from '../../src/native-host/install';
import type { BridgeState } from '../../src/native-host/panel-protocol';
import { pidPath, resolveLocations } from '../../src/native-host/paths';
import { EXTENSION_DIR, launchWithExtension } from '../../src/cli/launch';
import { buildHost } from '../../tooling/build-host';

/** The built extension to test (`ARIADNE_EXTENSION_DIR` overrides, e.g. a signed build). */
export const extensionDir = path.resolve(process.env.ARIADNE_EXTENSION_DIR ?? EXTENSION_DIR);

/** The id Chromium gives an unpacked extension without a manifest `key`: derived from its path. */
export function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

/** Fails early, with the fix, when the build cannot talk to a native host at all. */
export async function assertBuildSupportsBridge(dir = extensionDir): Promise<void> {
  const manifest: unknown = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  const permissions = typeof manifest === 'object' && manifest !== null && 'permissions' in manifest ? manifest.permissions : [];
  if (!Array.isArray(permissions) || !permissions.includes('nativeMessaging')) {
    throw new Error(`${dir}/manifest.json lacks the "nativeMessaging" permission: add it to wxt.config.ts and run npm run build.`);
  }
}

/** True when the build carries a manifest `key` (its id is then the pinned one). */
export async function buildHasKey(dir = extensionDir): Promise<boolean> {
  const manifest: unknown = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  return typeof manifest === 'object' && manifest !== null && 'key' in manifest && typeof manifest.key === 'string';
}

export interface BridgeRig {
  readonly dir: string;
  readonly profileDir: string;
  readonly plan: InstallPlan;
  /** The host's pid file (written while a host runs). */
  readonly pidFile: string;
  cleanup(): Promise<void>;
}

/** Installs the bridge for a fresh profile, with everything under one temporary folder. */
export async function createRig(): Promise<BridgeRig> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ariadne-mcp-e2e-'));
  const profileDir = path.join(dir, 'profile');
  const where = resolveLocations({
    env: { ARIADNE_HOME: path.join(dir, 'home'), ARIADNE_RUNTIME_DIR: path.join(dir, 'run') },
    platform: process.platform,
    homedir: dir,
    user: 'e2e',
  });
  const [plan] = await install({
    targets: [{ browser: 'chromium', userDataDir: profileDir }],
    // The pinned development id is always allowed; a build without `key` gets a path-derived id.
    extensionIds: [unpackedExtensionId(extensionDir)],
    where,
    homedir: dir,
    nodePath: process.execPath,
    // The compiled host, as `npm run mcp -- install` installs it.
    entryPath: await buildHost(),
    binDir: path.join(dir, 'bin'),
  });
  if (plan === undefined) throw new Error('install planned nothing');
  return { dir, profileDir, plan, pidFile: pidPath(where, plan.key), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export async function launchBrowser(rig: BridgeRig): Promise<{ context: BrowserContext; extensionId: string }> {
  return launchWithExtension({ profileDir: rig.profileDir, headless: true, extensionDir, allowOrigins: [] });
}

/** An MCP client running the installed wrapper with `serve`, as an agent's config would. */
export async function connectAgent(rig: BridgeRig, name = 'e2e-agent'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: rig.plan.wrapperPath, args: ['serve'], stderr: 'ignore' }));
  return client;
}

interface PagePort {
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: { state: unknown }) => void): void };
}

/** The side panel page with the bridge port open; the latest state is kept on `window`. */
export class BridgePanel {
  private constructor(readonly page: Page) {}

  static async open(context: BrowserContext, extensionId: string): Promise<BridgePanel> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await page.evaluate(() => {
      // Runs in the extension page, where `chrome.runtime` exists (Node has no types for it).
      const runtime = (globalThis as unknown as { chrome: { runtime: { connect(info: { name: string }): PagePort } } }).chrome.runtime;
      const port = runtime.connect({ name: 'ariadne.bridge' });
      const w = window as unknown as { bridgePort: PagePort; bridgeState?: unknown };
      w.bridgePort = port;
      port.onMessage.addListener((message: { state: unknown }) => {
        w.bridgeState = message.state;
      });
    });
    return new BridgePanel(page);
  }

  async state(): Promise<BridgeState | undefined> {
    return this.page.evaluate(() => (window as unknown as { bridgeState?: BridgeState }).bridgeState);
  }

  async send(message: unknown): Promise<void> {
    await this.page.evaluate((m) => (window as unknown as { bridgePort: PagePort }).bridgePort.postMessage(m), message);
  }
}

export function textOf(result: CallToolResult | Record<string, unknown>): string {
  const content = (result as CallToolResult).content;
  const first = content[0];
  return first !== undefined && first.type === 'text' ? first.text : '';
}

export function errorCodeOf(result: CallToolResult | Record<string, unknown>): string | undefined {
  if ((result as CallToolResult).isError !== true) return undefined;
  const parsed = JSON.parse(textOf(result)) as { error?: { code?: string } };
  return parsed.error?.code;
}
