/**
 * The derived lookup keys persisted on every entity (`Entity.keys`, multi-entry
 * indexed). They are the blocking indexes of retrieval: a resolver or a search
 * asks the store for entities sharing a key, never scans all entities.
 *
 *   n:<name key>    the normalized name
 *   a:<alias key>   each normalized alias
 *   t:<token>       each token of the name and aliases (2+ characters)
 *   x:<authority>   the authority id, e.g. x:Q123
 */
import { nameKey, tokens } from '../text/normalize';

export interface KeySource {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly authorityId?: string;
}

export function nameIndexKey(name: string): string {
  return `n:${nameKey(name)}`;
}
export function aliasIndexKey(alias: string): string {
  return `a:${nameKey(alias)}`;
}
export function tokenIndexKey(token: string): string {
  return `t:${token}`;
}
export function authorityIndexKey(id: string): string {
  return `x:${id}`;
}

/** All keys of an entity, deduplicated and sorted (stable for equality checks). */
export function indexKeys(source: KeySource): string[] {
  const keys = new Set<string>();
  keys.add(nameIndexKey(source.name));
  for (const tok of tokens(source.name)) if (tok.length >= 2) keys.add(tokenIndexKey(tok));
  for (const alias of source.aliases) {
    keys.add(aliasIndexKey(alias));
    for (const tok of tokens(alias)) if (tok.length >= 2) keys.add(tokenIndexKey(tok));
  }
  if (source.authorityId) keys.add(authorityIndexKey(source.authorityId));
  return [...keys].sort();
}
