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

/** One key of the table: a known phrase, a prefix of longer phrases, or both. */
interface Entry {
  /**
   * Fold mask per type, allocated only once a name is added for some folds and not
   * others (training); names known in every fold (lists, a loaded model) need none.
   */
  masks: Int32Array | undefined;
  /** Types known in any fold (bit per type): the inference fast path. */
  types: number;
  /** Some longer phrase starts with this key. */
  prefix: boolean;
}

export class PhraseGazetteer {
  /** phrase or prefix key (lower case, space-joined) → entry: one lookup per step. */
  private readonly entries = new Map<string, Entry>();
  private phrases = 0;
  private readonly maxEntries: number;

  /** @param maxEntries bound on stored phrases (later additions are ignored). */
  constructor(maxEntries = 1_000_000) {
    this.maxEntries = maxEntries;
  }

  /** Number of known phrases. */
  get size(): number {
    return this.phrases;
  }

  private entry(key: string): Entry {
    let e = this.entries.get(key);
    if (e === undefined) {
      e = { masks: undefined, types: 0, prefix: false };
      this.entries.set(key, e);
    }
    return e;
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
    const known = this.entries.get(key);
    if (known === undefined || known.types === 0) {
      if (this.phrases >= this.maxEntries) return;
      this.phrases++;
      let prefix = '';
      for (let i = 0; i < tokens.length - 1; i++) {
        prefix = i === 0 ? (tokens[0] ?? '').toLowerCase() : `${prefix} ${(tokens[i] ?? '').toLowerCase()}`;
        this.entry(prefix).prefix = true;
      }
    }
    const e = known ?? this.entry(key);
    if (folds !== ALL_FOLDS && e.masks === undefined) {
      e.masks = new Int32Array(TYPE_COUNT);
      for (let t = 0; t < TYPE_COUNT; t++) if ((e.types & (1 << t)) !== 0) e.masks[t] = ALL_FOLDS;
    }
    if (e.masks !== undefined) e.masks[type] = (e.masks[type] ?? 0) | folds;
    e.types |= 1 << type;
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
        const e = this.entries.get(key);
        if (e === undefined) break;
        let types = e.types;
        const masks = e.masks;
        if (fold >= 0 && masks !== undefined) {
          types = 0;
          for (let t = 0; t < TYPE_COUNT; t++) if (((masks[t] ?? 0) & hide) !== 0) types |= 1 << t;
        }
        if (types !== 0) {
          bestLen = len;
          bestTypes = types;
        }
        if (!e.prefix) break;
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
    for (const [key, e] of this.entries) if (e.types !== 0) out.push([key, e.types]);
    return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  /** Adds an exported entry back (space-separated lower-case key, type bits). */
  addEntry(key: string, types: number): void {
    const tokens = key.split(' ');
    for (let t = 0; t < TYPE_COUNT; t++) if ((types & (1 << t)) !== 0) this.add(tokens, t);
  }
}
