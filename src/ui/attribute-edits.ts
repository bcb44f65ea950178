/**
 * Attribute changes as the side panel shows and sends them: the entity editor's
 * `key: value` lines and the merge preview. Keys are the user's or a page's strings,
 * so records have no prototype and only own keys count (`toString`, `constructor`
 * and `__proto__` are attribute names like any other).
 */
import { emptyRecord, hasOwnKey, ownValue, setOwn } from '../core/records';

/**
 * `key: value` lines → attributes; lines without a colon are ignored.
 *
 * @example parseAttributeLines('founded: 2010\n__proto__: x') // { founded: '2010', __proto__: 'x' } (own keys)
 */
export function parseAttributeLines(text: string): Record<string, string> {
  const out = emptyRecord<string>();
  for (const line of text.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    if (key) setOwn(out, key, line.slice(at + 1).trim());
  }
  return out;
}

/**
 * The `attributes` of an `entity_update` that turns `before` into what `text` lists:
 * every listed key with its value, and `null` for each key of `before` no longer listed.
 *
 * @example attributePatch({ a: '1', toString: 'x' }, 'a: 2') // { toString: null, a: '2' }
 */
export function attributePatch(before: Readonly<Record<string, string>>, text: string): Record<string, string | null> {
  const next = parseAttributeLines(text);
  const patch = emptyRecord<string | null>();
  for (const key of Object.keys(before)) if (!hasOwnKey(next, key)) setOwn(patch, key, null);
  for (const [key, value] of Object.entries(next)) setOwn(patch, key, value);
  return patch;
}

/**
 * What merging B into A does to attributes: keys A gains, and shared keys whose
 * values differ (A keeps its own).
 */
export function attributeMergePreview(
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): { gained: string[]; kept: string[] } {
  const gained = Object.keys(b).filter((k) => !hasOwnKey(a, k));
  const kept = Object.keys(b).filter((k) => hasOwnKey(a, k) && ownValue(a, k) !== ownValue(b, k));
  return { gained, kept };
}
