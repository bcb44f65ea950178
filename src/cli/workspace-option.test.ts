// `--workspace NAME` against the real workspace tools (in-memory registry) behind a
// stand-in for the extension page's messaging.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InMemoryWorkspaceStore } from '../core/workspace/memory-workspace-store';
import { createWorkspaceToolRegistry } from '../core/workspace/tools';
import { sequentialWorkspaceIds } from '../core/workspace/workspace';
import { WorkspaceRegistry } from '../core/workspace/workspace-registry';
import { activeWorkspace, useWorkspace } from './workspace-option';
import type { SendFromExtension } from './workspace-option';

/** A dependency these tests never reach. */
const unused = (): Promise<never> => Promise.reject(new Error('not used in this test'));
const messageSchema = z.object({ type: z.literal('tool.call'), tool: z.string(), arguments: z.record(z.string(), z.unknown()) });

function extension(): { send: SendFromExtension; registry: WorkspaceRegistry } {
  // A clock a millisecond later at each reading: listings follow creation order.
  let tick = 0;
  const registry = new WorkspaceRegistry({
    store: new InMemoryWorkspaceStore(),
    clock: { now: () => tick++ },
    newId: sequentialWorkspaceIds(),
  });
  const tools = createWorkspaceToolRegistry({
    workspaces: registry,
    dropGraph: async () => undefined,
    searchIn: async () => [],
    readerOf: unused,
    importInto: unused,
  });
  const send: SendFromExtension = async (raw) => {
    const message = messageSchema.parse(raw);
    return tools.callSafe(message.tool, message.arguments, { caller: { kind: 'extension' } });
  };
  return { send, registry };
}

describe('--workspace', () => {
  it('creates a missing workspace, captures go there, and restore gives Default back', async () => {
    const { send, registry } = extension();
    const used = await useWorkspace(send, 'Thesis');
    expect(used).toMatchObject({ created: true, workspace: { id: 'w_000001', name: 'Thesis', database: 'ariadne-ws-w_000001' } });
    expect((await registry.active()).name).toBe('Thesis');
    await used.restore();
    expect(await activeWorkspace(send)).toEqual({ id: 'w_default', name: 'Default', database: 'ariadne' });
  });

  it('switches to an existing workspace by name in any case, without creating one', async () => {
    const { send, registry } = extension();
    await registry.create('Market scan');
    const used = await useWorkspace(send, 'MARKET SCAN');
    expect(used.created).toBe(false);
    expect(used.workspace.name).toBe('Market scan');
    expect((await registry.list()).map((w) => w.name)).toEqual(['Default', 'Market scan']);
  });

  it('reports an archived workspace or a bad name instead of creating another', async () => {
    const { send, registry } = extension();
    await registry.create('Old');
    await registry.setArchived('Old', true);
    await expect(useWorkspace(send, 'old')).rejects.toMatchObject({ code: 'conflict' });
    await expect(useWorkspace(send, '\u0000')).rejects.toMatchObject({ code: 'invalid_arguments' });
    expect((await registry.list({ includeArchived: true })).map((w) => w.name)).toEqual(['Default', 'Old']);
  });
});
