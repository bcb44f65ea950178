/**
 * The tools the background serves, as types: each tool's name, the input a caller
 * sends (before the schema's defaults) and the output it gets back, inferred from
 * the tool's zod schemas in its definition. Callers by name (the side panel's
 * `callTool`) are typed through it, so renaming a tool or one of its fields fails
 * to compile where it is called (`catalog.typecheck.ts` keeps that true).
 *
 * @example
 *   type Hits = ToolOutput<'entity_search'>['results']; // { id, name, type, score, … }[]
 *   const args: ToolInput<'entity_merge'> = { name_a: 'Stripe', name_b: 'Stripe, Inc.' };
 */
import type { z } from 'zod';
import type { workspaceTools } from '../workspace/tools';
import type { appTools } from './app-registry';

// The workspace tools are served beside each workspace's graph tools (WorkspaceToolRouter).
type AppTool = (typeof appTools)[number] | (typeof workspaceTools)[number];

/** The name of a tool the background serves. */
export type ToolName = AppTool['name'];

type ToolNamed<N extends ToolName> = Extract<AppTool, { readonly name: N }>;

/** `T` with every array and object read-only: a caller may pass its read-only data as it is. */
type Immutable<T> = T extends readonly (infer U)[]
  ? readonly Immutable<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Immutable<T[K]> }
    : T;

/** What a caller sends to tool `N` (fields with defaults are optional). */
export type ToolInput<N extends ToolName> = Immutable<z.input<ToolNamed<N>['inputSchema']>>;

/** What tool `N` answers, as its output schema describes it. */
export type ToolOutput<N extends ToolName> = z.output<ToolNamed<N>['outputSchema']>;
