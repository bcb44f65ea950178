// The import in parts on the in-memory store (its journal beside it): cancel gives the
// graph back exactly, commit keeps it; a writer that refuses is a conflict at once.
import { describe, expect, it } from 'vitest';
import { errorCode } from '../../../tooling/testing/error-code';
import { ConflictError } from '../errors';
import { asEntityId, asRelationshipId, fixedClock, randomIds, sequentialIds } from '../graph/ids';
import type { Relationship } from '../graph/types';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { mulberry32 } from '../random';
import { dumpGraph } from './dump';
import type { GraphChunk } from './dump';
import { importGraph } from './import';
import { MemoryImportJournal } from './import-journal';
import { ImportSessions } from './import-session';
import type { ImportSessionDeps } from './import-session';
import { testEntity } from './testing/entity';
import { inventedGraph } from './testing/invented-graph';

const clock = fixedClock(0);

function sessionsOver(store: InMemoryGraphStore, graph: GraphService, over: Partial<ImportSessionDeps> = {}): ImportSessions {
  return new ImportSessions({
    store,
    ids: sequentialIds(),
    clock,
    journal: new MemoryImportJournal(store),
    exclusive: (run) => graph.exclusive(run),
    ...over,
  });
}

async function world() {
  const source = new InMemoryGraphStore();
  await inventedGraph(new GraphService({ store: source, ids: sequentialIds(), clock }), source, 40);
  const dump = await dumpGraph(source);
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  return { dump, store, graph };
}

const EMPTY: GraphChunk = { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] };
/** Ids a merge mints: random (seeded), so none is taken by a target's sequential ids. */
const mint = () => randomIds(fixedClock(Date.UTC(2026, 5, 1)), mulberry32(7));

/** A graph holding one entity (so imports merge), and sessions over it. */
async function seeded(): Promise<{ store: InMemoryGraphStore; sessions: ImportSessions }> {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  await graph.createEntity({ name: 'Ariadne Bench Seed', type: 'other' });
  return { store, sessions: sessionsOver(store, graph, { ids: mint() }) };
}

/** A file's relationship `from` → `to`, labelled `works_with`. */
function rel(id: string, from: string, to: string): Relationship {
  const [rid, f, t] = [asRelationshipId(id), asEntityId(from), asEntityId(to)];
  if (rid === undefined || f === undefined || t === undefined) throw new Error('bad ids');
  return { id: rid, from: f, to: t, label: 'works_with', key: `${f}|works_with|${t}`, createdAt: 1, updatedAt: 1 };
}

/** Two entities of a file, `e_a` and `e_b`, new to any graph. */
const TWO: GraphChunk = { ...EMPTY, entities: [testEntity('e_a', 'Quorvex Dynamics', 1), testEntity('e_b', 'Telmar Systems', 1)] };

describe('ImportSessions on the in-memory store', () => {
  it('commit keeps every part; cancel of the same parts leaves the graph as before', async () => {
    const { dump, store, graph } = await world();
    const sessions = sessionsOver(store, graph);
    const parts = [{ entities: dump.entities }, { relationships: dump.relationships }, { evidence: dump.evidence, pages: dump.pages }];
    const empty = { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [] };

    const first = await sessions.begin('restore');
    for (const p of parts) await sessions.part(first.importId, { ...empty, ...p });
    expect((await store.counts()).relationships).toBe(dump.relationships.length);
    await sessions.cancel(first.importId);
    expect(await dumpGraph(store)).toEqual(await dumpGraph(new InMemoryGraphStore()));

    const second = await sessions.begin('restore');
    for (const p of parts) await sessions.part(second.importId, { ...empty, ...p });
    await sessions.part(second.importId, { ...empty, merges: dump.merges, reviews: dump.reviews });
    const report = await sessions.commit(second.importId);
    expect(report.after.entities).toBe(dump.entities.length);
    expect(await dumpGraph(store)).toEqual(dump);
    expect(sessions.running).toBeUndefined();
  });

  it('a writer that refuses makes begin fail with conflict, not wait', async () => {
    const { store, graph } = await world();
    const sessions = sessionsOver(store, graph, { exclusive: () => Promise.reject(new ConflictError('inside a writing run')) });
    expect(await errorCode(() => sessions.begin('auto'))).toBe('conflict');
  });

  it('a merge in parts writes what one merge of the whole file writes (later parts refer to earlier ones through the carry)', async () => {
    const { dump } = await world();
    const target = async (): Promise<{ store: InMemoryGraphStore; graph: GraphService }> => {
      const store = new InMemoryGraphStore();
      const graph = new GraphService({ store, ids: sequentialIds(), clock });
      // The first 15 invented names: the file's namesakes are joined to these.
      await inventedGraph(graph, store, 15);
      return { store, graph };
    };
    // The same ids minted on both sides.
    const whole = await target();
    const once = await importGraph({ store: whole.store, ids: mint(), clock }, dump, 'merge');

    const split = await target();
    const sessions = sessionsOver(split.store, split.graph, { ids: mint() });
    const empty = EMPTY;
    const half = (xs: readonly unknown[]): number => Math.ceil(xs.length / 2);
    const parts: GraphChunk[] = [
      { ...empty, entities: dump.entities.slice(0, half(dump.entities)) },
      { ...empty, entities: dump.entities.slice(half(dump.entities)) },
      { ...empty, relationships: dump.relationships.slice(0, half(dump.relationships)) },
      { ...empty, relationships: dump.relationships.slice(half(dump.relationships)) },
      { ...empty, evidence: dump.evidence },
      { ...empty, pages: dump.pages, merges: dump.merges, reviews: dump.reviews },
    ];
    const { importId } = await sessions.begin('merge');
    for (const p of parts) await sessions.part(importId, p);
    const report = await sessions.commit(importId);

    expect(once.entities.created).toBeGreaterThan(20);
    expect(once.entities.updated + once.entities.unchanged).toBeGreaterThan(10);
    expect(once.relationships.created).toBeGreaterThan(10);
    expect(report.entities).toEqual(once.entities);
    expect(report.relationships).toEqual(once.relationships);
    expect(report.evidence).toEqual(once.evidence);
    expect(report.pages).toEqual(once.pages);
    expect(await dumpGraph(split.store)).toEqual(await dumpGraph(whole.store));
  });

  it('a merge part naming an entity of no earlier part is refused (invalid_arguments) and every part is taken back', async () => {
    const { dump } = await world();
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    await inventedGraph(graph, store, 15);
    const before = await dumpGraph(store);
    const sessions = sessionsOver(store, graph, { ids: mint() });
    const empty = EMPTY;
    const { importId } = await sessions.begin('merge');
    // The entities of the first relationship's end are left out of the file.
    const first = dump.relationships[0];
    if (first === undefined) throw new Error('the invented graph has relationships');
    await sessions.part(importId, { ...empty, entities: dump.entities.filter((e) => e.id !== first.from) });
    expect(await errorCode(() => sessions.part(importId, { ...empty, relationships: dump.relationships }))).toBe('invalid_arguments');
    expect(sessions.running).toBeUndefined();
    expect(await dumpGraph(store)).toEqual(before);
  });

  it('relationships between entities the import created are written once even when a later file entity joined one of them', async () => {
    const { store, sessions } = await seeded();
    const { importId } = await sessions.begin('merge');
    // Part 1 creates both; part 2's entity is the first one again under another id: it joins it.
    await sessions.part(importId, TWO);
    await sessions.part(importId, { ...EMPTY, entities: [testEntity('e_a2', 'Quorvex Dynamics', 1)] });
    // The joined entity's relationship first, then the same one from the entity that was created.
    await sessions.part(importId, { ...EMPTY, relationships: [rel('r_2', 'e_a2', 'e_b')] });
    await sessions.part(importId, { ...EMPTY, relationships: [rel('r_1', 'e_a', 'e_b')] });
    const report = await sessions.commit(importId);
    expect(report.entities).toEqual({ created: 2, updated: 0, unchanged: 1 });
    expect(report.relationships).toEqual({ created: 1, updated: 0, unchanged: 1 });
    expect((await store.counts()).relationships).toBe(1);
  });

  it('a file holding one relationship twice, in two parts, is refused (conflict) and every part is taken back', async () => {
    const { store, sessions } = await seeded();
    const before = await dumpGraph(store);
    const { importId } = await sessions.begin('merge');
    await sessions.part(importId, TWO);
    await sessions.part(importId, { ...EMPTY, relationships: [rel('r_1', 'e_a', 'e_b')] });
    expect(await errorCode(() => sessions.part(importId, { ...EMPTY, relationships: [rel('r_2', 'e_a', 'e_b')] }))).toBe('conflict');
    expect(sessions.running).toBeUndefined();
    expect(await dumpGraph(store)).toEqual(before);
  });
});
