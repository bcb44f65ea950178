/**
 * Training for the product pair matcher (`src/core/resolve/product/`): gradient-
 * boosted regression trees on the logistic loss, with features binned at
 * quantiles, and k-fold cross-validation on the training pairs to choose the
 * number of trees and the decision threshold. Bench-only code.
 */
import type { BoostedTrees, TreeNode } from '../src/core/resolve/product/model';
import { treeValue } from '../src/core/resolve/product/model';

export interface TrainOptions {
  readonly rounds: number;
  readonly depth: number;
  readonly learningRate: number;
  readonly minLeaf: number;
  /** L2 penalty on leaf values. */
  readonly lambda: number;
  readonly bins: number;
}

export const DEFAULT_OPTIONS: TrainOptions = { rounds: 300, depth: 3, learningRate: 0.05, minLeaf: 10, lambda: 1, bins: 64 };

function binEdges(values: number[], bins: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const edges: number[] = [];
  for (let b = 1; b < bins; b++) {
    const v = sorted[Math.floor((b * sorted.length) / bins)];
    if (v !== undefined && (edges.length === 0 || v > (edges[edges.length - 1] ?? -Infinity))) edges.push(v);
  }
  return edges;
}

function binOf(edges: readonly number[], v: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v < (edges[mid] ?? Infinity)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Trains one model; returns it with threshold 0.5 (callers set the threshold). */
export function trainTrees(
  X: readonly (readonly number[])[],
  y: readonly number[],
  names: readonly string[],
  o: TrainOptions = DEFAULT_OPTIONS,
  onRound?: (round: number, tree: readonly TreeNode[]) => void,
): BoostedTrees {
  const n = X.length;
  const d = names.length;
  const edges = Array.from({ length: d }, (_, j) =>
    binEdges(
      X.map((r) => r[j] ?? 0),
      o.bins,
    ),
  );
  // Column-major bin codes (bins <= 255).
  const cols = edges.map((e, j) => Uint8Array.from(X, (r) => binOf(e, r[j] ?? 0)));
  // Largest training value in each bin, so a split "bin <= b" becomes "x <= max of bin b".
  const binMax = edges.map((e, j) => {
    const m = new Array<number>(e.length + 1).fill(-Infinity);
    X.forEach((r, i) => {
      const b = cols[j]?.[i] ?? 0;
      m[b] = Math.max(m[b] ?? -Infinity, r[j] ?? 0);
    });
    for (let b = 1; b < m.length; b++) m[b] = Math.max(m[b] ?? -Infinity, m[b - 1] ?? -Infinity);
    return m;
  });
  // Bin b of feature j holds values < edges[j][b]: "x <= threshold" with threshold just under that edge.
  const pos = y.reduce((s, v) => s + v, 0);
  const bias = Math.log((pos + 1) / (n - pos + 1));
  const z = new Array<number>(n).fill(bias);
  const trees: TreeNode[][] = [];
  const model = (): BoostedTrees => ({ features: names, bias, trees: [...trees], threshold: 0.5 });
  for (let round = 0; round < o.rounds; round++) {
    const g = new Float64Array(n);
    const h = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-(z[i] ?? 0)));
      g[i] = p - (y[i] ?? 0);
      h[i] = Math.max(p * (1 - p), 1e-6);
    }
    const nodes: TreeNode[] = [];
    const grow = (rows: number[], depth: number): number => {
      const id = nodes.length;
      let G = 0;
      let H = 0;
      for (const i of rows) {
        G += g[i] ?? 0;
        H += h[i] ?? 0;
      }
      nodes.push({ value: (-G / (H + o.lambda)) * o.learningRate });
      if (depth >= o.depth || rows.length < 2 * o.minLeaf) return id;
      let best = { gain: 1e-9, f: -1, b: -1 };
      for (let j = 0; j < d; j++) {
        const nb = (edges[j]?.length ?? 0) + 1;
        if (nb < 2) continue;
        const gs = new Float64Array(nb);
        const hs = new Float64Array(nb);
        const cs = new Int32Array(nb);
        const col = cols[j] ?? new Uint8Array(n);
        for (const i of rows) {
          const b = col[i] ?? 0;
          gs[b] = (gs[b] ?? 0) + (g[i] ?? 0);
          hs[b] = (hs[b] ?? 0) + (h[i] ?? 0);
          cs[b] = (cs[b] ?? 0) + 1;
        }
        let gl = 0;
        let hl = 0;
        let cl = 0;
        for (let b = 0; b < nb - 1; b++) {
          gl += gs[b] ?? 0;
          hl += hs[b] ?? 0;
          cl += cs[b] ?? 0;
          const cr = rows.length - cl;
          if (cl < o.minLeaf || cr < o.minLeaf) continue;
          const gr = G - gl;
          const hr = H - hl;
          const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - (G * G) / (H + o.lambda);
          if (gain > best.gain) best = { gain, f: j, b };
        }
      }
      if (best.f < 0) return id;
      const threshold = binMax[best.f]?.[best.b] ?? 0;
      const col = cols[best.f] ?? new Uint8Array(n);
      const leftRows = rows.filter((i) => (col[i] ?? 0) <= best.b);
      const rightRows = rows.filter((i) => (col[i] ?? 0) > best.b);
      const l = grow(leftRows, depth + 1);
      const r = grow(rightRows, depth + 1);
      nodes[id] = { feature: best.f, threshold, left: l, right: r };
      return id;
    };
    grow(
      Array.from({ length: n }, (_, i) => i),
      0,
    );
    trees.push(nodes);
    for (let i = 0; i < n; i++) z[i] = (z[i] ?? 0) + treeValue(nodes, X[i] ?? []);
    onRound?.(round + 1, nodes);
  }
  return model();
}

export interface Prf {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export function prf(scores: readonly number[], y: readonly number[], t: number): Prf {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  scores.forEach((s, i) => {
    const yes = s >= t;
    if (yes && y[i]) tp++;
    else if (yes) fp++;
    else if (y[i]) fn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** The threshold (0.05..0.95 step 0.01) with the best F1 on these scores. */
export function bestThreshold(scores: readonly number[], y: readonly number[]): { t: number; f1: number } {
  let best = { t: 0.5, f1: -1 };
  for (let k = 5; k <= 95; k++) {
    const f1 = prf(scores, y, k / 100).f1;
    if (f1 > best.f1) best = { t: k / 100, f1 };
  }
  return best;
}
