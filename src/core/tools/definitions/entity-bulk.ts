/**
 * `entity_bulk` and `bulk_undo`: delete, retype or merge many entities in one action,
 * applied whole, and undo it whole from the returned `undo_id`.
 */
import { z } from 'zod';
import { InvalidArgumentsError } from '../../errors';
import { MAX_BULK_ENTITIES, MAX_BULK_UNDOS } from '../../graph/bulk';
import { asEntityId } from '../../graph/ids';
import type { EntityId } from '../../graph/ids';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entityTypeSchema } from './shared';

const idSchema = z.string().min(1).max(80).describe('Entity id ("e_…")');

function entityIds(raw: readonly string[], role: string): EntityId[] {
  return raw.map((r) => {
    const id = asEntityId(r.trim());
    if (!id)
      throw new InvalidArgumentsError(
        `"${r.slice(0, 80)}" (${role}) is not an entity id (they look like "e_…"); find ids with entity_search.`,
      );
    return id;
  });
}

export const entityBulk = defineTool({
  name: 'entity_bulk',
  description: `Act on many entities at once, all or nothing: "delete" removes them with their relationships and evidence; "retype" gives them one type (entity_type); "merge" folds them all into one kept entity (into). Returns an undo_id: bulk_undo puts everything back (the last ${MAX_BULK_UNDOS} actions, while the extension runs).`,
  sideEffectClass: 'destructive',
  // The side panel's bulk bar only: agents act one entity at a time, each approved (docs/mcp.md).
  internal: true,
  tags: ['graph', 'write'],
  inputSchema: z.object({
    action: z.enum(['delete', 'retype', 'merge']).describe('What to do with the entities'),
    ids: z.array(idSchema).min(1).max(MAX_BULK_ENTITIES).describe(`The entities, by id (1–${MAX_BULK_ENTITIES})`),
    entity_type: entityTypeSchema.optional().describe('For "retype": the type they all get'),
    into: idSchema.optional().describe('For "merge": the id of the entity kept (the others fold into it)'),
  }),
  outputSchema: z.object({
    action: z.enum(['delete', 'retype', 'merge']).describe('What was done'),
    count: z.number().int().describe('Entities deleted, retyped or merged away'),
    names: z.array(z.string()).describe('Their names, in the order given'),
    merged_into: z.string().optional().describe('For "merge": the name of the entity kept'),
    undo_id: z.string().describe('Pass to bulk_undo to undo the whole action'),
  }),
  examples: [
    {
      input: { action: 'delete', ids: ['e_000004', 'e_000005'] },
      output: { action: 'delete', count: 2, names: ['Cookie banner', 'Sign up'], undo_id: 'b_1' },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const ids = entityIds(input.ids, 'ids');
    const { graph } = ctx.deps;
    const run = async () => {
      if (input.action === 'delete') return graph.bulkDelete(ids);
      if (input.action === 'retype') {
        if (input.entity_type === undefined) throw new InvalidArgumentsError('"retype" needs entity_type: the type the entities get.');
        return graph.bulkRetype(ids, input.entity_type);
      }
      const [into] = entityIds(input.into === undefined ? [] : [input.into], 'into');
      if (into === undefined) throw new InvalidArgumentsError('"merge" needs into: the id of the entity kept.');
      // The kept entity may be among the selection: the others fold into it.
      return graph.bulkMerge(
        into,
        ids.filter((id) => id !== into),
      );
    };
    const out = await run();
    return {
      action: out.action,
      count: out.entities.length,
      names: out.entities.map((e) => e.name),
      ...(out.into === undefined ? {} : { merged_into: out.into.name }),
      undo_id: out.undoId,
    };
  },
});

export const bulkUndo = defineTool({
  name: 'bulk_undo',
  description:
    'Undo a whole entity_bulk action from its undo_id: deleted entities come back with their relationships and evidence, retyped ones get their old type (unless changed again since), merged ones are separated again.',
  sideEffectClass: 'side-effecting',
  internal: true,
  tags: ['graph', 'write'],
  inputSchema: z.object({ undo_id: z.string().min(1).max(40).describe('The undo_id entity_bulk returned') }),
  outputSchema: z.object({
    action: z.enum(['delete', 'retype', 'merge']).describe('The action undone'),
    restored: z.number().int().describe('Entities put back as they were'),
    skipped: z.number().int().describe('Retyped entities changed again since, left as they are'),
  }),
  examples: [{ input: { undo_id: 'b_1' }, output: { action: 'delete', restored: 2, skipped: 0 } }],
  execute: async (input, ctx: { deps: GraphToolDeps }) => ctx.deps.graph.undoBulk(input.undo_id.trim()),
});
