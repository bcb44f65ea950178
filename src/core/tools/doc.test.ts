import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { NameIndex } from '../search/name-index';
import { renderToolsDoc } from './doc';
import { createRegistry } from './index';

function rendered(): string {
  const store = new InMemoryGraphStore();
  const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
  return renderToolsDoc(createRegistry({ graph, store, search: new NameIndex() }).list());
}

describe('docs/tools.md', () => {
  it('documents every tool with its parameters, schemas and examples', () => {
    const text = rendered();
    for (const name of ['entity_add', 'entity_relate', 'entity_query', 'entity_merge', 'entity_search', 'entity_find_related', 'entity_visualize']) {
      expect(text).toContain(`## ${name}`);
    }
    expect(text).toContain('| `entity_type` | "company" \\| "person" \\| "technology" \\| "product" \\| "location" \\| "other" | yes |');
  });

  it('is not stale (regenerate with `npm run docs:tools`)', () => {
    const onDisk = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'tools.md'), 'utf8');
    expect(onDisk).toBe(rendered());
  });
});
