/**
 * `npm run docs:tools`: writes docs/tools.md from the tool registry.
 * `--check` exits 1 when the file on disk is stale instead of writing it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { InMemoryGraphStore } from '../core/graph/memory-store';
import { GraphService } from '../core/graph/service';
import { NameIndex } from '../core/search/name-index';
import { renderToolsDoc } from '../core/tools/doc';
import { createRegistry } from '../core/tools/index';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const target = join(root, 'docs', 'tools.md');

const store = new InMemoryGraphStore();
const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
const text = renderToolsDoc(createRegistry({ graph, store, search: new NameIndex() }).list());

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
