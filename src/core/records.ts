/**
 * Records keyed by strings from outside (a page, a file, a model, the user), where
 * `__proto__`, `constructor` and `toString` are ordinary keys (strings from outside are
 * data, never keys into plain objects).
 *
 * A plain `{}` inherits from `Object.prototype`: `rec[key]` reads a function for
 * `constructor`, `key in rec` is true for `toString`, and `rec['__proto__'] = v` sets
 * the prototype instead of storing a key. The helpers here build null-prototype
 * records, write with `Object.defineProperty` and read own keys only, so any string
 * is data. `ownRecordSchema` is `z.record` without its one gap: zod drops a
 * `__proto__` key from what it parses.
 */
import { z } from 'zod';

/**
 * An empty record with no prototype: nothing is inherited, every key is a key.
 *
 * @example
 *   const counts = emptyRecord<number>(); counts['constructor'] = 1; // an ordinary key
 */
export function emptyRecord<V>(): Record<string, V> {
  return Object.create(null);
}

/** True when `key` is the record's own key (never an inherited `toString` or `constructor`). */
export function hasOwnKey(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/**
 * The record's own value at `key`, or `undefined` (never something inherited).
 *
 * @example ownValue({ a: 1 }, 'constructor') // undefined
 */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Stores `value` under `key` as an own property, `__proto__` included (a plain
 * assignment of `__proto__` would change the prototype instead).
 */
export function setOwn<V>(record: Record<string, V>, key: string, value: NoInfer<V>): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Removes the own key `key` (an inherited property is never touched). */
export function deleteOwn<V>(record: Record<string, V>, key: string): void {
  if (Object.hasOwn(record, key)) Reflect.deleteProperty(record, key);
}

/**
 * A null-prototype record of `entries`; a later entry replaces an earlier one.
 *
 * @example Object.keys(recordFrom([['__proto__', 'x']])) // ['__proto__']
 */
export function recordFrom<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out = emptyRecord<V>();
  for (const [key, value] of entries) setOwn(out, key, value);
  return out;
}

/** A null-prototype copy of the record's own enumerable keys (`__proto__` kept). */
export function copyRecord<V>(record: Readonly<Record<string, V>>): Record<string, V> {
  return recordFrom(Object.entries(record));
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/**
 * A `z.record` of `keySchema` to `valueSchema` that keeps every key, `__proto__`
 * included, and returns a null-prototype record. Its JSON Schema (what a model or an
 * MCP client is shown) is that record's, as input; so is the error for a bad key or
 * value (same path, same message).
 *
 * @example
 *   ownRecordSchema(z.string(), z.string()).parse(JSON.parse('{"__proto__":"x"}')) // { __proto__: 'x' } (own key)
 */
export function ownRecordSchema<V extends z.ZodType>(keySchema: z.ZodType<string, string>, valueSchema: V, description?: string) {
  const shape = z.record(keySchema, valueSchema);
  const { $schema: _schema, ...json } = z.toJSONSchema(description === undefined ? shape : shape.describe(description), {
    io: 'input',
    unrepresentable: 'any',
  });
  return z
    .custom<Record<string, z.input<V>>>(isPlainRecord, { message: 'Invalid input: expected record' })
    .transform((input, ctx) => {
      const out = emptyRecord<z.output<V>>();
      for (const [rawKey, rawValue] of Object.entries(input)) {
        const key = keySchema.safeParse(rawKey);
        if (!key.success) {
          ctx.addIssue({ code: 'custom', message: 'Invalid key in record', path: [rawKey] });
          continue;
        }
        const value = valueSchema.safeParse(rawValue);
        if (!value.success) {
          for (const issue of value.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [rawKey, ...issue.path] });
          continue;
        }
        setOwn(out, key.data, value.data);
      }
      return out;
    })
    .meta(json);
}
