/**
 * `web-ext lint` of the Firefox build, as addons.mozilla.org would run it: no errors, and no
 * warning outside the ones docs/firefox.md explains (third-party code in the bundle). A new
 * kind of warning, or one in a file that had none, fails the run until it is fixed or explained.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface LintMessage {
  readonly code: string;
  readonly file?: string;
  readonly message: string;
}

/**
 * Explained warnings (docs/firefox.md, "web-ext lint"), by code and the bundle file they sit in
 * (hashes stripped). `background` and `sidepanel`: zod's JIT probe, off at run time (jitless);
 * `sidepanel` innerHTML: React DOM and the diagram's mermaid SVG; the rest: mermaid and its
 * dependencies (lodash's `Function('return this')`, DOMPurify, d3, KaTeX), Readability in the content script, and
 * `background` `import()`: pdf.js's loaders of its worker and of optional modules, never reached (the worker is bundled).
 */
const EXPLAINED: Readonly<Record<string, readonly string[]>> = {
  DANGEROUS_EVAL: ['background.js', 'chunks/sidepanel', 'chunks/graphlib', 'chunks/cytoscape.esm', 'chunks/chunk-'],
  UNSAFE_VAR_ASSIGNMENT: [
    'background.js',
    'content-scripts/content.js',
    'chunks/sidepanel',
    'chunks/d3-selection',
    'chunks/mermaid.core',
    'chunks/chunk-',
  ],
};

/** Lints `extensionDir`; returns the warnings, throws on errors or unexplained warnings. */
export function lintFirefoxBuild(extensionDir: string): LintMessage[] {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'web-ext');
  // web-ext exits non-zero when there are errors; the JSON report is on stdout either way.
  let stdout: string;
  try {
    stdout = execFileSync(bin, ['lint', '--source-dir', extensionDir, '--output', 'json', '--no-input'], { encoding: 'utf8' });
  } catch (error) {
    stdout = String((error as { stdout?: unknown }).stdout ?? '');
  }
  const report = JSON.parse(stdout) as { errors: LintMessage[]; warnings: LintMessage[] };
  const describe = (m: LintMessage) => `${m.code} ${m.file ?? ''}: ${m.message}`;
  assert.deepEqual(report.errors.map(describe), [], 'web-ext lint: errors');
  const unexplained = report.warnings.filter((w) => !(EXPLAINED[w.code] ?? []).some((prefix) => (w.file ?? '').startsWith(prefix)));
  assert.deepEqual(unexplained.map(describe), [], 'web-ext lint: warnings docs/firefox.md does not explain');
  return report.warnings;
}
