/** `entity_find_related`: entities connected to one, in both directions. */
import { z } from 'zod';
import { normalizeLabel } from '../../text/normalize';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { nameSchema, resolveEntity } from './shared';

/** Relationships listed at most (the result cap would cut more anyway). */
const MAX_RELATED = 500;

export const entityFindRelated = defineTool({
  name: 'entity_find_related',
  description:
    'Find all entities connected to a given entity through any relationship, in either direction. `direction` says whether the given entity is the source (outgoing) or the target (incoming) of the relationship. Incoming first, then outgoing, oldest first.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({
    name: nameSchema('Entity name (or id) to find connections for'),
    direction: z.enum(['incoming', 'outgoing', 'both']).optional().describe('Only this direction (default both)'),
    relationship: z.string().max(80).optional().describe('Only this relationship label'),
  }),
  outputSchema: z.object({
    entity: z.string().describe('The entity asked about'),
    related: z.array(
      z.object({
        name: z.string().describe('The connected entity'),
        relationship: z.string().describe('Relationship label'),
        direction: z.enum(['incoming', 'outgoing']).describe('outgoing: the given entity is the source'),
      }),
    ),
  }),
  examples: [
    {
      input: { name: 'Rust' },
      output: {
        entity: 'Rust',
        related: [
          { name: 'Stripe', relationship: 'uses', direction: 'incoming' },
          { name: 'Cloudflare', relationship: 'uses', direction: 'incoming' },
          { name: 'Tokio', relationship: 'part_of', direction: 'incoming' },
          { name: 'Mozilla', relationship: 'created_by', direction: 'outgoing' },
          { name: 'LLVM', relationship: 'depends_on', direction: 'outgoing' },
        ],
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const entity = await resolveEntity(ctx.deps, input.name, 'name');
    const direction = input.direction ?? 'both';
    const label = input.relationship === undefined ? undefined : normalizeLabel(input.relationship);
    const rels = (
      await ctx.deps.store.relationshipsOf(
        entity.id,
        direction === 'incoming' ? 'in' : direction === 'outgoing' ? 'out' : 'both',
        MAX_RELATED,
      )
    )
      .filter((r) => !label || r.label === label)
      .map((r) => ({ r, dir: r.to === entity.id ? ('incoming' as const) : ('outgoing' as const) }))
      .sort((a, b) => (a.dir === b.dir ? 0 : a.dir === 'incoming' ? -1 : 1) || a.r.createdAt - b.r.createdAt || (a.r.id < b.r.id ? -1 : 1));
    const others = new Map(
      (await ctx.deps.store.getEntities(rels.map(({ r, dir }) => (dir === 'incoming' ? r.from : r.to)))).map((e) => [e.id, e]),
    );
    const related = rels.flatMap(({ r, dir }) => {
      const other = others.get(dir === 'incoming' ? r.from : r.to);
      return other ? [{ name: other.name, relationship: r.label, direction: dir }] : [];
    });
    return { entity: entity.name, related };
  },
});
