/**
 * Cleaning and bounding of what the graph service is asked to store. Everything
 * here may come from an untrusted page or a model: names, aliases, attribute keys
 * and values and snippets are cleaned (NFKC, invisible characters, white space)
 * and refused with `invalid_arguments` when empty or over their limit.
 */
import { InvalidArgumentsError } from '../errors';
import { emptyRecord, setOwn } from '../records';
import { cleanText, fold, nameKey, normalizeLabel } from '../text/normalize';
import { indexKeys } from './keys';
import { MAX_ALIASES, MAX_ATTRIBUTE_VALUE_LENGTH, MAX_LABEL_LENGTH, MAX_NAME_LENGTH } from './types';
import type { Entity } from './types';

/** Attribute keys are short identifiers (`founded`, `headquarters`); same bound as the capture schema. */
export const MAX_ATTRIBUTE_KEY_LENGTH = 80;
/** Enough for any real infobox; bounds the record size an untrusted page can cause. */
export const MAX_ATTRIBUTES = 100;
/** Descriptions are a sentence or two; same bound as the capture schema. */
export const MAX_DESCRIPTION_LENGTH = 1000;
/** Evidence snippets are one sentence or passage. */
export const MAX_SNIPPET_LENGTH = 400;
/** Page titles, as in the capture schema. */
export const MAX_TITLE_LENGTH = 1000;

/**
 * A name or alias, cleaned; refused when empty or longer than `MAX_NAME_LENGTH`.
 *
 * @example cleanName('  Stripe\u200b ') // 'Stripe'
 */
export function cleanName(raw: string, what = 'name'): string {
  const name = cleanText(raw);
  if (name.length === 0 || nameKey(name).length === 0) {
    throw new InvalidArgumentsError(`The ${what} is empty (or only punctuation); give a non-empty ${what}.`);
  }
  if (name.length > MAX_NAME_LENGTH) {
    throw new InvalidArgumentsError(`The ${what} is ${name.length} characters long; the limit is ${MAX_NAME_LENGTH}. Shorten it.`);
  }
  return name;
}

/** A relationship label in its normalized form (`Founded By` → `founded_by`). */
export function cleanLabel(raw: string): string {
  const label = normalizeLabel(raw);
  if (label.length === 0) {
    throw new InvalidArgumentsError('The relationship label is empty; give a label such as "uses" or "founded_by".');
  }
  if (label.length > MAX_LABEL_LENGTH) {
    throw new InvalidArgumentsError(`The relationship label is ${label.length} characters long; the limit is ${MAX_LABEL_LENGTH}.`);
  }
  return label;
}

/** An attribute key: cleaned, non-empty, bounded. Keys keep their case. */
export function cleanAttributeKey(raw: string): string {
  const key = cleanText(raw);
  if (key.length === 0) throw new InvalidArgumentsError('An attribute key is empty; give every attribute a name.');
  if (key.length > MAX_ATTRIBUTE_KEY_LENGTH) {
    throw new InvalidArgumentsError(`The attribute key "${key.slice(0, 40)}…" is longer than ${MAX_ATTRIBUTE_KEY_LENGTH} characters.`);
  }
  return key;
}

export function cleanAttributeValue(key: string, raw: string): string {
  const value = cleanText(raw);
  if (value.length > MAX_ATTRIBUTE_VALUE_LENGTH) {
    throw new InvalidArgumentsError(
      `The value of attribute "${key}" is ${value.length} characters long; the limit is ${MAX_ATTRIBUTE_VALUE_LENGTH}.`,
    );
  }
  return value;
}

/**
 * Attributes cleaned key by key; empty values are dropped (they carry no fact). The
 * result has no prototype: any key, `__proto__` included, is kept as a key.
 */
export function cleanAttributes(raw: Readonly<Record<string, string>>): Record<string, string> {
  const out = emptyRecord<string>();
  for (const [k, v] of Object.entries(raw)) {
    const key = cleanAttributeKey(k);
    const value = cleanAttributeValue(key, v);
    if (value.length > 0) setOwn(out, key, value);
  }
  if (Object.keys(out).length > MAX_ATTRIBUTES) {
    throw new InvalidArgumentsError(`Too many attributes (${Object.keys(out).length}); the limit is ${MAX_ATTRIBUTES}.`);
  }
  return out;
}

export function checkAttributeCount(attributes: Readonly<Record<string, string>>): void {
  const n = Object.keys(attributes).length;
  if (n > MAX_ATTRIBUTES) {
    throw new InvalidArgumentsError(`The entity would have ${n} attributes; the limit is ${MAX_ATTRIBUTES}.`);
  }
}

/**
 * Merges alias lists: cleaned, deduplicated case-insensitively, never equal to the
 * name, at most `MAX_ALIASES` (the most recent win, so the oldest are dropped).
 */
export function mergeAliases(name: string, existing: readonly string[], added: readonly string[]): string[] {
  const nameFold = fold(name);
  const seen = new Set<string>([nameFold]);
  const out: string[] = [];
  for (const raw of [...existing, ...added]) {
    const alias = cleanName(raw, 'alias');
    const f = fold(alias);
    if (seen.has(f)) continue;
    seen.add(f);
    out.push(alias);
  }
  return out.length > MAX_ALIASES ? out.slice(out.length - MAX_ALIASES) : out;
}

export function cleanDescription(raw: string): string | undefined {
  const text = cleanText(raw);
  if (text.length > MAX_DESCRIPTION_LENGTH) {
    throw new InvalidArgumentsError(`The description is ${text.length} characters long; the limit is ${MAX_DESCRIPTION_LENGTH}.`);
  }
  return text.length > 0 ? text : undefined;
}

/** Untrusted snippet text cut to its bound (cut, not refused: it is provenance, not a fact). */
export function cleanSnippet(raw: string, max = MAX_SNIPPET_LENGTH): string {
  const text = cleanText(raw);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The entity with its derived `keys` recomputed: call on every write. */
export function withKeys(entity: Omit<Entity, 'keys'> & { readonly keys?: readonly string[] }): Entity {
  return { ...entity, keys: indexKeys(entity) };
}
