/**
 * The contract of the sync ports that keep state between runs: the push queue, the pull
 * cursor and the id map. Every implementation (in memory here, IndexedDB in the
 * background) runs these tests, so `TeamSync` and the resolver replay can rely on them.
 *
 * @example
 *   // memory-ports.test.ts
 *   syncPortsContract('in memory', { queue: () => new InMemoryPushQueue(), cursor: () => new InMemoryPullCursor(), idMap: () => new InMemoryTeamIdMap() });
 */
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import type { TeamChange } from './changes';
import { changeIds, entityDelete, mergeUndo } from './changes';
import type { PullCursor, PushQueue, TeamIdMap } from './ports';

export interface SyncPortFactories {
  readonly queue: () => PushQueue | Promise<PushQueue>;
  readonly cursor: () => PullCursor | Promise<PullCursor>;
  readonly idMap: () => TeamIdMap | Promise<TeamIdMap>;
}

function changes(count: number): TeamChange[] {
  const ids = changeIds(fixedClock(), () => 0.25);
  const graphIds = sequentialIds();
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? entityDelete(ids.next(), graphIds.entity(), i) : mergeUndo(ids.next(), graphIds.merge(), i),
  );
}

export function syncPortsContract(name: string, make: SyncPortFactories): void {
  describe(`sync ports contract: ${name}`, () => {
    it('the queue hands changes back oldest first, as appended, with growing seq numbers', async () => {
      const queue = await make.queue();
      const all = changes(7);
      await queue.append(all.slice(0, 3));
      await queue.append(all.slice(3));
      const head = await queue.head(100);
      expect(head.map((r) => r.change)).toEqual(all);
      expect(head.every((r, i) => i === 0 || r.seq > (head[i - 1]?.seq ?? Infinity))).toBe(true);
      expect(await queue.head(2)).toEqual(head.slice(0, 2));
      expect(await queue.size()).toBe(7);
    });

    it('clear forgets every row and says how many; later appends keep growing', async () => {
      const queue = await make.queue();
      await queue.append(changes(3));
      const last = (await queue.head(3))[2]?.seq ?? 0;
      expect(await queue.clear()).toBe(3);
      expect(await queue.size()).toBe(0);
      await queue.append(changes(1));
      expect((await queue.head(1))[0]?.seq).toBeGreaterThan(last);
    });

    it('removeThrough forgets exactly the rows up to a seq; later appends keep growing', async () => {
      const queue = await make.queue();
      const all = changes(5);
      await queue.append(all);
      const head = await queue.head(5);
      const third = head[2];
      if (third === undefined) throw new Error('queue lost rows');
      await queue.removeThrough(third.seq);
      expect((await queue.head(10)).map((r) => r.change)).toEqual(all.slice(3));
      await queue.removeThrough(third.seq); // a repeat (a retried push) changes nothing
      expect(await queue.size()).toBe(2);
      await queue.append(changes(1));
      const after = await queue.head(10);
      expect(after.map((r) => r.seq).every((seq) => seq > third.seq)).toBe(true);
      expect(after).toHaveLength(3);
    });

    it('an empty queue has no head, and removing from it is harmless', async () => {
      const queue = await make.queue();
      expect(await queue.head(10)).toEqual([]);
      await queue.removeThrough(99);
      expect(await queue.size()).toBe(0);
    });

    it('the cursor starts at 0 and keeps the last position written', async () => {
      const cursor = await make.cursor();
      expect(await cursor.read()).toBe(0);
      await cursor.write(42);
      await cursor.write(43);
      expect(await cursor.read()).toBe(43);
    });

    it('the id map keeps, replaces and forgets mappings, any string a key (`__proto__` too)', async () => {
      const map = await make.idMap();
      expect(await map.get('e_remote')).toBeUndefined();
      await map.set('e_remote', { localId: 'e_local', how: 'created' });
      await map.set('__proto__', { localId: 'e_x', how: 'joined' });
      expect(await map.get('e_remote')).toEqual({ localId: 'e_local', how: 'created' });
      expect(await map.get('__proto__')).toEqual({ localId: 'e_x', how: 'joined' });
      const restore = { remoteId: 'e_b', localId: 'e_b2', how: 'created' as const };
      await map.set('m_1', { localId: 'm_9', how: 'created', restore });
      expect(await map.get('m_1')).toEqual({ localId: 'm_9', how: 'created', restore });
      await map.delete('e_remote');
      expect(await map.get('e_remote')).toBeUndefined();
      expect(await map.get('constructor')).toBeUndefined();
    });
  });
}
