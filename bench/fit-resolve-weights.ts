/**
 * Fits some of the resolver's logistic weights on candidate rows dumped by the AIDA
 * evaluation, keeping the others as they are (their weighted sum is a fixed offset):
 *
 *   EVAL_FIT=/tmp/rows-a.jsonl npx tsx bench/eval-resolve.ts <aida .restored.jsonl> --split A
 *   npx tsx bench/fit-resolve-weights.ts /tmp/rows-a.jsonl context_known context_similarity
 *
 * Each row is one (mention, candidate) pair: `{"y": 1|0, "f": {feature: value}}`, y = 1
 * when the candidate's entity is the mention's gold entity. L2-regularized logistic
 * regression by damped Newton's method (few parameters, exact and deterministic). Prints the
 * fitted weights and the log-loss before and after; the last line is JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import { BIAS, FEATURE_NAMES, WEIGHTS } from '../src/core/resolve/features';
import type { FeatureName } from '../src/core/resolve/features';

const file = process.argv[2] ?? '';
const free = process.argv.slice(3);
if (!existsSync(file) || free.length === 0) {
  console.log('usage: fit-resolve-weights.ts <rows.jsonl> <feature|bias>…');
  console.log(JSON.stringify({ skipped: true, reason: 'no rows file or no feature to fit' }));
  process.exit(0);
}
const isFeature = (n: string): n is FeatureName => (FEATURE_NAMES as readonly string[]).includes(n);
for (const n of free)
  if (n !== 'bias' && !isFeature(n)) throw new Error(`unknown feature "${n}"; one of bias, ${FEATURE_NAMES.join(', ')}`);

interface Row {
  readonly y: number;
  readonly f: Partial<Record<FeatureName, number>>;
}
const rows: Row[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Row);
/** Ridge strength: small, only keeps the Newton step finite when a feature barely varies. */
const L2 = 1;
const ITERATIONS = 30;

const valueOf = (r: Row, n: string): number => (n === 'bias' ? 1 : isFeature(n) ? (r.f[n] ?? 0) : 0);
const offsets = rows.map((r) => {
  let z = free.includes('bias') ? 0 : BIAS;
  for (const n of FEATURE_NAMES) if (!free.includes(n)) z += WEIGHTS[n] * (r.f[n] ?? 0);
  return z;
});
let w = free.map((n) => (n === 'bias' ? BIAS : isFeature(n) ? WEIGHTS[n] : 0));
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
function logLoss(weights: readonly number[]): number {
  let s = 0;
  rows.forEach((r, i) => {
    let z = offsets[i] ?? 0;
    free.forEach((n, j) => {
      z += (weights[j] ?? 0) * valueOf(r, n);
    });
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(z)));
    s -= r.y * Math.log(p) + (1 - r.y) * Math.log(1 - p);
  });
  return s / rows.length;
}
const penalized = (weights: readonly number[]): number =>
  logLoss(weights) + (L2 / 2 / rows.length) * weights.reduce((a, v) => a + v * v, 0);
const before = logLoss(w);
for (let it = 0; it < ITERATIONS; it++) {
  const k = free.length;
  const grad = new Array<number>(k).fill(0);
  const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  rows.forEach((r, i) => {
    const x = free.map((n) => valueOf(r, n));
    let z = offsets[i] ?? 0;
    x.forEach((v, j) => {
      z += (w[j] ?? 0) * v;
    });
    const p = sigmoid(z);
    for (let a = 0; a < k; a++) {
      grad[a] = (grad[a] ?? 0) + (p - r.y) * (x[a] ?? 0);
      for (let b = 0; b < k; b++) {
        const row = hess[a];
        if (row) row[b] = (row[b] ?? 0) + p * (1 - p) * (x[a] ?? 0) * (x[b] ?? 0);
      }
    }
  });
  for (let a = 0; a < k; a++) {
    grad[a] = (grad[a] ?? 0) + L2 * (w[a] ?? 0);
    const row = hess[a];
    if (row) row[a] = (row[a] ?? 0) + L2;
  }
  const step = solve(hess, grad);
  // Damped Newton: halve the step until the penalized loss goes down (full steps overshoot on flat tails).
  const current = penalized(w);
  let t = 1;
  let next = w.map((v, j) => v - t * (step[j] ?? 0));
  while (penalized(next) > current && t > 1e-4) {
    t /= 2;
    next = w.map((v, j) => v - t * (step[j] ?? 0));
  }
  w = next;
}
const after = logLoss(w);
const fitted = Object.fromEntries(free.map((n, j) => [n, Math.round((w[j] ?? 0) * 100) / 100]));
console.log(`rows ${rows.length} (positive ${rows.filter((r) => r.y === 1).length}); log-loss ${before.toFixed(4)} → ${after.toFixed(4)}`);
for (const [n, v] of Object.entries(fitted)) console.log(`  ${n.padEnd(22)} ${v}`);
console.log(JSON.stringify({ rows: rows.length, logLossBefore: +before.toFixed(4), logLossAfter: +after.toFixed(4), weights: fitted }));

/** Gaussian elimination with partial pivoting (k is tiny). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[piv]?.[c] ?? 0)) piv = r;
    const tmp = m[c];
    const pr = m[piv];
    if (!tmp || !pr) continue;
    m[c] = pr;
    m[piv] = tmp;
    const pivotRow = m[c] ?? [];
    const d = pivotRow[c] ?? 1;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r];
      if (!row) continue;
      const f = (row[c] ?? 0) / d;
      for (let j = c; j <= n; j++) row[j] = (row[j] ?? 0) - f * (pivotRow[j] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}
