/**
 * Exact-span scoring of predicted mentions against gold spans, per type and
 * micro-averaged: a prediction counts only when start, end and type all match.
 */
import type { Mention } from '../../core/capture';
import type { ConllType, GoldSpan } from './conll';

export type ScoredType = 'PER' | 'ORG' | 'LOC';
export const SCORED_TYPES: readonly ScoredType[] = ['PER', 'ORG', 'LOC'];

/** person → PER, company → ORG, location → LOC; every other type is not scored. */
export function conllTypeOf(type: Mention['type']): ScoredType | undefined {
  return type === 'person' ? 'PER' : type === 'company' ? 'ORG' : type === 'location' ? 'LOC' : undefined;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Prf {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export class SpanScorer {
  private readonly counts = new Map<ScoredType, Counts>(SCORED_TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0 }]));

  /**
   * Adds one document.
   *
   * @example
   *   const scorer = new SpanScorer();
   *   scorer.add(doc.spans, recognizer.recognize(doc.text));
   *   scorer.micro().f1 // 0.8
   */
  add(gold: readonly GoldSpan[], predicted: readonly { start: number; end: number; type: Mention['type'] }[]): void {
    const goldKeys = new Set<string>();
    for (const g of gold) if (isScored(g.type)) goldKeys.add(`${g.start}:${g.end}:${g.type}`);
    const predKeys = new Set<string>();
    for (const p of predicted) {
      const type = conllTypeOf(p.type);
      if (type !== undefined) predKeys.add(`${p.start}:${p.end}:${type}`);
    }
    for (const key of predKeys) this.bump(key, goldKeys.has(key) ? 'tp' : 'fp');
    for (const key of goldKeys) if (!predKeys.has(key)) this.bump(key, 'fn');
  }

  private bump(key: string, field: keyof Counts): void {
    const type = key.slice(key.lastIndexOf(':') + 1);
    const counts = SCORED_TYPES.find((t) => t === type);
    if (counts === undefined) return;
    const c = this.counts.get(counts);
    if (c !== undefined) c[field] += 1;
  }

  perType(): Record<ScoredType, Prf & Counts> {
    const out: Partial<Record<ScoredType, Prf & Counts>> = {};
    for (const t of SCORED_TYPES) {
      const c = this.counts.get(t) ?? { tp: 0, fp: 0, fn: 0 };
      out[t] = { ...c, ...prf(c) };
    }
    return { PER: out.PER ?? empty(), ORG: out.ORG ?? empty(), LOC: out.LOC ?? empty() };
  }

  micro(): Prf & Counts {
    const total: Counts = { tp: 0, fp: 0, fn: 0 };
    for (const c of this.counts.values()) {
      total.tp += c.tp;
      total.fp += c.fp;
      total.fn += c.fn;
    }
    return { ...total, ...prf(total) };
  }
}

function empty(): Prf & Counts {
  return { tp: 0, fp: 0, fn: 0, precision: 0, recall: 0, f1: 0 };
}

function isScored(type: ConllType): type is ScoredType {
  return type !== 'MISC';
}

/** Precision, recall and F1 of counts (0 when undefined). */
export function prf(c: Counts): Prf {
  const precision = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 0 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
