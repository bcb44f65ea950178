/**
 * String similarity measures used by the resolver's features and by the
 * linear-scan baseline of the benchmark: Jaro-Winkler, token Jaccard and
 * character n-gram sets. Pure functions over already-normalized strings.
 */
export { charNgrams, fnv1a } from '../text/normalize';

/**
 * Jaro-Winkler similarity in 0..1 (1 = identical).
 *
 * @example
 *   jaroWinkler('martha', 'marhta') // ≈ 0.961
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const matchedA = new Uint8Array(la);
  const matchedB = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (matchedB[j] === 1 || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (matchedA[i] !== 1) continue;
    while (matchedB[k] !== 1) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  // Winkler: reward a common prefix of up to 4 characters, scaled by 0.1 (the standard constants).
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Jaccard similarity of two sets (0 when both are empty). */
export function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
