/**
 * The bridge as installed: `install` pointed at the compiled host (`npm run build:host`),
 * and the wrapper it writes run the way an agent's MCP client and the browser run it,
 * with plain node (no tsx). The agent side is the SDK's real `Client` over stdio.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHost } from '../../tooling/build-host';
import { toBridgeCatalog } from '../background/bridge/catalog';
import { servedTools } from '../core/tools/served-tools';
import { DEV_EXTENSION_ID } from './extension-key';
import { install, type InstallPlan } from './install';
import { fileToolsCache } from './mcp-server';
import { pidPath, resolveLocations, toolsCachePath, type BridgeLocations } from './paths';

let dir: string;
let where: BridgeLocations;
let plan: InstallPlan;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ariadne-compiled-host-'));
  where = resolveLocations({
    env: { ARIADNE_HOME: path.join(dir, 'home'), ARIADNE_RUNTIME_DIR: path.join(dir, 'run') },
    platform: process.platform,
    homedir: dir,
    user: 'test',
  });
  const entryPath = await buildHost(path.join(dir, 'native-host', 'ariadne-mcp.mjs'));
  const [planned] = await install({
    targets: [{ browser: 'chromium', userDataDir: path.join(dir, 'profile') }],
    extensionIds: [],
    where,
    homedir: dir,
    nodePath: process.execPath,
    entryPath,
    binDir: path.join(dir, 'bin'),
  });
  if (planned === undefined) throw new Error('install planned nothing');
  plan = planned;
  // The catalogue the extension last sent, as the bridge caches it: listed while the browser is away.
  await fileToolsCache(toolsCachePath(where, plan.key)).write(toBridgeCatalog(servedTools()));
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the compiled host', () => {
  it('is what the installed wrapper runs, with plain node', async () => {
    const wrapper = await readFile(plan.wrapperPath, 'utf8');
    expect(wrapper).toContain(`${path.join(dir, 'native-host', 'ariadne-mcp.mjs')}`);
    expect(wrapper).not.toMatch(/tsx|--import/);
  });

  it('serves an MCP client over stdio: the catalogue within its budget, without resolve_reference_target', async () => {
    const client = new Client({ name: 'compiled-host-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: plan.wrapperPath, args: ['serve'], stderr: 'ignore' }));
    try {
      const listed = await client.listTools();
      const names = listed.tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['entity_add', 'entity_search', 'entity_visualize', 'resolve', 'workspace_list']));
      expect(names).not.toContain('resolve_reference_target');
      // docs/mcp.md states this figure; it was 36 kB before the catalogue was trimmed.
      expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(29_000);
      expect(listed.tools.find((t) => t.name === 'entity_visualize')?.inputSchema).toMatchObject({ properties: { around: {} } });
    } finally {
      await client.close();
    }
  });

  it('runs as the native messaging host the browser starts, and stops when the browser closes its stdin', async () => {
    const child = spawn(plan.wrapperPath, [`chrome-extension://${DEV_EXTENSION_ID}/`], { stdio: ['pipe', 'pipe', 'ignore'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const pidFile = pidPath(where, plan.key);
    // The host writes its pid file once it listens for MCP servers on the profile's socket.
    await expect
      .poll(
        () =>
          stat(pidFile).then(
            () => true,
            () => false,
          ),
        { timeout: 15_000, interval: 50 },
      )
      .toBe(true);
    expect(Number((await readFile(pidFile, 'utf8')).trim())).toBeGreaterThan(0);
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});
