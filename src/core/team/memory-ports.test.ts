// Runs the sync ports contract against the in-memory queue, cursor and id map.
import { InMemoryPullCursor, InMemoryPushQueue, InMemoryTeamIdMap } from './memory-ports';
import { syncPortsContract } from './sync-ports.contract';

syncPortsContract('in memory', {
  queue: () => new InMemoryPushQueue(),
  cursor: () => new InMemoryPullCursor(),
  idMap: () => new InMemoryTeamIdMap(),
});
