/**
 * The `resolve` contract: request and response schemas, with the field names agents
 * send and read (snake_case). `z.infer` of these schemas is the only source of
 * the request and response types.
 */
import { z } from 'zod';
import { ownRecordSchema } from '../records';
import { MAX_NAME_LENGTH } from '../graph/types';

export const RESOLVE_MODES = ['quick', 'ranked', 'llm_select', 'interactive', 'hybrid'] as const;
export type ResolveMode = (typeof RESOLVE_MODES)[number];

export const RESOLVE_STATUSES = ['resolved', 'ambiguous', 'not_found', 'error'] as const;
export type ResolveStatus = (typeof RESOLVE_STATUSES)[number];

/** Where the resolver may look. `local` is the user's graph; `wikidata` the authority. */
export const RESOLVE_SOURCES = ['local', 'wikidata'] as const;

/** Default confidence at or above which a match is accepted without asking. */
export const DEFAULT_AUTO_ACCEPT = 0.85;
/**
 * Default confidence under which a candidate is not worth showing at all: below even
 * odds a candidate is more likely another entity, and asking the user about it is noise.
 */
export const DEFAULT_MIN_CONFIDENCE = 0.5;
/** `max_candidates` when the request gives none. */
export const DEFAULT_MAX_CANDIDATES = 5;
/** Upper bound on `max_candidates`: more choices than this help no one. */
export const MAX_CANDIDATES_LIMIT = 25;

const unit = z.number().min(0).max(1);

export const resolveRequestSchema = z.object({
  subject: z.string().trim().min(1).max(MAX_NAME_LENGTH).describe('The entity to resolve (a name).'),
  context: z
    .object({
      realm: z.string().max(40).optional().describe('internal | external | news | music | geography | …'),
      provenance: z.string().max(80).optional().describe('Source of the query, e.g. user or system.'),
      time: z.string().max(40).optional().describe('ISO-8601 timestamp the subject is situated at.'),
      language: z.string().max(35).optional().describe('BCP-47 language tag.'),
    })
    .optional(),
  strategy: z
    .object({
      mode: z.enum(RESOLVE_MODES).optional().describe('quick | ranked | llm_select | interactive | hybrid (default ranked).'),
      use_embeddings: z.boolean().optional().describe('Add embedding similarity to the ranking.'),
      auto_accept_threshold: unit.optional().describe(`Confidence for auto-resolving (default ${DEFAULT_AUTO_ACCEPT}).`),
      interactive_below_threshold: z
        .boolean()
        .optional()
        .describe('Return candidates instead of auto-picking when confidence is low (default true).'),
      use_llm_fallback: z.boolean().optional().describe('Allow an LLM pass when ranking is inconclusive.'),
    })
    .optional(),
  constraints: z
    .object({
      deterministic: z.boolean().optional().describe('Same state and request → same response, request_id included.'),
      require_authority: z.boolean().optional().describe('Only accept an entity linked to a trusted authority.'),
      allowed_sources: z
        .array(z.enum(RESOLVE_SOURCES))
        .max(RESOLVE_SOURCES.length)
        .optional()
        .describe('local and/or wikidata (default local).'),
      max_candidates: z.number().int().min(1).max(MAX_CANDIDATES_LIMIT).optional().describe(`Default ${DEFAULT_MAX_CANDIDATES}.`),
      min_confidence: unit.optional().describe(`Candidates below this are dropped (default ${DEFAULT_MIN_CONFIDENCE}).`),
    })
    .optional(),
  hints: z
    .object({
      expected_type: z.string().max(40).optional().describe('company | person | technology | product | location | other.'),
      preferred_id: z.string().max(80).optional().describe('An entity id (or authority id) to prefer.'),
      aliases: z.array(z.string().min(1).max(MAX_NAME_LENGTH)).max(20).optional().describe('Other names of the subject.'),
    })
    .optional(),
  debug: z
    .object({
      include_explanations: z.boolean().optional().describe('Add per-feature scores.'),
      include_candidates: z.boolean().optional().describe('Return candidates even when resolved.'),
    })
    .optional(),
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

export const resolveCandidateSchema = z.object({
  id: z.string(),
  label: z.string(),
  type: z.string(),
  source: z.string(),
  confidence: unit,
});
export type ResolveCandidate = z.infer<typeof resolveCandidateSchema>;

export const RESOLVE_PHASES = ['normalize', 'retrieve', 'score', 'decide', 'authority', 'llm'] as const;
export type ResolvePhase = (typeof RESOLVE_PHASES)[number];

export const resolutionStepSchema = z.object({
  phase: z.enum(RESOLVE_PHASES),
  action: z.string(),
  source: z.string(),
  note: z.string(),
});
export type ResolutionStep = z.infer<typeof resolutionStepSchema>;

export const explanationSchema = z.object({
  id: z.string(),
  confidence: unit,
  features: z.record(z.string(), z.number()),
});
export type Explanation = z.infer<typeof explanationSchema>;

export const resolveResponseSchema = z.object({
  status: z.enum(RESOLVE_STATUSES),
  entity: z
    .object({
      id: z.string(),
      label: z.string(),
      type: z.string(),
      description: z.string().optional(),
      source: z.string(),
      uri: z.string().optional(),
      // The entity's attribute names: any string, `__proto__` included.
      attributes: ownRecordSchema(z.string(), z.string()).optional(),
    })
    .optional(),
  confidence: unit,
  candidates: z.array(resolveCandidateSchema),
  ambiguity: z.object({ reason: z.string(), dimension: z.string() }).optional(),
  resolution_path: z.array(resolutionStepSchema),
  meta: z.object({ request_id: z.string(), timestamp: z.string(), duration_ms: z.number().nonnegative() }),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Present when `debug.include_explanations`: per-candidate feature values. */
  explanations: z.array(explanationSchema).optional(),
});
export type ResolveResponse = z.infer<typeof resolveResponseSchema>;
