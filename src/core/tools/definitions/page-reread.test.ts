// `page_reread` through the registry, as the side panel calls it: one page, a run's progress, and no analyzer.
import { describe, expect, it } from 'vitest';
import type { CaptureAnalysis } from '../../capture';
import { fixedClock, sequentialIds } from '../../graph/ids';
import { InMemoryGraphStore } from '../../graph/memory-store';
import { GraphService } from '../../graph/service';
import { ingestCapture } from '../../ingest/ingest';
import { RereadRunner } from '../../ingest/reread-runner';
import { createResolver } from '../../resolve/resolver';
import { NameIndex } from '../../search/name-index';
import { createRegistry } from '../index';

const URL = 'https://example.com/fabrikam';
const SENTENCES = ['Fabrikam, run by CEO Ada Quinn, closed a $7 million round.'];

function analysis(names: readonly string[]): CaptureAnalysis {
  return {
    url: URL,
    title: 'Fabrikam raises $8M',
    entities: names.map((name) => ({
      name,
      type: name === 'Fabrikam' ? 'company' : 'person',
      aliases: [],
      attributes: {},
      salience: 0.5,
      mentions: 1,
      snippet: SENTENCES[0] ?? '',
      origin: 'text',
    })),
    relations: [],
    notes: [],
    analyzeMs: 1,
    sentences: SENTENCES,
  };
}

async function setup(withRereader: boolean) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const deps = { service: graph, resolver, store, clock, ids };
  await ingestCapture(analysis(['Fabrikam']), deps, { capturedAt: 5, analyzerVersion: 1 });
  const rereader = new RereadRunner({
    ...deps,
    analyzerVersion: 2,
    analyze: () => Promise.resolve(analysis(['Fabrikam', 'Ada Quinn'])),
  });
  const registry = createRegistry({ graph, store, search: new NameIndex(), ...(withRereader ? { rereader } : {}) });
  const call = (args: unknown) => registry.call('page_reread', args, { caller: { kind: 'extension' } });
  return { store, rereader, call };
}

describe('page_reread', () => {
  it('re-reads one page and says what changed', async () => {
    const { store, call } = await setup(true);
    expect(await call({})).toMatchObject({ analyzer_version: 2, outdated_pages: 1, run: { state: 'idle' } });
    const out = await call({ url: URL });
    expect(out).toMatchObject({
      analyzer_version: 2,
      page: { status: 'reread', entities_before: 1, entities_after: 2, entities_added: ['Ada Quinn'] },
    });
    expect((await store.getPage(URL))?.analyzerVersion).toBe(2);
    expect(await call({})).toMatchObject({ outdated_pages: 0 });
  });

  it('starts a background run and reports its progress', async () => {
    const { rereader, call } = await setup(true);
    expect(await call({ pages: 'outdated' })).toMatchObject({ run: { state: 'running', scope: 'outdated', total: 1 } });
    await rereader.idle();
    expect(await call({})).toMatchObject({ run: { state: 'done', done: 1, total: 1, failed: 0 } });
  });

  it('says it is unavailable where no analyzer is loaded', async () => {
    const { call } = await setup(false);
    await expect(call({ url: URL })).rejects.toMatchObject({ code: 'unavailable' });
  });
});
