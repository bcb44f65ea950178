/**
 * Unknown argument keys. A tool's zod input objects strip keys they do not declare,
 * so `{ center: 'Stripe' }` given to a tool that has no `center` ran as if nothing had
 * been asked (entity_visualize drew the whole graph). The registry refuses such keys
 * instead: this walks the arguments beside the input's JSON Schema (the schema callers
 * are shown) and names every key no object there declares, at any depth. Objects that
 * take any key (records, `looseObject`, `catchall`) declare `additionalProperties` in
 * that schema and are walked by it.
 *
 * @example
 *   unknownKeys({ type: 'object', properties: { entity: {} } }, { entity: 'Stripe', center: 'x' }) // ['center']
 */
import { ownValue } from '../records';

/** Paths reported at most: enough to correct a call, bounded for a hostile one. */
const MAX_REPORTED = 10;

type JsonSchema = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `#/$defs/Name` (what zod's `toJSONSchema` emits for shared and recursive schemas) or `#` for the root. */
function deref(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (ref === '#') return root;
  const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
  const defs = root.$defs;
  if (match?.[1] === undefined || !isRecord(defs)) return undefined;
  const target = ownValue(defs, match[1]);
  return isRecord(target) ? target : undefined;
}

function walk(schemaIn: unknown, value: unknown, path: string, root: JsonSchema, out: string[]): void {
  if (out.length >= MAX_REPORTED || !isRecord(schemaIn)) return;
  const schema = deref(schemaIn, root);
  if (schema === undefined) return;
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (branches !== undefined) {
    // A union: the value is fine if one branch knows all its keys; else report against the first branch.
    const found = branches.map((branch) => {
      const within: string[] = [];
      walk(branch, value, path, root, within);
      return within;
    });
    if (!found.some((keys) => keys.length === 0)) out.push(...(found[0] ?? []).slice(0, MAX_REPORTED - out.length));
    return;
  }
  // An intersection: each part declares only its own keys, so none can judge alone; not checked.
  if (Array.isArray(schema.allOf)) return;
  if (Array.isArray(value)) {
    const items = schema.items;
    if (isRecord(items)) value.forEach((item, i) => walk(items, item, `${path}[${i}]`, root, out));
    return;
  }
  if (!isRecord(value)) return;
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  const additional = schema.additionalProperties;
  if (properties === undefined && additional === undefined) return; // not an object schema, or one that takes anything
  for (const [key, child] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (properties !== undefined && Object.hasOwn(properties, key)) walk(properties[key], child, at, root, out);
    else if (isRecord(additional)) walk(additional, child, at, root, out);
    else if (additional !== true) out.push(at);
    if (out.length >= MAX_REPORTED) return;
  }
}

/** The dotted paths of the keys in `args` that `schema` (a tool's input JSON Schema) does not declare; at most 10. */
export function unknownKeys(schema: JsonSchema, args: unknown): string[] {
  const out: string[] = [];
  walk(schema, args, '', schema, out);
  return out;
}
