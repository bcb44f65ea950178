/**
 * Ariadne for AI agents, end to end: an MCP client (the SDK's Client running the
 * installed wrapper with `serve`) ⇄ socket ⇄ native host started by Chromium ⇄ the
 * extension's service worker ⇄ the tool registry. Writes are approved (or denied)
 * from the side panel page, over the bridge's port.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEV_EXTENSION_ID } from '../src/native-host/extension-key';
import {
  assertBuildSupportsBridge,
  BridgePanel,
  type BridgeRig,
  buildHasKey,
  connectAgent,
  createRig,
  errorCodeOf,
  launchBrowser,
  textOf,
} from './mcp/rig';

test.describe.configure({ mode: 'serial' });

test('an agent lists Ariadne tools, writes with approval, reads, survives a host crash', async () => {
  test.setTimeout(120_000);
  await assertBuildSupportsBridge();
  const rig: BridgeRig = await createRig();
  let agent: Client | undefined;
  const launched: { close?: () => Promise<void> } = {};
  try {
    agent = await connectAgent(rig);

    await test.step('before the browser runs, calls fail with a clear "browser not running"', async () => {
      const early = await agent?.callTool({ name: 'entity_search', arguments: { query: 'Stripe' } });
      expect(early && errorCodeOf(early)).toBe('unavailable');
      expect(early && textOf(early)).toContain('browser is not running');
    });

    const { context, extensionId } = await launchBrowser(rig);
    launched.close = () => context.close();
    const panel = await BridgePanel.open(context, extensionId);
    if (await buildHasKey()) expect(extensionId, 'the manifest key pins the id the host manifest allows').toBe(DEV_EXTENSION_ID);

    await test.step('the bridge is off until the user turns it on', async () => {
      await expect.poll(async () => (await panel.state())?.status).toBe('off');
      await panel.send({ type: 'setEnabled', enabled: true });
      await expect.poll(async () => (await panel.state())?.status, { timeout: 20_000 }).toBe('connected');
    });

    await test.step('tools come from the registry, with MCP annotations', async () => {
      await expect
        .poll(async () => (await agent?.listTools())?.tools.map((t) => t.name) ?? [], { timeout: 20_000 })
        .toEqual(expect.arrayContaining(['entity_add', 'entity_query', 'entity_search', 'entity_visualize']));
      const { tools } = (await agent?.listTools()) ?? { tools: [] };
      expect(tools.find((t) => t.name === 'entity_search')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tools.find((t) => t.name === 'entity_add')?.annotations).toMatchObject({ readOnlyHint: false });
      expect(tools.find((t) => t.name === 'entity_add')?.inputSchema).toMatchObject({
        type: 'object',
        required: expect.arrayContaining(['name']),
      });
      // Workspaces: the agent can list them and aim any graph tool at one.
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['workspace_list', 'workspace_search', 'workspace_switch']));
      expect(tools.find((t) => t.name === 'entity_search')?.inputSchema).toMatchObject({ properties: { workspace: { type: 'string' } } });
      const listed = await agent?.callTool({ name: 'workspace_list', arguments: {} });
      expect(JSON.stringify(listed?.content)).toContain('Default');
    });

    await test.step('entity_add waits for the side panel; approved once, it runs', async () => {
      const call = agent?.callTool({
        name: 'entity_add',
        arguments: { name: 'Stripe', entity_type: 'company', attributes: { founded: '2010' } },
      });
      await expect.poll(async () => (await panel.state())?.pending.map((p) => `${p.client}:${p.tool}`)).toEqual(['e2e-agent:entity_add']);
      const [pending] = (await panel.state())?.pending ?? [];
      expect(pending?.argumentsPreview).toContain('Stripe');
      await panel.send({ type: 'decide', id: pending?.id, decision: 'once' });
      const result = await call;
      expect(result?.isError).toBeFalsy();
      expect((await panel.state())?.clients.map((c) => c.name)).toContain('e2e-agent');
      const second = agent?.callTool({ name: 'entity_add', arguments: { name: 'Adyen', entity_type: 'company' } });
      await expect.poll(async () => (await panel.state())?.pending.length).toBe(1);
      await panel.send({ type: 'decide', id: (await panel.state())?.pending[0]?.id, decision: 'once' });
      expect((await second)?.isError).toBeFalsy();
    });

    await test.step('entity_search, entity_query and entity_visualize read without asking', async () => {
      const search = await agent?.callTool({ name: 'entity_search', arguments: { query: 'strpe' } });
      expect(search?.isError).toBeFalsy();
      expect(search && textOf(search)).toContain('Stripe');
      const query = await agent?.callTool({ name: 'entity_query', arguments: { question: 'what do we know about Stripe?' } });
      expect(query?.isError).toBeFalsy();
      expect(query && textOf(query)).toContain('2010');
      const diagram = await agent?.callTool({ name: 'entity_visualize', arguments: {} });
      expect(diagram?.isError).toBeFalsy();
      expect(diagram && textOf(diagram)).toMatch(/graph|flowchart/);
      expect((await panel.state())?.pending).toEqual([]);
    });

    await test.step('an argument key the tool does not declare is refused with invalid_arguments, not ignored', async () => {
      const result = await agent?.callTool({ name: 'entity_visualize', arguments: { center: 'Stripe' } });
      expect(result && errorCodeOf(result)).toBe('invalid_arguments');
      expect(result && textOf(result)).toContain('center');
      const { tools } = (await agent?.listTools()) ?? { tools: [] };
      expect(tools.map((t) => t.name)).not.toContain('resolve_reference_target');
    });

    await test.step('a denied write fails with approval_denied and changes nothing', async () => {
      const call = agent?.callTool({ name: 'entity_add', arguments: { name: 'Denied Corp', entity_type: 'company' } });
      await expect.poll(async () => (await panel.state())?.pending.length).toBe(1);
      await panel.send({ type: 'decide', id: (await panel.state())?.pending[0]?.id, decision: 'deny' });
      const result = await call;
      expect(result && errorCodeOf(result)).toBe('approval_denied');
      const search = await agent?.callTool({ name: 'entity_search', arguments: { query: 'Denied Corp' } });
      expect(search && textOf(search)).not.toContain('Denied Corp');
    });

    await test.step('the host killed mid-session: the worker restarts it and the next call succeeds', async () => {
      const pid = Number((await readFile(rig.pidFile, 'utf8')).trim());
      process.kill(pid, 'SIGKILL');
      await expect
        .poll(async () => Number((await readFile(rig.pidFile, 'utf8').catch(() => '0')).trim()), { timeout: 20_000 })
        .not.toBe(pid);
      await expect.poll(async () => (await panel.state())?.status, { timeout: 20_000 }).toBe('connected');
      const after = await agent?.callTool({ name: 'entity_search', arguments: { query: 'Adyen' } });
      expect(after?.isError).toBeFalsy();
      expect(after && textOf(after)).toContain('Adyen');
    });
  } finally {
    await agent?.close();
    await launched.close?.();
    await rig.cleanup();
  }
});
