/**
 * A simple NameSearch over the store's `t:` token keys: finds entities sharing words
 * with the query and scores them by how much of their name the query covers. The
 * extension injects its fuzzy NameIndex instead; this one serves tests, benchmarks
 * and the CLI, and needs no index of its own.
 */
import { tokenIndexKey } from '../graph/keys';
import type { GraphStore } from '../graph/store';
import type { Entity } from '../graph/types';
import { nameKey, tokens } from '../text/normalize';
import type { NameSearch } from './semantic-search.port';

// Question words and glue never identify an entity; matching them would flood results.
const STOPWORDS = new Set(
  (
    'a an and are as at be by can could did do does for from has have how i in is it its me my of on or our show ' +
    'tell that the their them these they this those to today us was we were what when where which who whom whose why ' +
    'with you your about know all any list most many connected related between capture captured page pages'
  ).split(' '),
);
// Per query word: more would mean the word is too common to help.
const CANDIDATES_PER_TOKEN = 200;
// A question has few content words; the rest is noise.
const MAX_QUERY_TOKENS = 12;

export function queryTokens(query: string): string[] {
  return [...new Set(tokens(query))].filter((t) => t.length >= 2 && !STOPWORDS.has(t)).slice(0, MAX_QUERY_TOKENS);
}

/** How much of `name` the query words cover, 0..1 (exact normalized match = 1). */
export function nameCoverage(name: string, queryWords: ReadonlySet<string>): number {
  const words = nameKey(name)
    .split(' ')
    .filter((w) => w.length > 0);
  if (words.length === 0) return 0;
  let hit = 0;
  for (const w of words) if (queryWords.has(w)) hit++;
  return hit / words.length;
}

/**
 * @example
 *   const search = tokenNameSearch(store);
 *   await search('which companies use Rust?', 5) // [{ entity: Rust, score: 1 }, …]
 */
export function tokenNameSearch(store: GraphStore): NameSearch {
  return async (query, limit) => {
    const words = queryTokens(query);
    if (words.length === 0 || limit <= 0) return [];
    const wordSet = new Set(words);
    const seen = new Map<string, Entity>();
    for (const w of words) {
      for (const e of await store.findEntitiesByKeys([tokenIndexKey(w)], CANDIDATES_PER_TOKEN)) seen.set(e.id, e);
    }
    return [...seen.values()]
      .map((entity) => ({
        entity,
        score: Math.max(nameCoverage(entity.name, wordSet), ...entity.aliases.map((a) => 0.95 * nameCoverage(a, wordSet))),
      }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score || b.entity.mentionCount - a.entity.mentionCount || (a.entity.id < b.entity.id ? -1 : 1))
      .slice(0, limit);
  };
}
