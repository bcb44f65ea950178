/** `entity_query` (seed 003): a natural-language question answered from stored facts. */
import { z } from 'zod';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { answerQuestion } from '../query-answer';
import { entityTypeSchema, outputAttributesSchema } from './shared';

export const entityQuery = defineTool({
  name: 'entity_query',
  description:
    'Query the knowledge graph with a natural language question. The question is matched against entity names, types, attributes, and relationships; the answer is built only from stored facts.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({
    question: z.string().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters').describe('Natural language question'),
  }),
  outputSchema: z.object({
    entities: z
      .array(
        z.object({
          name: z.string().describe('Entity name'),
          entity_type: entityTypeSchema,
          attributes: outputAttributesSchema,
          relationships: z.array(z.object({ to: z.string().describe('Target entity name'), relationship: z.string().describe('Label') })).describe('Outgoing relationships'),
        }),
      )
      .describe('The entities the answer is about'),
    answer: z.string().describe('A plain answer built only from stored facts'),
  }),
  examples: [
    {
      input: { question: 'what do we know about Stripe?' },
      output: {
        entities: [
          {
            name: 'Stripe',
            entity_type: 'company',
            attributes: { founded: '2010', headquarters: 'San Francisco', industry: 'payments', url: 'https://stripe.com' },
            relationships: [
              { to: 'Rust', relationship: 'uses' },
              { to: 'Paystack', relationship: 'acquired' },
              { to: 'Patrick Collison', relationship: 'employs' },
              { to: 'Square', relationship: 'competes_with' },
            ],
          },
        ],
        answer: 'Stripe is a payments company founded in 2010, headquartered in San Francisco. It uses Rust, acquired Paystack, and competes with Square.',
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps }) => {
    const answer = ctx.deps.answerQuestion ?? answerQuestion;
    const result = await answer(input.question, ctx.deps);
    return { entities: result.entities, answer: result.answer };
  },
});
