/**
 * JSON out of a model's answer text: models often wrap it in a fenced code block even
 * when asked for JSON only. Shared by page reading and the chat client's JSON replies.
 *
 * @example
 *   parseJsonText('```json\n{"a": 1}\n```') // { a: 1 }
 *   parseJsonText('Sure! {"a": 1}')          // undefined
 */

/** JSON from a model's answer, tolerating a fenced code block around it; undefined when it is not JSON. */
export function parseJsonText(text: string): unknown {
  // No `\s*` before the capture (it would trade whitespace with it: polynomial on a long reply); trim() drops it.
  const fenced = /```(?:json)?([\s\S]*?)```/.exec(text);
  try {
    return JSON.parse((fenced?.[1] ?? text).trim());
  } catch {
    return undefined;
  }
}
