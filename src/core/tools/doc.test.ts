import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToolsDoc } from './doc';
import { servedTools } from './served-tools';

function rendered(): string {
  return renderToolsDoc(servedTools());
}

describe('docs/tools.md', () => {
  it('documents every tool with its parameters, schemas and examples', () => {
    const text = rendered();
    // The registry agents are served: the graph tools and the two resolvers.
    for (const name of [
      'entity_add',
      'entity_relate',
      'entity_query',
      'entity_merge',
      'entity_search',
      'entity_find_related',
      'entity_visualize',
      'resolve',
      'resolve_reference_target',
    ]) {
      expect(text).toContain(`## ${name}`);
    }
    expect(text).toContain('| `entity_type` | "company" \\| "person" \\| "technology" \\| "product" \\| "location" \\| "other" | yes |');
  });

  it('is not stale (regenerate with `npm run docs:tools`)', () => {
    const onDisk = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'tools.md'), 'utf8');
    expect(onDisk).toBe(rendered());
  });
});
