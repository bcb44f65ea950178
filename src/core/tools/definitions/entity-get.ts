/** `entity_get`: one entity with its relationships, evidence and pages (the side panel's entity page). */
import { z } from 'zod';
import type { EntityId } from '../../graph/ids';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entitySchema, nameSchema, resolveEntity, toEntityView } from './shared';

/** Relationships, evidence rows and pages returned at most each. */
const MAX_ITEMS = 200;

export const entityGet = defineTool({
  name: 'entity_get',
  description:
    'Everything stored about one entity: its fields, its relationships (both directions), the evidence for it (page, title, snippet, time) and the pages it was seen on.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({ name: nameSchema('Entity name or id') }),
  outputSchema: z.object({
    entity: entitySchema,
    relationships: z.array(
      z.object({
        id: z.string().describe('Relationship id'),
        from: z.string().describe('Source entity name'),
        to: z.string().describe('Target entity name'),
        other_id: z.string().describe('Id of the entity at the other end'),
        relationship: z.string().describe('Label'),
        direction: z.enum(['incoming', 'outgoing']).describe('outgoing: this entity is the source'),
      }),
    ),
    evidence: z.array(
      z.object({
        kind: z.string().describe('mention, relationship, alias, attribute or clip'),
        page_url: z.string().describe('Where it was read'),
        page_title: z.string().describe('Title of that page'),
        snippet: z.string().describe('The passage it was read from (untrusted page text)'),
        captured_at: z.number().describe('Epoch milliseconds'),
      }),
    ),
    pages: z.array(
      z.object({
        url: z.string().describe('Page URL'),
        title: z.string().describe('Page title'),
        captured_at: z.number().describe('Epoch milliseconds'),
      }),
    ),
  }),
  examples: [
    {
      input: { name: 'Rust' },
      output: {
        entity: {
          id: 'e_000002',
          name: 'Rust',
          entity_type: 'technology',
          aliases: [],
          attributes: {},
          mention_count: 1,
          created_at: 0,
          updated_at: 0,
        },
        relationships: [{ id: 'r_000003', from: 'Stripe', to: 'Rust', other_id: 'e_000001', relationship: 'uses', direction: 'incoming' }],
        evidence: [],
        pages: [],
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const { store } = ctx.deps;
    const entity = await resolveEntity(ctx.deps, input.name, 'name');
    const rels = await store.relationshipsOf(entity.id, 'both', MAX_ITEMS);
    const others = new Map((await store.getEntities(rels.map((r) => (r.from === entity.id ? r.to : r.from)))).map((e) => [e.id, e]));
    const nameOf = (id: EntityId): string => (id === entity.id ? entity.name : (others.get(id)?.name ?? id));
    const evidence = [...(await store.evidenceOfEntity(entity.id, MAX_ITEMS))];
    for (const r of rels) {
      if (evidence.length >= MAX_ITEMS) break;
      evidence.push(...(await store.evidenceOfRelationship(r.id, MAX_ITEMS - evidence.length)));
    }
    const pages = await store.pagesOfEntity(entity.id, MAX_ITEMS);
    return {
      entity: toEntityView(entity),
      relationships: rels.map((r) => ({
        id: r.id,
        from: nameOf(r.from),
        to: nameOf(r.to),
        other_id: r.from === entity.id ? r.to : r.from,
        relationship: r.label,
        direction: r.from === entity.id ? ('outgoing' as const) : ('incoming' as const),
      })),
      evidence: evidence.map((e) => ({
        kind: e.kind,
        page_url: e.pageUrl,
        page_title: e.pageTitle,
        snippet: e.snippet,
        captured_at: e.capturedAt,
      })),
      pages: pages.map((p) => ({ url: p.url, title: p.title, captured_at: p.capturedAt })),
    };
  },
});
