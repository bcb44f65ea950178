// Tool calls are typed by the tool's own schemas: the `@ts-expect-error` lines below are
// checked by `npm run typecheck`, which fails if any of them compiles (a tool or a field
// the registry does not have, a wrong field type, a result field a tool does not return).
import { describe, expectTypeOf, it } from 'vitest';
import type { ToolInput, ToolName, ToolOutput } from '../core/tools/catalog';
import type { EntityType } from '../core/graph/types';
import { callTool } from './client';

/** Compiled, never run: the calls would need a background to answer. */
function typedCalls(): void {
  void callTool('entity_search', { query: 'stri', limit: 5 });
  void callTool('entity_merge', { name_a: 'Stripe', name_b: 'Stripe, Inc.' });
  void callTool('resolve', { subject: 'Stripe, Inc.' });
  // @ts-expect-error: no tool has this name
  void callTool('entity_serch', { query: 'stri' });
  // @ts-expect-error: entity_search has no field `q`
  void callTool('entity_search', { q: 'stri' });
  // @ts-expect-error: `limit` is a number
  void callTool('entity_search', { query: 'stri', limit: '5' });
  // @ts-expect-error: entity_merge needs both names
  void callTool('entity_merge', { name_a: 'Stripe' });
}

describe('callTool types', () => {
  it('infers each tool’s arguments and result from its schemas', () => {
    expectTypeOf(typedCalls).toBeFunction();
    expectTypeOf<'entity_search'>().toExtend<ToolName>();
    expectTypeOf<'resolve_reference_target'>().toExtend<ToolName>();
    expectTypeOf<ToolOutput<'entity_search'>['results'][number]['entity_type']>().toEqualTypeOf<EntityType>();
    expectTypeOf<ToolOutput<'entity_merge'>>().toHaveProperty('merge_id');
    expectTypeOf<ToolInput<'entity_search'>>().toHaveProperty('query');
    // @ts-expect-error: entity_merge answers `merged_into`, not `merged`
    expectTypeOf<ToolOutput<'entity_merge'>>().toHaveProperty('merged');
  });
});
