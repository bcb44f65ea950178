import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolRegistry } from '../../core/tools/registry';
import { bridgeToolSchema } from '../../native-host/wire';
import { servedTools } from '../../core/tools/served-tools';
import { annotationsFor, toBridgeCatalog } from './catalog';

/** Bytes of tools/list for the served tools: about 7k tokens. */
const AGENT_CATALOGUE_BUDGET = 29_000;

const base = defineTool({
  name: 'entity_search',
  description: 'Search entities.',
  sideEffectClass: 'read-only',
  inputSchema: z.object({ query: z.string().describe('Name or part of it'), limit: z.number().int().default(10) }),
  outputSchema: z.object({ n: z.number() }),
  examples: [{ input: { query: 'x', limit: 1 }, output: { n: 0 } }],
  execute: async () => ({ n: 0 }),
});

describe('side-effect class → MCP annotations', () => {
  it.each([
    ['read-only', false, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
    ['side-effecting', false, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }],
    ['side-effecting', true, { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }],
    ['destructive', false, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }],
    ['external-stateful', false, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }],
  ] as const)('%s (declared idempotent: %s)', (sideEffectClass, keyed, expected) => {
    expect(annotationsFor(sideEffectClass, keyed)).toEqual(expected);
  });
});

describe('registry → MCP catalogue', () => {
  const registry = new ToolRegistry({ deps: {} });
  registry.register(base);
  registry.register({ ...base, name: 'entity_add', sideEffectClass: 'side-effecting', idempotent: true });
  registry.register({ ...base, name: 'graph_clear', sideEffectClass: 'destructive' });
  registry.register({ ...base, name: 'capture_ingest', internal: true });
  const catalog = toBridgeCatalog(registry.list());

  it('leaves out internal tools and sorts by name', () => {
    expect(catalog.map((t) => t.name)).toEqual(['entity_add', 'entity_search', 'graph_clear']);
  });

  it('gives each tool the JSON Schema of its input, valid for MCP', () => {
    const search = catalog.find((t) => t.name === 'entity_search');
    expect(search?.inputSchema).toMatchObject({
      type: 'object',
      properties: { query: { type: 'string', description: 'Name or part of it' }, limit: { type: 'integer', default: 10 } },
      required: ['query'],
    });
    expect(search?.inputSchema).not.toHaveProperty('$schema');
    for (const tool of catalog) expect(bridgeToolSchema.safeParse(tool).success).toBe(true);
  });

  it('maps classes to hints, with no title and no approval sentence repeated in each description', () => {
    const add = catalog.find((t) => t.name === 'entity_add');
    expect(add?.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(add?.description).not.toContain('approval');
    expect(catalog.find((t) => t.name === 'graph_clear')?.annotations.destructiveHint).toBe(true);
    expect(catalog.find((t) => t.name === 'entity_search')?.description).toBe('Search entities.');
  });
});

describe('the catalogue agents are served', () => {
  const served = toBridgeCatalog(servedTools());

  it(`fits ${AGENT_CATALOGUE_BUDGET} bytes as tools/list sends it (it was 36 kB for 33 tools)`, () => {
    // What an agent reads before its first call; docs/mcp.md states the figure.
    expect(Buffer.byteLength(JSON.stringify({ tools: served }))).toBeLessThan(AGENT_CATALOGUE_BUDGET);
  });

  it('leaves out resolve_reference_target, whose chat ids are side-panel windows an agent cannot name', () => {
    expect(served.map((t) => t.name)).not.toContain('resolve_reference_target');
    expect(served.map((t) => t.name)).toContain('resolve');
  });
});
