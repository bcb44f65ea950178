/**
 * InfoCapabilities: the declarative list of what an answerer may ask for.
 * Every parameter that names something is constrained to values the context holds
 * (entity ids, types, scopes), so a model cannot ask about an entity it invented;
 * `validateInfoRequest` rejects anything else and the loop then forces an answer.
 */
import type { InfoRequest } from './query-response';
import { ownValue } from '../records';

interface ParamBase {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
}
/** One entity id out of `allowed`. */
export interface EntityIdParam extends ParamBase {
  readonly kind: 'entityId';
  readonly allowed: readonly string[];
}
/** A non-empty list of distinct entity ids out of `allowed`. */
export interface EntityIdsParam extends ParamBase {
  readonly kind: 'entityIds';
  readonly allowed: readonly string[];
  readonly maxItems: number;
}
export interface EnumParam extends ParamBase {
  readonly kind: 'enum';
  readonly allowed: readonly string[];
}
/** Free text (a name or a search query): the only unconstrained kind, and bounded. */
export interface TextParam extends ParamBase {
  readonly kind: 'text';
  readonly maxLength: number;
}
export interface IntegerParam extends ParamBase {
  readonly kind: 'integer';
  readonly min: number;
  readonly max: number;
}
export type CapabilityParam = EntityIdParam | EntityIdsParam | EnumParam | TextParam | IntegerParam;

export interface InfoCapability {
  readonly id: string;
  readonly description: string;
  readonly parameters: readonly CapabilityParam[];
}

export interface ValidationResult {
  readonly valid: boolean;
  readonly errors: readonly string[];
}

/**
 * A parameter naming one entity the context holds.
 *
 * @example
 *   createEntityIdParam('entityId', 'Entity to expand', context.expandableEntityIds)
 */
export function createEntityIdParam(name: string, description: string, allowed: readonly string[], required = true): EntityIdParam {
  return { kind: 'entityId', name, description, required, allowed: [...allowed] };
}
export function createEntityIdsParam(name: string, description: string, allowed: readonly string[], maxItems: number): EntityIdsParam {
  return { kind: 'entityIds', name, description, required: true, allowed: [...allowed], maxItems };
}
export function createEnumParam(name: string, description: string, allowed: readonly string[], required = true): EnumParam {
  return { kind: 'enum', name, description, required, allowed: [...allowed] };
}
export function createTextParam(name: string, description: string, maxLength: number, required = true): TextParam {
  return { kind: 'text', name, description, required, maxLength };
}
export function createIntegerParam(name: string, description: string, min: number, max: number): IntegerParam {
  return { kind: 'integer', name, description, required: false, min, max };
}

export function getCapabilityById(capabilities: readonly InfoCapability[], id: string): InfoCapability | undefined {
  return capabilities.find((c) => c.id === id);
}

// Error messages quote at most this much of what the answerer sent.
const QUOTE = 80;
const quote = (value: unknown): string => JSON.stringify(value)?.slice(0, QUOTE) ?? String(value);

/**
 * Checks a request against the capability it names.
 *
 * @example
 *   validateInfoRequest({ capabilityId: 'EXPAND_ENTITY', parameters: { entityId: 'e_x' } }, cap)
 *   // → { valid: false, errors: ['Invalid entity ID: "e_x" is not in the context'] }
 */
export function validateInfoRequest(request: InfoRequest, capability: InfoCapability | undefined): ValidationResult {
  if (request.parseError !== undefined) return { valid: false, errors: [request.parseError] };
  if (!capability) {
    return {
      valid: false,
      errors: [`Unknown capability ${quote(request.capabilityId)}: only the offered read-only capabilities can be used.`],
    };
  }
  const errors: string[] = [];
  const known = new Set(capability.parameters.map((p) => p.name));
  for (const key of Object.keys(request.parameters)) {
    if (!known.has(key)) errors.push(`Unknown parameter ${quote(key)} for ${capability.id}.`);
  }
  for (const param of capability.parameters) {
    const value = ownValue(request.parameters, param.name);
    if (value === undefined || value === null) {
      if (param.required) errors.push(`Missing parameter "${param.name}" for ${capability.id}.`);
      continue;
    }
    errors.push(...checkParam(param, value));
  }
  return { valid: errors.length === 0, errors };
}

function checkParam(param: CapabilityParam, value: unknown): string[] {
  switch (param.kind) {
    case 'entityId':
      if (typeof value !== 'string' || !param.allowed.includes(value)) {
        return [`Invalid entity ID: ${quote(value)} is not in the context (parameter "${param.name}").`];
      }
      return [];
    case 'entityIds': {
      if (!Array.isArray(value) || value.length === 0) return [`Parameter "${param.name}" must be a non-empty list of entity ids.`];
      if (value.length > param.maxItems) return [`Parameter "${param.name}" takes at most ${param.maxItems} ids, got ${value.length}.`];
      const bad = value.filter((v) => typeof v !== 'string' || !param.allowed.includes(v));
      if (bad.length > 0) return [`Invalid entity ID: ${quote(bad[0])} is not in the context (parameter "${param.name}").`];
      if (new Set(value).size !== value.length) return [`Parameter "${param.name}" repeats an id.`];
      return [];
    }
    case 'enum':
      if (typeof value !== 'string' || !param.allowed.includes(value)) {
        return [`Invalid value ${quote(value)} for "${param.name}": expected one of ${param.allowed.join(', ')}.`];
      }
      return [];
    case 'text':
      if (typeof value !== 'string' || value.trim().length === 0) return [`Parameter "${param.name}" must be non-empty text.`];
      if (value.length > param.maxLength) return [`Parameter "${param.name}" is longer than ${param.maxLength} characters.`];
      return [];
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < param.min || value > param.max) {
        return [`Parameter "${param.name}" must be an integer from ${param.min} to ${param.max}.`];
      }
      return [];
  }
}

/** A JSON Schema (draft 2020-12 subset) value, as function-calling APIs expect. */
export type JsonSchema = { readonly [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * The parameters of a capability as a JSON Schema object, with the allowed values as
 * enums: what LLM answerers offer as a function tool.
 */
export function capabilityJsonSchema(capability: InfoCapability): JsonSchema {
  const properties: Record<string, JsonValue> = Object.fromEntries(capability.parameters.map((p) => [p.name, paramSchema(p)]));
  return {
    type: 'object',
    properties,
    required: capability.parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/**
 * Ids listed in one tool's JSON-schema enum at most. The same ids repeat across
 * several tools, so a full list would crowd out the data itself (the budget is ≤ 2,000
 * prompt tokens per call, `prompt.ts`). The first ids are the most relevant (context order);
 * `validateInfoRequest` still accepts every id the context holds and nothing else.
 */
export const MAX_SCHEMA_ENUM_IDS = 20;

function paramSchema(p: CapabilityParam): JsonValue {
  switch (p.kind) {
    case 'entityId':
      return { type: 'string', description: idDescription(p), enum: p.allowed.slice(0, MAX_SCHEMA_ENUM_IDS) };
    case 'enum':
      return { type: 'string', description: p.description, enum: [...p.allowed] };
    case 'entityIds':
      return {
        type: 'array',
        description: idDescription(p),
        items: { type: 'string', enum: p.allowed.slice(0, MAX_SCHEMA_ENUM_IDS) },
        minItems: 1,
        maxItems: p.maxItems,
        uniqueItems: true,
      };
    case 'text':
      return { type: 'string', description: p.description, minLength: 1, maxLength: p.maxLength };
    case 'integer':
      return { type: 'integer', description: p.description, minimum: p.min, maximum: p.max };
  }
}

function idDescription(p: { readonly description: string; readonly allowed: readonly string[] }): string {
  return p.allowed.length > MAX_SCHEMA_ENUM_IDS
    ? `${p.description} (the most relevant ids are listed; any entity id in the graph data is accepted)`
    : p.description;
}

/** A stable key for a request (same capability and parameters → same key). */
export function requestKey(request: InfoRequest): string {
  // The model's parameter names: own entries only, sorted by name.
  const params = Object.entries(request.parameters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${request.capabilityId}:${JSON.stringify(params)}`;
}
