// Guards the rule "strings from outside are data, never keys into plain objects"
// with the type checker, over src/core and src/extract.
//
// What it flags: an element access `obj[key]` (read, write or delete) where `key` is
// typed as a wide `string` and `obj` is an object with a string index signature
// (`Record<string, V>`, `{ [k: string]: V }`), i.e. a plain object looked up by an
// arbitrary string. On such an object `obj['constructor']` reads a function and
// `obj['__proto__'] = v` sets the prototype. Use a `Map`, or the helpers of
// `records.ts` (`ownValue`, `setOwn`, `deleteOwn`, null-prototype `emptyRecord`).
// Not flagged: keys typed as literal unions (`EntityType`, `Role`: the type system
// already bounds them), numeric keys, arrays, tuples and strings; an access in the
// true branch of `Object.hasOwn(obj, key)` (same text, in an `if`, `?:` or `&&`);
// an access to a `const` initialised with a null-prototype record (`emptyRecord()`,
// `recordFrom()`, `copyRecord()`, `Object.create(null)`).
// What it misses: keys typed as a literal union that were never checked at run time
// (a cast elsewhere), property reads through `any`, and objects whose type hides the
// index signature. `key in obj` with a computed key is caught by ESLint
// (`no-restricted-syntax` in eslint.config.js); `z.record` parse results by the
// second test below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const SCANNED = ['src/core', 'src/extract'];
const NULL_PROTO_FACTORIES = new Set(['emptyRecord', 'recordFrom', 'copyRecord']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

function isWideString(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(isWideString);
  return (type.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) !== 0;
}

function hasStringIndex(checker: ts.TypeChecker, type: ts.Type): boolean {
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((t) => {
    if (checker.isArrayLikeType(t) || (t.flags & ts.TypeFlags.StringLike) !== 0) return false;
    return checker.getIndexInfoOfType(t, ts.IndexKind.String) !== undefined;
  });
}

/** Inside the true branch of a condition that contains `Object.hasOwn(obj, key)`. */
function guardedByHasOwn(node: ts.ElementAccessExpression, sf: ts.SourceFile): boolean {
  const guard = `Object.hasOwn(${node.expression.getText(sf)}, ${node.argumentExpression.getText(sf)})`;
  let child: ts.Node = node;
  for (let parent = node.parent; parent !== undefined; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && parent.thenStatement === child && parent.expression.getText(sf).includes(guard)) return true;
    if (ts.isConditionalExpression(parent) && parent.whenTrue === child && parent.condition.getText(sf).includes(guard)) return true;
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
      parent.right === child &&
      parent.left.getText(sf).includes(guard)
    )
      return true;
    if (ts.isFunctionLike(parent)) return false;
  }
  return false;
}

/** `const x = emptyRecord()` (or another null-prototype factory). */
function isNullProtoConst(checker: ts.TypeChecker, expr: ts.Expression): boolean {
  if (!ts.isIdentifier(expr)) return false;
  const decl = checker.getSymbolAtLocation(expr)?.valueDeclaration;
  if (decl === undefined || !ts.isVariableDeclaration(decl) || decl.initializer === undefined) return false;
  if (!(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return false;
  const init = decl.initializer;
  if (!ts.isCallExpression(init)) return false;
  const callee = init.expression;
  if (ts.isIdentifier(callee)) return NULL_PROTO_FACTORIES.has(callee.text);
  return callee.getText() === 'Object.create' && init.arguments[0]?.kind === ts.SyntaxKind.NullKeyword;
}

function findings(): string[] {
  const files = SCANNED.flatMap((dir) => sources(join(ROOT, dir)));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const out: string[] = [];
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (sf === undefined) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node)) {
        const keyType = checker.getTypeAtLocation(node.argumentExpression);
        const objType = checker.getTypeAtLocation(node.expression);
        if (
          isWideString(keyType) &&
          hasStringIndex(checker, objType) &&
          !guardedByHasOwn(node, sf) &&
          !isNullProtoConst(checker, node.expression)
        ) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          out.push(`${relative(ROOT, file)}:${line + 1}: ${node.getText(sf).slice(0, 80)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

describe('untrusted strings never index plain objects', () => {
  it('reads and writes records keyed by a string only through own-key helpers', () => {
    expect(findings()).toEqual([]);
  }, 60_000);

  // `z.record` drops a `__proto__` key from what it parses (zod 4 skips it on
  // purpose), so a record of outside names loses one silently. `ownRecordSchema`
  // keeps it. Listed uses (how many per file) have keys that never come from outside.
  it('parses records of outside names with ownRecordSchema, not z.record', () => {
    const allowed = new Map([
      ['src/core/tools/definitions/graph-stats.ts', 1], // by_type: keys are entity types
      ['src/core/resolve/schema.ts', 1], // explanation features: the names are ours
      ['src/core/records.ts', 1], // ownRecordSchema itself: its JSON Schema is z.record's
    ]);
    const offenders = SCANNED.flatMap((dir) => sources(join(ROOT, dir))).flatMap((file) => {
      const uses = readFileSync(file, 'utf8').match(/\bz\.record\(/g)?.length ?? 0;
      return uses > (allowed.get(relative(ROOT, file)) ?? 0) ? [`${relative(ROOT, file)}: ${uses} z.record`] : [];
    });
    expect(offenders).toEqual([]);
  });
});
