import { describe, expect, it } from 'vitest';
import { OpenWorkspaces } from './open-workspaces';
import type { Workspace, WorkspaceId } from './workspace';

const ws = (id: string): Workspace => ({ id: id as WorkspaceId, name: id, createdAt: 0, archived: false, pinnedSites: [] });

function recorder(failFirstOpen = false) {
  const events: string[] = [];
  let failures = failFirstOpen ? 1 : 0;
  const open = new OpenWorkspaces<{ id: string }>({
    open: async (w) => {
      events.push(`open ${w.id}`);
      if (failures-- > 0) throw new Error('storage refused');
      return { id: w.id };
    },
    close: (h) => void events.push(`close ${h.id}`),
    drop: async (w) => void events.push(`drop ${w.id}`),
  });
  return { open, events };
}

describe('OpenWorkspaces', () => {
  it('opens a workspace once, even for concurrent first calls, and each workspace apart', async () => {
    const { open, events } = recorder();
    const [a1, a2] = await Promise.all([open.get(ws('w_a')), open.get(ws('w_a'))]);
    expect(a1).toBe(a2);
    expect(await open.get(ws('w_a'))).toBe(a1);
    expect((await open.get(ws('w_b'))).id).toBe('w_b');
    expect(events).toEqual(['open w_a', 'open w_b']);
    expect(open.openIds()).toEqual(['w_a', 'w_b']);
  });

  it('does not remember a failed open: the next call tries again', async () => {
    const { open, events } = recorder(true);
    await expect(open.get(ws('w_a'))).rejects.toThrow('storage refused');
    expect(open.openIds()).toEqual([]);
    expect((await open.get(ws('w_a'))).id).toBe('w_a');
    expect(events).toEqual(['open w_a', 'open w_a']);
  });

  it('closes, reopens on demand, and drops after closing', async () => {
    const { open, events } = recorder();
    const first = await open.get(ws('w_a'));
    await open.close(ws('w_a').id);
    await open.close(ws('w_a').id);
    expect(await open.get(ws('w_a'))).not.toBe(first);
    await open.drop(ws('w_a'));
    await open.drop(ws('w_never'));
    expect(events).toEqual(['open w_a', 'close w_a', 'open w_a', 'close w_a', 'drop w_a', 'drop w_never']);
    expect(open.openIds()).toEqual([]);
  });
});
