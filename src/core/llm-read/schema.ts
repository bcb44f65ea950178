/**
 * What the model is asked to return when it reads a page, in two forms from one
 * source: the JSON schema sent to the provider's structured-output mechanism, and the
 * zod schema its answer is parsed with. Entities carry one of the graph's six types;
 * relations one label of the relation set and the exact sentence that states them.
 * The answer is untrusted: anything outside the schema fails the parse, and a parsed
 * answer is still only a claim until `verifyFindings` finds it in the page.
 *
 * @example
 *   const parsed = parseExtraction(JSON.parse(reply)); // { ok: true, value } | { ok: false, message }
 */
import { z } from 'zod';
import type { JsonSchema } from '../query/info-capability';
import { ENTITY_TYPES, MAX_NAME_LENGTH } from '../graph/types';

/**
 * The labels a model may relate entities with: the offline relation classifier's own
 * classes (`src/extract/relations/labels.ts`, checked equal by a test), so LLM and
 * offline findings land on the same relationship keys and the same question words.
 */
export const LLM_RELATION_LABELS = ['founded_by', 'located_in', 'works_for', 'subsidiary_of', 'develops', 'uses', 'spouse_of'] as const;
export type LlmRelationLabel = (typeof LLM_RELATION_LABELS)[number];

/** Entities and relations read from one chunk at most: a chunk is a few paragraphs. */
export const MAX_CHUNK_ENTITIES = 60;
export const MAX_CHUNK_RELATIONS = 60;
/** Aliases per entity at most (the capture contract's own bound). */
const MAX_ALIASES = 20;
/** A supporting sentence longer than this is not one sentence. */
export const MAX_SENTENCE_CHARS = 1_000;

const name = z.string().trim().min(1).max(MAX_NAME_LENGTH);

export const extractionSchema = z.object({
  entities: z
    .array(z.object({ name, type: z.enum(ENTITY_TYPES), aliases: z.array(name).max(MAX_ALIASES).default([]) }))
    .max(MAX_CHUNK_ENTITIES),
  relations: z
    .array(
      z.object({ from: name, label: z.enum(LLM_RELATION_LABELS), to: name, sentence: z.string().trim().min(1).max(MAX_SENTENCE_CHARS) }),
    )
    .max(MAX_CHUNK_RELATIONS),
});
export type Extraction = z.infer<typeof extractionSchema>;
export type ExtractedEntity = Extraction['entities'][number];
export type ExtractedRelation = Extraction['relations'][number];

/**
 * The same shape as a JSON schema (strict: no other keys), for `response_format`, Ollama's
 * `format` and `responseConstraint`. String lengths are left to the zod parse: not every
 * provider's strict mode accepts `maxLength` in a schema.
 */
export const EXTRACTION_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['entities', 'relations'],
  properties: {
    entities: {
      type: 'array',
      maxItems: MAX_CHUNK_ENTITIES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'aliases'],
        properties: {
          name: { type: 'string' },
          type: { type: 'string', enum: [...ENTITY_TYPES] },
          aliases: { type: 'array', maxItems: MAX_ALIASES, items: { type: 'string' } },
        },
      },
    },
    relations: {
      type: 'array',
      maxItems: MAX_CHUNK_RELATIONS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'label', 'to', 'sentence'],
        properties: {
          from: { type: 'string' },
          label: { type: 'string', enum: [...LLM_RELATION_LABELS] },
          to: { type: 'string' },
          sentence: { type: 'string' },
        },
      },
    },
  },
};

/** The schema's name where a provider asks for one (OpenAI's `json_schema.name`). */
export const EXTRACTION_SCHEMA_NAME = 'page_facts';

export type ParsedExtraction = { readonly ok: true; readonly value: Extraction } | { readonly ok: false; readonly message: string };

/** Parses a model's answer (already `JSON.parse`d) against the extraction schema. */
export function parseExtraction(raw: unknown): ParsedExtraction {
  const parsed = extractionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: `the answer does not fit the extraction schema (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`,
  };
}
