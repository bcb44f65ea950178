// Names that are also Object.prototype members (`__proto__`, `constructor`, `toString`,
// …) are ordinary data. Each goes through every path a string from
// outside takes: a captured page (JSON-LD and microdata property names, `@id`s,
// entity names), the tools (attributes, names, relationship labels), merge and undo,
// the symbolic query loop, and export → import.
import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeCapture } from '../extract/analysis/analyze';
import { capturePage } from '../extract/page/capture-page';
import { createRuleRecognizer } from '../extract/rules/rule-recognizer';
import { readMicrodata } from '../extract/structured/microdata';
import { buildStructuredGraph } from '../extract/structured/structured-graph';
import { acceptCapture } from './capture';
import { dumpGraph, parseGraphDump } from './export/dump';
import type { GraphDump } from './export/dump';
import { asEntityId, asRelationshipId, fixedClock, sequentialIds } from './graph/ids';
import { InMemoryGraphStore } from './graph/memory-store';
import { GraphService } from './graph/service';
import { ENTITY_TYPES } from './graph/types';
import type { Entity } from './graph/types';
import { ingestCapture } from './ingest/ingest';
import { requestSchema } from '../messaging/protocol';
import { relatedBy, stem, verbKey } from './query/relation-words';
import { ownRecordSchema } from './records';
import { parseEntityType } from './resolve/features';
import { createResolver } from './resolve/resolver';
import { NameIndex } from './search/name-index';
import { createRegistry } from './tools/index';
import type { GraphToolDeps } from './tools/deps';
import type { ToolRegistry } from './tools/registry';
import { z } from 'zod';

const KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '__defineGetter__'] as const;
const test = { caller: { kind: 'test' as const } };
const recognizer = createRuleRecognizer();

/** `{ ...rest, [key]: value }` with `key` an own property, `__proto__` included (as JSON.parse gives it). */
function attrs(key: string, value: string, rest: Record<string, string> = {}): Record<string, string> {
  return { ...rest, ...JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) };
}

/** The record's own entries, sorted: what was really stored. */
function own(record: object): [string, unknown][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1));
}

interface World {
  readonly store: InMemoryGraphStore;
  readonly graph: GraphService;
  readonly search: NameIndex;
  readonly registry: ToolRegistry<GraphToolDeps>;
}

async function world(firstId = 0): Promise<World> {
  const store = new InMemoryGraphStore();
  const ids = sequentialIds();
  for (let i = 0; i < firstId; i++) ids.entity();
  const graph = new GraphService({ store, ids, clock: fixedClock() });
  const search = await NameIndex.load(store);
  search.attach(graph);
  return { store, graph, search, registry: createRegistry({ graph, store, search }) };
}

async function entityNamed(w: World, name: string): Promise<Entity> {
  const [found] = await w.graph.findByName(name);
  if (found === undefined) throw new Error(`no entity named ${name}`);
  return found;
}

describe.each(KEYS)('the name %s', (key) => {
  describe('capture: structured data', () => {
    const html = `<!doctype html><html lang="en"><head><title>Acme Widgets</title>
      <script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Organization', '@id': key, name: 'Acme Widgets', founder: { '@type': 'Person', name: 'Jane Roe' } },
          { '@type': 'Organization', name: 'Globex Corporation', [key]: { name: 'Kim Lee' }, alumniOf: key },
          { '@type': 'Person', name: 'Sam Poe', [key]: 'Lou Fry', worksFor: { '@id': key } },
          { '@type': 'SoftwareApplication', name: key },
        ],
      })}</script></head>
      <body><article><h1>Acme Widgets</h1>
      <p>Acme Widgets was founded by Jane Roe in 2001. Sam Poe works at Acme Widgets, and Globex Corporation is a rival.</p>
      <div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Initech Systems</span>
        <span itemprop="${key}">plain text</span>
        <div itemprop="${key}" itemscope><span itemprop="name">Ann Moss</span></div>
        <div itemprop="founder" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Bill Lumbergh</span></div>
      </div></article></body></html>`;

    it('keeps every entity with a valid type, and the background accepts the capture whole', () => {
      const dom = new JSDOM(html, { url: 'https://acme.example/about' });
      const capture = capturePage(dom.window.document, 'https://acme.example/about', { now: 1 });
      dom.window.close();
      for (const e of capture.entities) expect(ENTITY_TYPES).toContain(e.type);
      const names = capture.entities.map((e) => e.name);
      expect(names).toEqual(
        expect.arrayContaining(['Acme Widgets', 'Jane Roe', 'Globex Corporation', 'Sam Poe', 'Initech Systems', 'Bill Lumbergh', key]),
      );
      // A property named like a prototype member is not a relation property: no entity is invented from it.
      expect(names).not.toContain('Kim Lee');
      expect(names).not.toContain('Lou Fry');
      expect(names).not.toContain('Ann Moss');
      const accepted = acceptCapture(JSON.parse(JSON.stringify(capture)));
      expect(accepted).toMatchObject({ ok: true, salvaged: false });
      if (!accepted.ok) return;
      const byName = new Map(accepted.capture.entities.map((e) => [e.name, e.ref]));
      const rel = (from: string, label: string, to: string) => ({ from: byName.get(from), label, to: byName.get(to) });
      expect(accepted.capture.relations).toEqual(
        expect.arrayContaining([
          rel('Acme Widgets', 'founded_by', 'Jane Roe'),
          rel('Acme Widgets', 'employs', 'Sam Poe'),
          rel('Initech Systems', 'founded_by', 'Bill Lumbergh'),
        ]),
      );
    });

    it('is analysed and ingested: the entities and relations reach the graph', async () => {
      const dom = new JSDOM(html, { url: 'https://acme.example/about' });
      const capture = capturePage(dom.window.document, 'https://acme.example/about', { now: 1 });
      dom.window.close();
      const accepted = acceptCapture(JSON.parse(JSON.stringify(capture)));
      if (!accepted.ok) throw new Error(accepted.message);
      const analysis = analyzeCapture(accepted.capture, { recognizer });
      const w = await world();
      const clock = fixedClock();
      const resolver = createResolver({ store: w.store, clock, settings: { networkLookups: false } });
      await ingestCapture(analysis, { service: w.graph, resolver, store: w.store, clock, ids: sequentialIds() }, { capturedAt: 1 });
      const acme = await entityNamed(w, 'Acme Widgets');
      const related = await w.registry.call('entity_find_related', { name: acme.id }, test);
      expect(related).toMatchObject({
        related: expect.arrayContaining([{ name: 'Jane Roe', relationship: 'founded_by', direction: 'outgoing' }]),
      });
      // Every entity the analysis kept is in the graph (whether a name like `valueOf` is
      // worth keeping is the analyser's call; the software entity of that name usually is).
      for (const e of analysis.entities)
        expect(
          (await w.graph.findByName(e.name)).map((x) => x.name),
          e.name,
        ).toContain(e.name);
      expect(analysis.entities.length).toBeGreaterThanOrEqual(5);
    });

    it('buildStructuredGraph: an @id, a property and a name of that word are data', () => {
      // A computed key is an own property, `__proto__` included; JSON keeps it.
      const value = JSON.parse(
        JSON.stringify({
          '@type': 'Organization',
          '@id': key,
          name: 'Acme Widgets',
          member: [{ '@type': 'Person', name: 'Jane Roe', [key]: { name: 'Kim Lee' } }, { '@id': key }],
        }),
      );
      const out = buildStructuredGraph([{ origin: 'json-ld', value }]);
      expect(out.entities.map((e) => [e.name, e.type])).toEqual([
        ['Acme Widgets', 'company'],
        ['Jane Roe', 'person'],
      ]);
      // `member` reads backwards: Jane Roe is a member of Acme; the `{ "@id": key }` back to Acme is a self-loop.
      expect(out.relations).toEqual([{ from: '_:b0', to: key, label: 'member_of' }]);
    });
  });

  it('microdata: an itemprop of that name is read as the page gave it', () => {
    const dom = new JSDOM(
      `<div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Initech</span><span itemprop="${key}">one</span><span itemprop="${key}">two</span></div>`,
    );
    const [item] = readMicrodata(Array.from(dom.window.document.querySelectorAll('[itemscope]')));
    dom.window.close();
    expect(Object.getOwnPropertyDescriptor(item ?? {}, key)?.value).toEqual(['one', 'two']);
    expect(Object.getOwnPropertyDescriptor(item ?? {}, 'name')?.value).toBe('Initech');
  });

  it('resolve: a type hint or realm of that name is no type', async () => {
    expect(parseEntityType(key)).toBeUndefined();
    const w = await world();
    await w.graph.createEntity({ name: 'Acme Widgets', type: 'company' });
    const resolver = createResolver({ store: w.store, clock: fixedClock(), settings: { networkLookups: false } });
    const res = await resolver.resolve({ subject: 'Acme Widgets', hints: { expected_type: key }, context: { realm: key } });
    expect(res.entity?.label).toBe('Acme Widgets');
  });

  describe('tools, merge and questions', () => {
    let w: World;
    beforeEach(async () => {
      w = await world();
    });

    it('entity_add keeps the attribute, also when it is merged into an existing entity', async () => {
      const added = await w.registry.call(
        'entity_add',
        { name: 'Acme Widgets', entity_type: 'company', attributes: attrs(key, 'first', { founded: '2001' }) },
        test,
      );
      expect(own(Reflect.get(Object(added), 'attributes'))).toEqual(own(attrs(key, 'first', { founded: '2001' })));
      const acme = await entityNamed(w, 'Acme Widgets');
      expect(Object.hasOwn(acme.attributes, key)).toBe(true);
      expect(Object.getOwnPropertyDescriptor(acme.attributes, key)?.value).toBe('first');
      // A second entity_add of the same name merges: the key is updated, another is added.
      const again = await w.registry.call(
        'entity_add',
        { name: 'Acme Widgets', entity_type: 'company', attributes: attrs(key, 'second', { url: 'https://acme.example' }) },
        test,
      );
      expect(again).toMatchObject({ created: false });
      expect(own((await entityNamed(w, 'Acme Widgets')).attributes)).toEqual(
        own(attrs(key, 'second', { founded: '2001', url: 'https://acme.example' })),
      );
    });

    it('mergeAttributes reports a new key as added, not as updated', async () => {
      const acme = await w.graph.createEntity({ name: 'Acme Widgets', type: 'company' });
      const out = await w.graph.mergeAttributes(acme.id, attrs(key, 'v'));
      expect(out.added).toEqual([key]);
      expect(out.updated).toEqual([]);
    });

    it('entity_update sets and removes the key', async () => {
      await w.registry.call('entity_add', { name: 'Acme Widgets', entity_type: 'company', attributes: { founded: '2001' } }, test);
      await w.registry.call('entity_update', { name: 'Acme Widgets', attributes: attrs(key, 'set') }, test);
      expect(own((await entityNamed(w, 'Acme Widgets')).attributes)).toEqual(own(attrs(key, 'set', { founded: '2001' })));
      const removal = JSON.parse(`{${JSON.stringify(key)}:null}`);
      await w.registry.call('entity_update', { name: 'Acme Widgets', attributes: removal }, test);
      expect(own((await entityNamed(w, 'Acme Widgets')).attributes)).toEqual([['founded', '2001']]);
    });

    it('an entity named with the word is created once, related, found and asked about', async () => {
      expect(await w.registry.call('entity_add', { name: key, entity_type: 'technology' }, test)).toMatchObject({
        name: key,
        created: true,
      });
      expect(await w.registry.call('entity_add', { name: key, entity_type: 'technology' }, test)).toMatchObject({
        name: key,
        created: false,
      });
      await w.registry.call('entity_add', { name: 'Acme Widgets', entity_type: 'company', attributes: attrs(key, 'v') }, test);
      await w.registry.call('entity_add', { name: 'Jane Roe', entity_type: 'person' }, test);
      await w.registry.call('entity_relate', { from: 'Acme Widgets', to: key, relationship: 'uses' }, test);
      await w.registry.call('entity_relate', { from: 'Acme Widgets', to: 'Jane Roe', relationship: 'founded_by' }, test);
      const labelled = await w.registry.call('entity_relate', { from: 'Acme Widgets', to: 'Jane Roe', relationship: key }, test);
      const label = String(Reflect.get(Object(labelled), 'relationship'));
      expect(label.length).toBeGreaterThan(0);
      const related = await w.registry.call('entity_find_related', { name: 'Acme Widgets', relationship: key }, test);
      expect(related).toEqual({ entity: 'Acme Widgets', related: [{ name: 'Jane Roe', relationship: label, direction: 'outgoing' }] });
      for (const question of [
        'what do we know about Acme Widgets?',
        'who founded Acme Widgets?',
        `what does Acme Widgets ${key}?`,
        `who ${key} Acme Widgets?`,
        `what is ${key}?`,
        'what does Acme Widgets use?',
      ]) {
        const answer = await w.registry.call('entity_query', { question }, test);
        expect(typeof Reflect.get(Object(answer), 'answer'), question).toBe('string');
      }
      expect(await w.registry.call('entity_query', { question: 'who founded Acme Widgets?' }, test)).toMatchObject({
        answer: expect.stringContaining('Jane Roe'),
      });
      expect(await w.registry.call('entity_query', { question: 'what does Acme Widgets use?' }, test)).toMatchObject({
        answer: expect.stringContaining(key),
      });
      const about = await w.registry.call('entity_query', { question: 'what do we know about Acme Widgets?' }, test);
      expect(own(Reflect.get(Object(Reflect.get(Object(about), 'entities'))[0], 'attributes'))).toEqual(own(attrs(key, 'v')));
    });

    it('relation words: a label or verb of that word is an ordinary word', () => {
      expect(typeof stem(key)).toBe('string');
      expect(typeof verbKey(key)).toBe('string');
      const [from, to, id] = [asEntityId('e_000001'), asEntityId('e_000002'), asRelationshipId('r_000001')];
      if (from === undefined || to === undefined || id === undefined) throw new Error('bad ids');
      const rel = { id, from, to, label: key, fromName: 'A', toName: 'B', fromType: 'company' as const, toType: 'company' as const };
      // Matches itself (asked with the label's first word, as a question reads it), and
      // nothing inherited is taken for an inverse verb.
      const word = key.split('_').find((part) => part.length > 0) ?? key;
      expect(relatedBy([rel], from, word, 'out').map((r) => r.name)).toEqual(['B']);
      expect(relatedBy([rel], from, 'uses', 'out')).toEqual([]);
    });

    it('merge keeps the attribute of both sides (A wins on a shared key) and undo restores both exactly', async () => {
      const a = await w.graph.createEntity({ name: 'Acme Widgets', type: 'company', attributes: { founded: '2001' } });
      const b = await w.graph.createEntity({
        name: 'Acme Widgets Inc',
        type: 'company',
        attributes: attrs(key, 'from-b', { url: 'https://acme.example' }),
      });
      const c = await w.graph.createEntity({ name: 'Acme Co', type: 'company', attributes: attrs(key, 'from-c') });
      const first = await w.registry.call('entity_merge', { name_a: a.id, name_b: b.id }, test);
      expect(first).toMatchObject({ attributes_gained: 2 });
      expect(own((await entityNamed(w, 'Acme Widgets')).attributes)).toEqual(
        own(attrs(key, 'from-b', { founded: '2001', url: 'https://acme.example' })),
      );
      // A already has the key now: its value wins over C's.
      const second = await w.registry.call('entity_merge', { name_a: a.id, name_b: c.id }, test);
      expect(second).toMatchObject({ attributes_gained: 0 });
      expect(Object.getOwnPropertyDescriptor((await entityNamed(w, 'Acme Widgets')).attributes, key)?.value).toBe('from-b');
      // Undo the later merge first.
      await w.registry.call('entity_unmerge', { merge_id: Reflect.get(Object(second), 'merge_id') }, test);
      await w.registry.call('entity_unmerge', { merge_id: Reflect.get(Object(first), 'merge_id') }, test);
      expect(own((await w.store.getEntity(a.id))?.attributes ?? {})).toEqual([['founded', '2001']]);
      expect(own((await w.store.getEntity(b.id))?.attributes ?? {})).toEqual(own(b.attributes));
      expect(own((await w.store.getEntity(c.id))?.attributes ?? {})).toEqual(own(c.attributes));
    });

    it('export → import keeps the attribute, the name and the label (restore and merge)', async () => {
      const acme = await w.graph.createEntity({ name: 'Acme Widgets', type: 'company', attributes: attrs(key, 'v', { founded: '2001' }) });
      const named = await w.graph.createEntity({ name: key, type: 'technology', attributes: attrs(key, 'w') });
      await w.graph.relate(acme.id, key, named.id);
      const before = await dumpGraph(w.store);
      const file = JSON.stringify(before);
      // The whole file through graph_import, as the side panel sends it.
      const importFile = async (r: ToolRegistry<GraphToolDeps>, dump: GraphDump) => {
        const { format: _f, version: _v, exportedAt: _t, ...records } = dump;
        return r.call('graph_import', { mode: 'auto', records }, test);
      };
      await w.registry.call('graph_clear', { confirm: true }, test);
      expect(await importFile(w.registry, parseGraphDump(JSON.parse(file)))).toMatchObject({ mode: 'restore' });
      expect(JSON.stringify(await dumpGraph(w.store))).toBe(JSON.stringify(before));
      expect(own((await entityNamed(w, 'Acme Widgets')).attributes)).toEqual(own(attrs(key, 'v', { founded: '2001' })));
      // Merge mode: into a graph that already has Acme Widgets without the key.
      const other = await world(50);
      await other.graph.createEntity({ name: 'Acme Widgets', type: 'company', attributes: { url: 'https://acme.example' } });
      expect(await importFile(other.registry, parseGraphDump(JSON.parse(file)))).toMatchObject({ mode: 'merge' });
      expect(own((await entityNamed(other, 'Acme Widgets')).attributes)).toEqual(
        own(attrs(key, 'v', { founded: '2001', url: 'https://acme.example' })),
      );
      expect(own((await entityNamed(other, key)).attributes)).toEqual(own(attrs(key, 'w')));
    });
  });
});

describe.each(KEYS)('the messaging layer with %s', (key) => {
  it('a tool call and a capture keep the key through JSON (Chrome) and structured clone (Firefox)', () => {
    const call = {
      type: 'tool.call',
      tool: 'entity_add',
      arguments: { name: 'Acme', entity_type: 'company', attributes: attrs(key, 'v') },
    };
    const capture = {
      url: 'https://acme.example/',
      title: 'Acme',
      text: 'Acme.',
      capturedAt: 1,
      entities: [{ ref: 'a', name: 'Acme', type: 'company', attributes: attrs(key, 'v'), origin: 'json-ld' }],
    };
    for (const wire of [(v: unknown) => JSON.parse(JSON.stringify(v)), (v: unknown) => structuredClone(v)]) {
      const parsedCall = requestSchema.parse(wire(call));
      expect(parsedCall.type === 'tool.call' && own(Object(Reflect.get(parsedCall.arguments, 'attributes')))).toEqual([[key, 'v']]);
      const parsedCapture = requestSchema.parse(wire({ type: 'page.captured', capture }));
      expect(parsedCapture.type === 'page.captured' && parsedCapture.capture?.notes).toEqual([]);
      expect(parsedCapture.type === 'page.captured' && own(parsedCapture.capture?.entities[0]?.attributes ?? {})).toEqual([[key, 'v']]);
    }
  });
});

describe('ownRecordSchema', () => {
  it('keeps __proto__ where z.record drops it, and builds a record with no prototype', () => {
    const input = JSON.parse('{"__proto__":"p","constructor":"c","toString":"t"}');
    expect(Object.keys(z.record(z.string(), z.string()).parse(input))).toEqual(['constructor', 'toString']);
    const parsed = ownRecordSchema(z.string(), z.string()).parse(input);
    expect(Object.getPrototypeOf(parsed)).toBe(null);
    expect(own(parsed)).toEqual([
      ['__proto__', 'p'],
      ['constructor', 'c'],
      ['toString', 't'],
    ]);
    // Structured clone (IndexedDB, extension messaging) and JSON keep the key.
    expect(own(structuredClone(parsed))).toEqual(own(parsed));
    expect(own(JSON.parse(JSON.stringify(parsed)))).toEqual(own(parsed));
  });

  it('checks __proto__ like any key: a bad value is refused with its path', () => {
    const result = ownRecordSchema(z.string(), z.string().max(3)).safeParse(JSON.parse('{"__proto__":"too long"}'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['__proto__']);
  });
});
