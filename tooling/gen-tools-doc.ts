/**
 * `npm run docs:tools`: writes docs/tools.md from the registry the background serves
 * (`servedTools`: the graph tools, `resolve` and `resolve_reference_target`).
 * `--check` exits 1 when the file on disk is stale instead of writing it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToolsDoc } from '../src/core/tools/doc';
import { servedTools } from '../src/core/tools/served-tools';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'docs', 'tools.md');

const text = renderToolsDoc(servedTools());

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== text) {
    console.error('docs/tools.md is stale: run `npm run docs:tools`.');
    process.exit(1);
  }
  console.log('docs/tools.md is up to date.');
} else {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.log(`Wrote ${target} (${text.length} characters).`);
}
