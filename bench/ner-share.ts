/**
 * Which recognizer named a stored entity (`bench/eval-ner-share.ts`): its name or an alias
 * among the spans the trained model alone and the rule recognizer alone found on the page.
 */
import type { Mention } from '../src/core/capture';
import type { Entity } from '../src/core/graph/types';
import { goldKey } from '../tooling/eval/page-score';

export const SOURCES = ['model and rules', 'model only', 'rules only', 'neither'] as const;
export type Source = (typeof SOURCES)[number];

/** Gold key of a surface → the types one recognizer gave it over the page, with counts. */
export function spansByKey(mentions: readonly Mention[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const m of mentions) {
    const key = goldKey(m.text);
    const types = out.get(key) ?? new Map<string, number>();
    types.set(m.type, (types.get(m.type) ?? 0) + 1);
    out.set(key, types);
  }
  return out;
}

/** The type a recognizer gave a key most often (ties: the first seen). */
function topType(types: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let count = 0;
  for (const [t, n] of types)
    if (n > count) {
      best = t;
      count = n;
    }
  return best;
}

/** Which recognizers name an entity, and whether the model's type is its stored type. */
export function sourceOf(
  entity: Pick<Entity, 'name' | 'aliases' | 'type'>,
  model: ReadonlyMap<string, ReadonlyMap<string, number>>,
  rules: ReadonlyMap<string, ReadonlyMap<string, number>>,
): { source: Source; modelType: boolean } {
  const keys = [entity.name, ...entity.aliases].map(goldKey);
  const modelKey = keys.find((k) => model.has(k));
  const byRules = keys.some((k) => rules.has(k));
  const modelTypes = modelKey === undefined ? undefined : model.get(modelKey);
  const modelType = modelTypes !== undefined && topType(modelTypes) === entity.type;
  if (modelKey !== undefined) return { source: byRules ? 'model and rules' : 'model only', modelType };
  return { source: byRules ? 'rules only' : 'neither', modelType };
}
