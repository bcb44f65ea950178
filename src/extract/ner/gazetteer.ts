/**
 * Phrase gazetteers over token sequences: case-insensitive lookup of known entity
 * names (from the training splits, from lists, or predicted earlier in the same
 * document), marking each covered token with "begins"/"inside" bits per type.
 *
 * Training entries carry the folds they came from, so a training document only sees
 * names learnt from other folds (jackknifing): otherwise the gazetteer would be 100%
 * right on training data and the model would trust it blindly.
 */
import { TYPE_COUNT as TYPE_COUNT_EXPORT } from './labels';

// Module-local copy for the lookup loop (not read through an import binding).
const TYPE_COUNT = TYPE_COUNT_EXPORT;

/** Longest phrase considered, in tokens: longer names are rare and cost lookups. */
export const MAX_PHRASE_TOKENS = 6;
/** Bit of "type t begins here" in a match mask; `+1` is "type t continues here". */
export function beginBit(type: number): number {
  return 1 << (2 * type);
}
export function insideBit(type: number): number {
  return 1 << (2 * type + 1);
}
/** Fold mask meaning "known in every fold" (hand-written lists, inference). */
export const ALL_FOLDS = 0x7fffffff;

export class PhraseGazetteer {
  /** phrase key → fold mask per type. */
  private readonly entries = new Map<string, number[]>();
  private readonly prefixes = new Set<string>();
  private readonly maxEntries: number;

  /** @param maxEntries bound on stored phrases (later additions are ignored). */
  constructor(maxEntries = 1_000_000) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Adds a phrase (already tokenized) for a type, seen in `folds` (a bit mask).
   *
   * @example
   *   gaz.add(['New', 'York'], typeId('location'));
   */
  add(tokens: readonly string[], type: number, folds = ALL_FOLDS): void {
    if (tokens.length === 0 || tokens.length > MAX_PHRASE_TOKENS || type < 0 || type >= TYPE_COUNT) return;
    const key = tokens.join(' ').toLowerCase();
    let masks = this.entries.get(key);
    if (masks === undefined) {
      if (this.entries.size >= this.maxEntries) return;
      masks = new Array<number>(TYPE_COUNT).fill(0);
      this.entries.set(key, masks);
      let prefix = '';
      for (let i = 0; i < tokens.length - 1; i++) {
        prefix = i === 0 ? (tokens[0] ?? '').toLowerCase() : `${prefix} ${(tokens[i] ?? '').toLowerCase()}`;
        this.prefixes.add(prefix);
      }
    }
    masks[type] = (masks[type] ?? 0) | folds;
  }

  /**
   * Marks tokens covered by the longest known phrase starting at each position.
   * `lower` are lower-cased tokens; `fold` ≥ 0 hides names only seen in that fold.
   * Results are OR-ed into `out` (one mask per token, see `beginBit`).
   */
  mark(lower: readonly string[], fold: number, out: Uint32Array): void {
    const hide = fold >= 0 ? ~(1 << fold) : ALL_FOLDS;
    for (let i = 0; i < lower.length; i++) {
      let key = lower[i] ?? '';
      let bestLen = 0;
      let bestTypes = 0;
      for (let len = 1; len <= MAX_PHRASE_TOKENS && i + len <= lower.length; len++) {
        if (len > 1) key = `${key} ${lower[i + len - 1] ?? ''}`;
        const masks = this.entries.get(key);
        if (masks !== undefined) {
          let types = 0;
          for (let t = 0; t < TYPE_COUNT; t++) if (((masks[t] ?? 0) & hide) !== 0) types |= 1 << t;
          if (types !== 0) {
            bestLen = len;
            bestTypes = types;
          }
        }
        if (!this.prefixes.has(key)) break;
      }
      if (bestLen === 0) continue;
      for (let t = 0; t < TYPE_COUNT; t++) {
        if ((bestTypes & (1 << t)) === 0) continue;
        out[i] = (out[i] ?? 0) | beginBit(t);
        for (let k = 1; k < bestLen; k++) out[i + k] = (out[i + k] ?? 0) | insideBit(t);
      }
    }
  }

  /** Entries with the types they are known for in any fold, sorted by key (stable output). */
  exportEntries(): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    for (const [key, masks] of this.entries) {
      let types = 0;
      for (let t = 0; t < TYPE_COUNT; t++) if ((masks[t] ?? 0) !== 0) types |= 1 << t;
      if (types !== 0) out.push([key, types]);
    }
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** Adds an exported entry back (space-separated lower-case key, type bits). */
  addEntry(key: string, types: number): void {
    const tokens = key.split(' ');
    for (let t = 0; t < TYPE_COUNT; t++) if ((types & (1 << t)) !== 0) this.add(tokens, t);
  }
}
