import { describe, expect, it } from 'vitest';
import { indexedDbSettingsStore } from './settings-store';

describe('bridge settings in IndexedDB', () => {
  it('reads nothing at first, then what was saved, across reopenings', async () => {
    const first = indexedDbSettingsStore(indexedDB);
    expect(await first.load()).toBeUndefined();
    await first.save({ enabled: true, grants: [{ client: 'cursor', tool: 'entity_add', grantedAt: 5 }] });
    const again = indexedDbSettingsStore(indexedDB);
    expect(await again.load()).toEqual({ enabled: true, grants: [{ client: 'cursor', tool: 'entity_add', grantedAt: 5 }] });
  });
});
