/**
 * The `resolve` tool: the resolver behind the
 * registry's call boundary, for the side panel, the query loop's LLM and MCP.
 * Read-only: it never writes the graph (ingestion decides what to write).
 */
import { defineTool } from '../registry';
import type { Resolver } from '../../resolve/resolver';
import { resolveRequestSchema, resolveResponseSchema } from '../../resolve/schema';

export interface ResolveToolDeps {
  readonly resolver: Resolver;
}

const meta = { request_id: 'res_0123456789abcdef', timestamp: '2026-01-01T00:00:00.000Z', duration_ms: 1 };

/**
 * @example
 *   registry.register(resolveTool);
 *   await registry.call('resolve', { subject: 'Stripe, Inc.' }, { caller: { kind: 'extension' } });
 */
export const resolveTool = defineTool({
  name: 'resolve',
  description:
    'Find which entity of the knowledge graph a name refers to. Returns status resolved (with the entity), ' +
    'ambiguous (with candidates to choose from and the reason), not_found, or error, plus the resolution path. ' +
    'Looks only in the local graph unless constraints.allowed_sources includes "wikidata" and network look-ups are on.',
  inputSchema: resolveRequestSchema,
  outputSchema: resolveResponseSchema,
  sideEffectClass: 'read-only',
  tags: ['graph', 'resolve'],
  executionMode: 'parallel',
  preferredModel: 'fast',
  examples: [
    {
      description: 'A known company under its legal name',
      input: { subject: 'Stripe, Inc.', hints: { expected_type: 'company' } },
      output: {
        status: 'resolved',
        entity: {
          id: 'e_000001',
          label: 'Stripe',
          type: 'company',
          source: 'local',
          uri: 'https://stripe.com',
          attributes: { url: 'https://stripe.com' },
        },
        confidence: 0.9991,
        candidates: [],
        resolution_path: [
          { phase: 'normalize', action: 'normalized', source: 'resolver', note: '"Stripe, Inc." → "stripe"; expected type company' },
          { phase: 'retrieve', action: 'blocking_lookup', source: 'local', note: '1 candidate(s) (1 by exact key) from 2 index keys' },
          { phase: 'score', action: 'logistic', source: 'resolver', note: '1 scored, 1 ≥ min_confidence 0.5; top "Stripe" 0.999' },
          { phase: 'decide', action: 'resolved', source: 'resolver', note: 'top 0.999 ≥ auto_accept_threshold 0.85' },
        ],
        meta,
      },
    },
    {
      description: 'A homonym: the caller must choose',
      input: { subject: 'Mercury' },
      output: {
        status: 'ambiguous',
        confidence: 0.9961,
        candidates: [
          { id: 'e_000002', label: 'Mercury', type: 'location', source: 'local', confidence: 0.9961 },
          { id: 'e_000003', label: 'Mercury', type: 'company', source: 'local', confidence: 0.9961 },
        ],
        ambiguity: { reason: '2 candidates are about equally likely (log-odds within 2)', dimension: 'type' },
        resolution_path: [
          { phase: 'normalize', action: 'normalized', source: 'resolver', note: '"Mercury" → "mercury"' },
          { phase: 'retrieve', action: 'blocking_lookup', source: 'local', note: '2 candidate(s) (2 by exact key) from 2 index keys' },
          { phase: 'score', action: 'logistic', source: 'resolver', note: '2 scored, 2 ≥ min_confidence 0.5; top "Mercury" 0.996' },
          { phase: 'decide', action: 'ambiguous', source: 'resolver', note: 'top 0.996 is not clearly ahead' },
        ],
        meta,
      },
    },
  ],
  async execute(input, ctx: { deps: ResolveToolDeps; signal?: AbortSignal }) {
    return ctx.deps.resolver.resolve(input, {}, ctx.signal);
  },
});
