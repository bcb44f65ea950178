/** `entity_delete`: remove an entity with its relationships and evidence. */
import { z } from 'zod';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { nameSchema, resolveEntity } from './shared';

export const entityDelete = defineTool({
  name: 'entity_delete',
  description:
    'Delete an entity, its relationships and its evidence. Pages keep existing without it. This cannot be undone (merges can: prefer entity_merge for duplicates).',
  sideEffectClass: 'destructive',
  tags: ['graph', 'write'],
  inputSchema: z.object({ name: nameSchema('Entity name or id') }),
  outputSchema: z.object({
    deleted: z.string().describe('Name of the deleted entity'),
    id: z.string().describe('Its id'),
    relationships_removed: z.number().int().describe('Relationships removed with it'),
    evidence_removed: z.number().int().describe('Evidence rows removed with it'),
  }),
  examples: [
    { input: { name: 'Paystack' }, output: { deleted: 'Paystack', id: 'e_000004', relationships_removed: 1, evidence_removed: 0 } },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const entity = await resolveEntity(ctx.deps, input.name, 'name');
    const out = await ctx.deps.graph.deleteEntity(entity.id, { byUser: true });
    return { deleted: entity.name, id: entity.id, relationships_removed: out.relationshipsRemoved, evidence_removed: out.evidenceRemoved };
  },
});
