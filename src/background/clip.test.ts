// "Add selection to Ariadne": the selection becomes an entity with the page as `clip` evidence.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { InMemoryGraphStore } from '../core/graph/memory-store';
import { GraphService } from '../core/graph/service';
import { createResolver } from '../core/resolve/resolver';
import type { EntityRecognizer } from '../extract/mentions/recognizer';
import { createRuleRecognizer } from '../extract/rules/rule-recognizer';
import { createClipper, typeOf } from './clip';

function setup(recognizer: EntityRecognizer = createRuleRecognizer()) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const resolver = createResolver({ store, clock, settings: { networkLookups: false } });
  return { store, graph, clip: createClipper({ graph, store, clock, resolver, recognizer: () => recognizer }) };
}

const page = { url: 'https://example.com/notes', title: 'Field notes' };

describe('clip', () => {
  it('creates an entity from the selection with clip evidence and records the page', async () => {
    const { store, clip } = setup();
    const out = await clip({ ...page, text: '  Quillfeather\n Labs ' });
    expect(out).toMatchObject({ name: 'Quillfeather Labs', created: true, pageEntities: 1 });
    const evidence = await store.evidenceOfEntity(out.entityId, 10);
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ kind: 'clip', pageUrl: page.url, pageTitle: 'Field notes', snippet: 'Quillfeather Labs' });
    expect((await store.getPage(page.url))?.entityIds).toEqual([out.entityId]);
  });

  it('a selection the graph already knows adds evidence, not a duplicate', async () => {
    const { store, graph, clip } = setup();
    const known = await graph.createEntity({ name: 'Stripe', type: 'company' });
    const out = await clip({ ...page, text: 'Stripe' });
    expect(out).toMatchObject({ entityId: known.id, type: 'company', created: false });
    expect(await store.listEntities({ limit: 10 })).toHaveLength(1);
    expect((await store.evidenceOfEntity(known.id, 10)).map((e) => e.kind)).toEqual(['clip']);
  });

  it('keeps the capture time of a page captured before (the capture queue keys on it)', async () => {
    const { store, graph, clip } = setup();
    await graph.recordPage({ url: page.url, title: 'Captured title', capturedAt: 42 });
    await clip({ ...page, text: 'Tern DB' });
    expect(await store.getPage(page.url)).toMatchObject({ capturedAt: 42, title: 'Captured title' });
  });

  it('refuses an empty or passage-long selection with invalid_arguments', async () => {
    const { clip, store } = setup();
    await expect(clip({ ...page, text: ' \u200b ' })).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(clip({ ...page, text: 'word '.repeat(100) })).rejects.toMatchObject({ code: 'invalid_arguments' });
    await expect(clip({ ...page, url: 'not a url', text: 'Stripe' })).rejects.toMatchObject({ code: 'invalid_arguments' });
    expect(await store.listEntities({ limit: 10 })).toHaveLength(0);
  });

  it('types the entity from the recognizer only when it reads the whole selection as one name', () => {
    const fixed = (type: 'person', text: string): EntityRecognizer => ({
      name: 'fixed',
      recognize: () => [{ text, type, start: 0, end: text.length, score: 1 }],
    });
    expect(typeOf('Ada Quill', fixed('person', 'Ada Quill'))).toBe('person');
    expect(typeOf('Ada Quill and friends', fixed('person', 'Ada Quill'))).toBe('other');
    expect(typeOf('zzz', { name: 'none', recognize: () => [] })).toBe('other');
  });
});
