// The Wikidata adapter against a local node:http stand-in answering in the real
// API's JSON format: success, a server that never answers, and a 5xx.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../../core/graph/ids';
import { InMemoryGraphStore } from '../../core/graph/memory-store';
import { GraphService } from '../../core/graph/service';
import { createResolver } from '../../core/resolve/resolver';
import { WikidataAuthority } from './wikidata-authority';

const SEARCH_STRIPE = {
  searchinfo: { search: 'Stripe' },
  search: [
    {
      id: 'Q7624104',
      title: 'Q7624104',
      pageid: 7565427,
      concepturi: 'http://www.wikidata.org/entity/Q7624104',
      repository: 'wikidata',
      url: '//www.wikidata.org/wiki/Q7624104',
      display: {
        label: { value: 'Stripe', language: 'en' },
        description: { value: 'Irish-American financial services company', language: 'en' },
      },
      label: 'Stripe',
      description: 'Irish-American financial services company',
      match: { type: 'label', language: 'en', text: 'Stripe' },
      aliases: ['Stripe, Inc.'],
    },
  ],
  'search-continue': 1,
  success: 1,
};
const ENTITIES = {
  entities: {
    Q7624104: {
      type: 'item',
      id: 'Q7624104',
      labels: { en: { language: 'en', value: 'Stripe' } },
      descriptions: { en: { language: 'en', value: 'payments company' } },
      aliases: { en: [{ language: 'en', value: 'Stripe, Inc.' }] },
    },
    Q0: { id: 'Q0', missing: '' },
  },
  success: 1,
};

let server: Server;
let base = '';
const seen: URL[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push(url);
    const search = url.searchParams.get('search') ?? '';
    if (search === 'slow') return; // never answers: the client must time out
    if (search === 'broken') {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<h1>Service Unavailable</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.searchParams.get('action') === 'wbgetentities') res.end(JSON.stringify(ENTITIES));
    else if (search === 'Stripe') res.end(JSON.stringify(SEARCH_STRIPE));
    else res.end(JSON.stringify({ searchinfo: { search }, search: [], success: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('WikidataAuthority', () => {
  it('searches with wbsearchentities and maps the answer', async () => {
    const wd = new WikidataAuthority({ endpoint: base, timeoutMs: 1000 });
    const entries = await wd.search('Stripe', { language: 'en', limit: 5 });
    expect(entries).toEqual([
      {
        id: 'Q7624104',
        label: 'Stripe',
        description: 'Irish-American financial services company',
        aliases: ['Stripe, Inc.'],
        uri: 'http://www.wikidata.org/entity/Q7624104',
      },
    ]);
    const last = seen.at(-1);
    expect(last?.searchParams.get('action')).toBe('wbsearchentities');
    expect(last?.searchParams.get('limit')).toBe('5');
  });

  it('reads items with wbgetentities, skipping missing ids', async () => {
    const wd = new WikidataAuthority({ endpoint: base, timeoutMs: 1000 });
    const entries = await wd.getEntities(['Q7624104', 'Q0'], 'en');
    expect(entries.map((e) => [e.id, e.label, e.aliases])).toEqual([['Q7624104', 'Stripe', ['Stripe, Inc.']]]);
  });

  it('times out with code timeout instead of hanging', async () => {
    const wd = new WikidataAuthority({ endpoint: base, timeoutMs: 150 });
    const started = Date.now();
    await expect(wd.search('slow', { language: 'en', limit: 5 })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns a 5xx into code unavailable', async () => {
    const wd = new WikidataAuthority({ endpoint: base, timeoutMs: 1000 });
    await expect(wd.search('broken', { language: 'en', limit: 5 })).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('resolver with the Wikidata stand-in', () => {
  function setup(networkLookups: boolean, timeoutMs = 1000) {
    const store = new InMemoryGraphStore();
    const clock = fixedClock();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    const authority = new WikidataAuthority({ endpoint: base, timeoutMs });
    return { graph, resolver: createResolver({ store, clock, authority, settings: { networkLookups, authorityTimeoutMs: 5000 } }) };
  }
  const allow = { allowed_sources: ['local' as const, 'wikidata' as const] };

  it('links a local entity through its authority id, and reports an unknown one from Wikidata', async () => {
    const { graph, resolver } = setup(true);
    const res = await resolver.resolve({ subject: 'Stripe', constraints: allow });
    expect(res.status).toBe('resolved');
    expect(res.entity).toMatchObject({ id: 'Q7624104', source: 'wikidata', uri: 'http://www.wikidata.org/entity/Q7624104' });
    const local = await graph.createEntity({ name: 'Stripe', type: 'company', authorityId: 'Q7624104' });
    const again = await resolver.resolve({
      subject: 'Stripe',
      constraints: { ...allow, require_authority: true },
      debug: { include_explanations: true },
    });
    expect(again.entity).toMatchObject({ id: local.id, source: 'local' });
    expect(again.explanations?.[0]?.features.authority_id).toBe(1);
    expect(again.resolution_path.find((s) => s.phase === 'authority')).toMatchObject({ action: 'search', source: 'wikidata' });
  });

  it('gives status error with code timeout when Wikidata does not answer', async () => {
    const { resolver } = setup(true, 150);
    const res = await resolver.resolve({ subject: 'slow', constraints: allow });
    expect(res).toMatchObject({ status: 'error', error: { code: 'timeout' } });
  });

  it('gives status error with code unavailable on a 5xx', async () => {
    const { resolver } = setup(true);
    const res = await resolver.resolve({ subject: 'broken', constraints: allow });
    expect(res).toMatchObject({ status: 'error', error: { code: 'unavailable' } });
  });

  it('never calls Wikidata while network look-ups are off, even when the request allows it', async () => {
    const { resolver } = setup(false);
    const before = seen.length;
    const res = await resolver.resolve({ subject: 'Stripe', constraints: allow });
    expect(seen.length).toBe(before);
    expect(res.status).toBe('not_found');
    expect(res.resolution_path.find((s) => s.phase === 'authority')).toMatchObject({ action: 'skipped' });
  });

  it('never calls Wikidata when the request does not allow it', async () => {
    const { resolver } = setup(true);
    const before = seen.length;
    await resolver.resolve({ subject: 'Stripe' });
    expect(seen.length).toBe(before);
  });
});
