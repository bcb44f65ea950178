// A type the user fixed in the side panel sticks to the name on later captures.
import { describe, expect, it } from 'vitest';
import type { AnalyzedEntity, CaptureAnalysis } from '../capture';
import { dumpGraph, parseGraphDump } from '../export/dump';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import type { EntityType } from '../graph/types';
import { createResolver } from '../resolve/resolver';
import { NameIndex } from '../search/name-index';
import { createRegistry } from '../tools/index';
import { ingestCapture } from './ingest';
import { userTypeOf, withUserTypes } from './user-types';

async function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const service = new GraphService({ store, ids, clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  const registry = createRegistry({ graph: service, store, search: await NameIndex.load(store) });
  const tool = (name: string, args: unknown) => registry.call(name, args, { caller: { kind: 'test' } });
  return { store, service, tool, deps: { service, resolver, store, clock, ids } };
}

function ent(name: string, type: EntityType, extra: Partial<AnalyzedEntity> = {}): AnalyzedEntity {
  return {
    name,
    type,
    aliases: [],
    attributes: {},
    salience: 0.5,
    mentions: 2,
    snippet: `${name} was mentioned.`,
    origin: 'text',
    ...extra,
  };
}
function page(url: string, entities: AnalyzedEntity[]): CaptureAnalysis {
  return { url, title: `Title of ${url}`, entities, relations: [], notes: [], analyzeMs: 1 };
}

describe('types the user fixes stick', () => {
  it('"Pebble Core" captured as a person, set to product by the user, joins as product on a later page', async () => {
    const { store, tool, deps } = await setup();
    const first = await ingestCapture(page('https://a.example/1', [ent('Pebble Core', 'person')]), deps, { capturedAt: 1 });
    const id = first.entityIds[0];
    if (id === undefined) throw new Error('no id');
    expect((await store.getEntity(id))?.type).toBe('person');

    await tool('entity_update', { name: id, entity_type: 'product' });
    expect(await store.getEntity(id)).toMatchObject({ type: 'product', typeSetByUser: true });

    const later = await ingestCapture(
      page('https://b.example/2', [ent('Pebble Core', 'person', { salience: 0.9 }), ent('Eric Migicovsky', 'person')]),
      deps,
      { capturedAt: 2 },
    );
    expect(later).toMatchObject({ created: 1, matched: 1 });
    expect(later.entityIds[0]).toBe(id);
    expect((await store.getEntity(id))?.type).toBe('product');
    expect(await store.countEntities('person')).toBe(1); // only Eric Migicovsky
  });

  it('a later page naming an alias of the fixed entity gets the user type too', async () => {
    const { service, store } = await setup();
    const e = await service.createEntity({ name: 'Pebble Core', type: 'person', aliases: ['Core by Pebble'] });
    await service.updateEntity(e.id, { type: 'product' });
    expect(await userTypeOf(store, 'core by pebble')).toBe('product');
    expect(await userTypeOf(store, 'Pebble')).toBeUndefined();
  });

  it('saving the editor without changing the type is not a fix: the recognizer keeps deciding', async () => {
    const { service, store } = await setup();
    const e = await service.createEntity({ name: 'Rust', type: 'technology' });
    await service.updateEntity(e.id, { type: 'technology', description: 'A language.' });
    expect((await store.getEntity(e.id))?.typeSetByUser).toBeUndefined();
    const [typed] = await withUserTypes([ent('Rust', 'location')], store);
    expect(typed?.type).toBe('location');
  });

  it('the fix survives a merge into the fixed entity, and export then import', async () => {
    const { service, store } = await setup();
    const core = await service.createEntity({ name: 'Pebble Core', type: 'person' });
    await service.updateEntity(core.id, { type: 'product' });
    const dup = await service.createEntity({ name: 'Pebble Core device', type: 'product' });
    await service.merge(core.id, dup.id);
    expect((await store.getEntity(core.id))?.typeSetByUser).toBe(true);

    const dump = parseGraphDump(JSON.parse(JSON.stringify(await dumpGraph(store))));
    expect(dump.entities.find((x) => x.id === core.id)?.typeSetByUser).toBe(true);
  });
});
