/**
 * String similarity measures used by the resolver's features and by the
 * linear-scan baseline of the benchmark: Jaro-Winkler, token Jaccard and
 * character n-gram sets. Pure functions over already-normalized strings.
 */
export { charNgrams, fnv1a } from '../text/normalize';
// One Jaro-Winkler for search and resolution (names compared on their first 64 characters).
export { jaroWinkler } from '../search/similarity';

/** Jaccard similarity of two sets (0 when both are empty). */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
