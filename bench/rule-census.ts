/**
 * How much of the language engine is hand-written rules, at any revision (issue 38's figure
 * "lines of hand rules, before and after"). Reads the tree of a git revision (default HEAD)
 * and, with the TypeScript parser, counts in the rule files:
 *
 * - code lines (not blank, not only a comment);
 * - regular expression literals and `new RegExp(…)` calls;
 * - string lists: array literals of three strings or more, and template strings split into
 *   word lists (`\`…\`.split(…)`);
 * - named functions (declarations, and functions or arrows bound to a name).
 *
 * Rule files: every non-test TypeScript file under `src/extract/` but the machinery that holds
 * no language rule (`dom/`, `pdf/`, the recognizer's decoder and features `ner/`, generated
 * tables and shipped weights), and the question side's readers (`src/core/query/` sentence
 * reading, relation words, the question parser, the symbolic answerer) and shared vocabulary
 * (`src/core/text/`). The whole of `src/` (non-test) is counted beside them.
 *
 *   npx tsx bench/rule-census.ts [<revision> ...]
 *
 * Last line: JSON, one object per revision.
 */
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const MACHINERY = /^src\/extract\/(?:dom|pdf|ner)\//u;
const GENERATED = /(?:\.generated\.ts|\/model\/weights\.ts)$/u;
const QUESTION_SIDE =
  /^src\/core\/(?:query\/(?:sentence-reading|relation-words|question|relation-readings|symbolic-answerer)\.ts|query\/symbolic\/|text\/)/u;

interface Census {
  /** Code lines per folder (`src/extract/mentions`, `src/core/query`, …). */
  byFolder: Record<string, number>;
  files: number;
  lines: number;
  regexes: number;
  stringLists: number;
  functions: number;
}

const git = (args: readonly string[]): string => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });

function isRuleFile(path: string): boolean {
  if (!path.endsWith('.ts') || /\.test\.ts$|\.d\.ts$/u.test(path) || GENERATED.test(path)) return false;
  if (path.startsWith('src/extract/')) return !MACHINERY.test(path);
  return QUESTION_SIDE.test(path);
}

function codeLines(text: string): number {
  let n = 0;
  let inBlock = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*')) {
      if (!line.includes('*/')) inBlock = true;
      continue;
    }
    n += 1;
  }
  return n;
}

function count(text: string, into: Census): void {
  const source = ts.createSourceFile('f.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) into.regexes += 1;
    else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') into.regexes += 1;
    else if (ts.isArrayLiteralExpression(node) && node.elements.filter((e) => ts.isStringLiteralLike(e)).length >= 3) into.stringLists += 1;
    else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'split' &&
      ts.isNoSubstitutionTemplateLiteral(node.expression.expression)
    )
      into.stringLists += 1;
    else if (ts.isFunctionDeclaration(node) && node.name !== undefined) into.functions += 1;
    else if (
      ts.isVariableDeclaration(node) &&
      node.initializer !== undefined &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      into.functions += 1;
    else if (ts.isMethodDeclaration(node)) into.functions += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function censusOf(rev: string): { rev: string; rules: Census; src: { files: number; lines: number } } {
  const paths = git(['ls-tree', '-r', '--name-only', rev, 'src'])
    .split('\n')
    .filter((p) => p.endsWith('.ts'));
  const rules: Census = { byFolder: {}, files: 0, lines: 0, regexes: 0, stringLists: 0, functions: 0 };
  const src = { files: 0, lines: 0 };
  for (const path of paths) {
    if (/\.test\.ts$|\.d\.ts$/u.test(path) || GENERATED.test(path)) continue;
    const text = git(['show', `${rev}:${path}`]);
    src.files += 1;
    src.lines += codeLines(text);
    if (!isRuleFile(path)) continue;
    rules.files += 1;
    const lines = codeLines(text);
    rules.lines += lines;
    const folder = path.split('/').slice(0, 3).join('/');
    rules.byFolder[folder] = (rules.byFolder[folder] ?? 0) + lines;
    count(text, rules);
  }
  return { rev: git(['rev-parse', '--short', rev]).trim(), rules, src };
}

const revs = process.argv.slice(2);
const results = (revs.length > 0 ? revs : ['HEAD']).map(censusOf);
console.log('revision   rule files  rule lines  share of src  regexes  string lists  named functions');
for (const r of results)
  console.log(
    `${r.rev.padEnd(10)} ${String(r.rules.files).padStart(10)}  ${String(r.rules.lines).padStart(10)}  ${(r.rules.lines / Math.max(1, r.src.lines)).toFixed(3).padStart(12)}  ${String(r.rules.regexes).padStart(7)}  ${String(r.rules.stringLists).padStart(12)}  ${String(r.rules.functions).padStart(15)}`,
  );
const folders = [...new Set(results.flatMap((r) => Object.keys(r.rules.byFolder)))].sort();
console.log(`rule lines by folder: ${results.map((r) => r.rev).join(' / ')}`);
for (const f of folders) console.log(`  ${f.padEnd(32)} ${results.map((r) => String(r.rules.byFolder[f] ?? 0).padStart(6)).join(' ')}`);
console.log(JSON.stringify(results));
