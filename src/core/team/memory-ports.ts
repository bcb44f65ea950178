/**
 * In-memory push queue, pull cursor and id map: the reference behaviour of the persisted ones,
 * for tests and for Node tools that sync once and exit.
 */
import type { TeamChange } from './changes';
import type { IdMapping, PullCursor, PushQueue, QueuedChange, TeamIdMap } from './ports';

export class InMemoryPushQueue implements PushQueue {
  private rows: QueuedChange[] = [];
  private seq = 0;

  async append(changes: readonly TeamChange[]): Promise<void> {
    for (const change of changes) this.rows.push({ seq: ++this.seq, change });
  }
  async head(limit: number): Promise<readonly QueuedChange[]> {
    return this.rows.slice(0, limit);
  }
  async removeThrough(seq: number): Promise<void> {
    this.rows = this.rows.filter((r) => r.seq > seq);
  }
  async size(): Promise<number> {
    return this.rows.length;
  }
  async clear(): Promise<number> {
    const n = this.rows.length;
    this.rows = [];
    return n;
  }
}

export class InMemoryPullCursor implements PullCursor {
  private position = 0;
  async read(): Promise<number> {
    return this.position;
  }
  async write(position: number): Promise<void> {
    this.position = position;
  }
}

export class InMemoryTeamIdMap implements TeamIdMap {
  private readonly map = new Map<string, IdMapping>();
  async get(remoteId: string): Promise<IdMapping | undefined> {
    return this.map.get(remoteId);
  }
  async set(remoteId: string, mapping: IdMapping): Promise<void> {
    this.map.set(remoteId, mapping);
  }
  async delete(remoteId: string): Promise<void> {
    this.map.delete(remoteId);
  }
}
