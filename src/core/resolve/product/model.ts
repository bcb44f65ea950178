/**
 * A boosted-tree pair classifier over `pairFeatures` vectors: the inference half
 * (training lives in `bench/er-train.ts`). Trees are stored as flat node arrays
 * so the learned model is plain JSON.
 */

/** Inner node: go `left` when `x[feature] <= threshold`; leaf: `value` (a log-odds increment). */
export type TreeNode =
  { readonly feature: number; readonly threshold: number; readonly left: number; readonly right: number } | { readonly value: number };

export interface BoostedTrees {
  readonly features: readonly string[];
  readonly bias: number;
  readonly trees: readonly (readonly TreeNode[])[];
  /** Probability at or above which a pair is called a match. */
  readonly threshold: number;
}

/** The leaf value `x` reaches in one tree. */
export function treeValue(tree: readonly TreeNode[], x: readonly number[]): number {
  let i = 0;
  for (let guard = 0; guard < tree.length; guard++) {
    const node = tree[i];
    if (node === undefined) return 0;
    if ('value' in node) return node.value;
    i = (x[node.feature] ?? 0) <= node.threshold ? node.left : node.right;
  }
  return 0;
}

/**
 * Match probability of one feature vector.
 *
 * @example
 *   matchProbability(model, pairFeatures(a, b, idf)) >= model.threshold // same product?
 */
export function matchProbability(model: BoostedTrees, x: readonly number[]): number {
  let z = model.bias;
  for (const tree of model.trees) z += treeValue(tree, x);
  return 1 / (1 + Math.exp(-z));
}
