/** `entity_visualize`: the graph, or a subset, as Mermaid `graph LR` text. */
import { z } from 'zod';
import { renderMermaid } from '../../mermaid/render';
import { DEFAULT_NODE_BUDGET, MAX_NODE_BUDGET, selectDiagram } from '../../mermaid/select';
import { normalizeLabel } from '../../text/normalize';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entityTypeSchema, nameSchema, resolveEntity } from './shared';

export const entityVisualize = defineTool({
  name: 'entity_visualize',
  description: `Generate a Mermaid diagram (graph LR) of the knowledge graph or a subset: around one entity (depth 1-2), only some entity types or relationship labels. At most \`budget\` entities are drawn (default ${DEFAULT_NODE_BUDGET}, most connected first); \`note\` says what was left out. Node ids are generated and every label is escaped.`,
  sideEffectClass: 'read-only',
  tags: ['graph', 'read', 'diagram'],
  inputSchema: z.object({
    around: nameSchema('Draw the neighbourhood of this entity (name or id)').optional(),
    depth: z.number().int().min(1).max(2).optional().describe('Hops around `around` (1 or 2, default 1)'),
    types: z.array(entityTypeSchema).max(6).optional().describe('Only entities of these types'),
    relations: z.array(z.string().min(1).max(80)).max(20).optional().describe('Only relationships with these labels'),
    budget: z.number().int().min(1).max(MAX_NODE_BUDGET).optional().describe(`Entities drawn at most (default ${DEFAULT_NODE_BUDGET})`),
  }),
  outputSchema: z.object({
    mermaid: z.string().describe('Mermaid flowchart text'),
    note: z.string().optional().describe('What was left out, if anything'),
  }),
  examples: [
    {
      input: {},
      output: {
        mermaid:
          'graph LR\n  n0["Rust<br/>(technology)"]\n  n1["Stripe<br/>(company)"]\n  n2["Tokio<br/>(technology)"]\n  n3["Mozilla<br/>(company)"]\n  n1 -->|"uses"| n0\n  n2 -->|"part_of"| n0\n  n0 -->|"created_by"| n3',
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const around = input.around === undefined ? undefined : (await resolveEntity(ctx.deps, input.around, 'around')).id;
    const { diagram, note } = await selectDiagram(ctx.deps.store, {
      ...(around === undefined ? {} : { around }),
      ...(input.depth === undefined ? {} : { depth: input.depth }),
      ...(input.types === undefined ? {} : { types: input.types }),
      ...(input.relations === undefined ? {} : { relations: input.relations.map((r) => normalizeLabel(r)) }),
      ...(input.budget === undefined ? {} : { budget: input.budget }),
    });
    return { mermaid: renderMermaid(diagram), ...(note === undefined ? {} : { note }) };
  },
});
