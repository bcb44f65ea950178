/**
 * The MCP journey from Firefox (phase 3 of the smoke test): the bridge installed for Firefox
 * (`~/.mozilla/native-messaging-hosts/com.ariadne.bridge.json`, `allowed_extensions` = the
 * Gecko id) under a throwaway HOME that Firefox is started with, then an MCP client running
 * the installed wrapper with `serve`: tools/list, a write approved from the panel page, a read.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'puppeteer-core';
import { install } from '../../src/native-host/install';
import type { BridgeState } from '../../src/native-host/panel-protocol';
import { resolveLocations } from '../../src/native-host/paths';
import { FIREFOX_EXTENSION_DIR, launchFirefox, openExtensionPage } from '../../src/cli/launch-firefox';
import { buildHost } from '../../tooling/build-host';
import { until as waitFor } from './until';

const WAIT_MS = 20_000;

function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  return waitFor(probe, what, WAIT_MS, 200);
}

/** The panel page with the bridge port open; the latest state is kept on `window`. */
async function openBridgePort(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    type PagePort = { postMessage(m: unknown): void; onMessage: { addListener(l: (m: { state: unknown }) => void): void } };
    const runtime = (globalThis as unknown as { browser: { runtime: { connect(info: { name: string }): PagePort } } }).browser.runtime;
    const port = runtime.connect({ name: 'ariadne.bridge' });
    const w = window as unknown as { bridgePort: PagePort; bridgeState?: unknown };
    w.bridgePort = port;
    port.onMessage.addListener((message) => {
      w.bridgeState = message.state;
    });
  });
}

const state = (panel: Page): Promise<BridgeState | undefined> =>
  panel.evaluate(() => (window as unknown as { bridgeState?: BridgeState }).bridgeState);
const send = (panel: Page, message: unknown): Promise<void> =>
  panel.evaluate((m) => (window as unknown as { bridgePort: { postMessage(m: unknown): void } }).bridgePort.postMessage(m), message);

function textOf(result: unknown): string {
  const first = (result as CallToolResult).content[0];
  return first !== undefined && first.type === 'text' ? first.text : '';
}

/**
 * @example
 *   await mcpJourney(path.join(work, 'mcp'));
 */
export async function mcpJourney(dir: string, uuid: string): Promise<void> {
  const home = path.join(dir, 'home');
  const where = resolveLocations({
    env: { ARIADNE_HOME: path.join(dir, 'ariadne'), ARIADNE_RUNTIME_DIR: path.join(dir, 'run') },
    platform: process.platform,
    homedir: home,
    user: 'e2e',
  });
  const [plan] = await install({
    targets: [{ browser: 'firefox' }],
    extensionIds: [],
    where,
    homedir: home,
    nodePath: process.execPath,
    // The compiled host, as `npm run mcp -- install` installs it.
    entryPath: await buildHost(),
    binDir: path.join(dir, 'bin'),
  });
  assert.ok(plan, 'install planned the Firefox host');
  // Firefox finds ~/.mozilla/native-messaging-hosts through HOME.
  const ff = await launchFirefox({
    profileDir: path.join(dir, 'profile'),
    install: { temporary: FIREFOX_EXTENSION_DIR },
    uuid,
    env: { HOME: home },
  });
  const agent = new Client({ name: 'firefox-agent', version: '1.0.0' });
  try {
    const panel = await ff.browser.newPage();
    await openExtensionPage(panel, `${ff.origin}/sidepanel.html`);
    await openBridgePort(panel);
    await until(async () => ((await state(panel))?.status === 'off' ? true : undefined), 'the bridge to report "off"');
    await send(panel, { type: 'setEnabled', enabled: true });
    await until(async () => ((await state(panel))?.status === 'connected' ? true : undefined), 'the bridge to connect to the native host');

    await agent.connect(new StdioClientTransport({ command: plan.wrapperPath, args: ['serve'], stderr: 'ignore' }));
    const names = await until(async () => {
      const { tools } = await agent.listTools();
      return tools.some((t) => t.name === 'entity_add') ? tools.map((t) => t.name) : undefined;
    }, 'tools/list to return the registry');
    assert.ok(names.includes('entity_search'), 'tools/list has entity_search');

    const write = agent.callTool({
      name: 'entity_add',
      arguments: { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010' } },
    });
    const pending = await until(async () => (await state(panel))?.pending[0], 'the write to wait for approval in the panel');
    assert.equal(pending.tool, 'entity_add');
    await send(panel, { type: 'decide', id: pending.id, decision: 'once' });
    assert.ok(!(await write).isError, 'the approved entity_add succeeds');

    const read = await agent.callTool({ name: 'entity_search', arguments: { query: 'strpe' } });
    assert.ok(!read.isError, 'entity_search succeeds');
    assert.match(textOf(read), /Stripe/, 'entity_search finds the written entity');
  } finally {
    await agent.close().catch(() => undefined);
    await ff.browser.close();
  }
}
