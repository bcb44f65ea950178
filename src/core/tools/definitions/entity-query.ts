/**
 * `entity_query`: a natural-language question answered from stored facts by the
 * query loop (`core/query`): the symbolic answerer offline, or the configured LLM
 * with the symbolic answer as fallback. Answers `entities` + `answer` and
 * adds confidence, sources (entities and the pages of their evidence), claims (each value
 * with the pages and sentences stating it) and follow-ups.
 */
import { z } from 'zod';
import { MAX_URL_LENGTH } from '../../capture-limits';
import { systemClock } from '../../graph/ids';
import { isEntityType } from '../../graph/types';
import { answerQuestion, createQueryEngine } from '../../query/entity-query';
import { nameIndexSearch } from '../../query/name-index-search';
import type { QueryEngine } from '../../query/query-engine';
import { defineTool } from '../registry';
import type { GraphToolDeps } from '../deps';
import { entityTypeSchema, outputAttributesSchema } from './shared';

export const entityQuery = defineTool({
  name: 'entity_query',
  description:
    'Query the knowledge graph with a natural language question. The question is matched against entity names, types, attributes, and relationships; the answer is built only from stored facts.',
  sideEffectClass: 'read-only',
  tags: ['graph', 'read'],
  inputSchema: z.object({
    question: z.string().min(1, 'must not be empty').max(2000, 'must be at most 2000 characters').describe('Natural language question'),
    page_url: z
      .string()
      .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
      .optional()
      .describe('Extension: the page the question is asked from ("what did I capture from this page?")'),
  }),
  outputSchema: z.object({
    entities: z
      .array(
        z.object({
          name: z.string().describe('Entity name'),
          entity_type: entityTypeSchema,
          attributes: outputAttributesSchema,
          relationships: z
            .array(z.object({ to: z.string().describe('Target entity name'), relationship: z.string().describe('Label') }))
            .describe('Outgoing relationships'),
        }),
      )
      .describe('The entities the answer is about'),
    answer: z.string().describe('A plain answer built only from stored facts'),
    blocks: z
      .array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('paragraph'), text: z.string() }),
          z.object({ kind: z.literal('list'), items: z.array(z.string()) }),
        ]),
      )
      .optional()
      .describe('The answer as paragraphs and lists of plain text (the same words as `answer`), when it has that structure'),
    confidence: z.enum(['high', 'medium', 'low']).optional().describe('How well the stored facts answer the question'),
    sources: z
      .array(
        z.object({
          entityId: z.string().describe('Id of a cited entity'),
          name: z.string().describe('Its name'),
          type: z.string().describe('Its entity type'),
          pages: z
            .array(
              z.object({
                url: z.string(),
                title: z.string(),
                sentence: z.string().optional().describe("The page's sentence that states what the answer says of it"),
              }),
            )
            .describe('Pages its evidence came from'),
        }),
      )
      .optional()
      .describe('Entities the answer cites, with the pages of their evidence'),
    claims: z
      .array(
        z.object({
          value: z.string().describe('One value the answer gives'),
          entityId: z.string().optional().describe('Id of the entity the value is, when it is one'),
          basis: z
            .enum(['fact', 'sentence'])
            .describe('fact: a stored typed relationship or attribute; sentence: read from a page sentence'),
          pages: z
            .array(z.object({ url: z.string(), title: z.string(), sentence: z.string().optional() }))
            .describe('Pages stating it, each with the sentence that does'),
        }),
      )
      .optional()
      .describe('Each value of the answer with its own citations'),
    follow_ups: z.array(z.string()).optional().describe('1-3 suggested follow-up questions'),
    notices: z.array(z.string()).optional().describe('Notices, e.g. that the LLM was unreachable and the offline answerer replied'),
    query_id: z.string().optional().describe('Id of the stored query (history)'),
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
        answer:
          'Stripe is a payments company founded in 2010, headquartered in San Francisco. It uses Rust, acquired Paystack, and competes with Square.',
      },
    },
  ],
  execute: async (input, ctx: { deps: GraphToolDeps; streamContent?: (chunk: string) => void; signal?: AbortSignal }) => {
    const { deps } = ctx;
    const result = await answerQuestion(
      input.question,
      { engine: engineOf(deps), store: deps.store },
      {
        ...(ctx.streamContent ? { onToken: ctx.streamContent } : {}),
        ...(input.page_url === undefined ? {} : { pageUrl: input.page_url }),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      },
    );
    return {
      entities: result.entities.map((e) => ({
        ...e,
        entity_type: isEntityType(e.entity_type) ? e.entity_type : 'other',
        attributes: { ...e.attributes },
        relationships: [...e.relationships],
      })),
      answer: result.answer,
      ...(result.blocks
        ? {
            blocks: result.blocks.map((b) =>
              b.kind === 'paragraph' ? { kind: b.kind, text: b.text } : { kind: b.kind, items: [...b.items] },
            ),
          }
        : {}),
      confidence: result.confidence,
      sources: result.sources.map((s) => ({
        entityId: s.entityId,
        name: s.name,
        type: s.type,
        pages: s.pages.map(pageOut),
      })),
      ...(result.claims
        ? {
            claims: result.claims.map((c) => ({
              value: c.value,
              ...(c.entityId === undefined ? {} : { entityId: c.entityId }),
              basis: c.basis,
              pages: c.pages.map(pageOut),
            })),
          }
        : {}),
      follow_ups: [...result.follow_ups],
      ...(result.notices ? { notices: [...result.notices] } : {}),
      query_id: result.query_id,
    };
  },
});

/** A cited page as the output schema has it (its sentence only when there is one). */
function pageOut(p: { readonly url: string; readonly title: string; readonly sentence?: string }) {
  return { url: p.url, title: p.title, ...(p.sentence === undefined ? {} : { sentence: p.sentence }) };
}

/** The injected engine, or an offline one over the same store and name index. */
function engineOf(deps: GraphToolDeps): QueryEngine {
  return (
    deps.queryEngine ??
    createQueryEngine({ store: deps.store, clock: deps.clock ?? systemClock, nameSearch: nameIndexSearch(deps.search, deps.store) })
  );
}
