/**
 * The tool contract: what a tool declares, and the
 * resolved record the registry hands to every consumer (side panel, query loop,
 * MCP bridge) with the derived `__` fields computed once at registration.
 */
import type { z } from 'zod';
import type { WriteReport } from './write-report';

/**
 * How a tool touches the world. `read-only` never writes; `side-effecting` writes the
 * graph; `destructive` removes data (delete, clear); `external-stateful` talks to a
 * remote service (Wikidata, an LLM).
 */
export type SideEffectClass = 'read-only' | 'side-effecting' | 'destructive' | 'external-stateful';
/** Who wrote the tool, and so how far its descriptions are trusted. */
export type ToolTrustClass = 'first-party' | 'third-party' | 'untrusted';
export type ToolSource = 'builtin' | 'mcp' | 'plugin';
export type ModelHint = 'fast' | 'balanced' | 'smart';
/** What to do when a result exceeds `maxResultTokens`. */
export type TruncationStrategy = 'truncate-arrays' | 'truncate-text' | 'error';

/** Who is calling. Writes from `content` are refused; `mcp` writes need approval. */
export type CallerKind = 'extension' | 'content' | 'background' | 'mcp' | 'llm' | 'test';

/**
 * A callback type checked bivariantly in its parameters (the method-shorthand rule),
 * so a `Tool<{ name: string }>` can sit in a registry of `Tool<unknown>`: the registry
 * only ever calls it with input its own schema parsed.
 */
export type Callback<A extends unknown[], R> = { bivariant(...args: A): R }['bivariant'];

export interface ToolExample<I, O> {
  readonly description?: string;
  readonly input: I;
  readonly output: O;
}

export interface ToolExecutionContext<D> {
  readonly deps: D;
  readonly caller: { readonly kind: CallerKind; readonly clientId?: string };
  readonly requestId: string;
  readonly signal?: AbortSignal;
  /** Streaming tools push partial text here (answers streamed to the side panel). */
  readonly streamContent?: (chunk: string) => void;
  readonly reportProgress?: (done: number, total: number) => void;
  /** A writing tool says here what it changed that its output does not (see write-report.ts). */
  readonly report?: (written: WriteReport) => void;
}

export interface Tool<I = unknown, O = unknown, D = unknown> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: z.ZodType<I>;
  readonly outputSchema: z.ZodType<O>;
  /**
   * Required in spirit: when missing, the registry warns once and applies the
   * conservative default `side-effecting` (a write until it says otherwise).
   */
  readonly sideEffectClass?: SideEffectClass;
  readonly trustClass?: ToolTrustClass;
  readonly source?: ToolSource;
  readonly tags?: readonly string[];
  /** 1–5 worked examples, validated against the schemas at registration. */
  readonly examples: readonly ToolExample<I, O>[];
  /** Default 16,384; 0 disables the cap (warned at registration). */
  readonly maxResultTokens?: number;
  readonly truncationStrategy?: TruncationStrategy;
  readonly needsApproval?: boolean | Callback<[input: I, ctx: ToolExecutionContext<D>], boolean | Promise<boolean>>;
  /** Repeating a call with the same input changes nothing more; agents are told so (MCP's `idempotentHint`). */
  readonly idempotent?: true;
  /** Writing tools are `sequential`: they run under the graph's single writer, never beside another write. */
  readonly executionMode?: 'parallel' | 'sequential';
  readonly defer_loading?: boolean;
  readonly examplesEagerlyRendered?: boolean;
  readonly streamingHint?: true;
  readonly preferredModel?: ModelHint;
  /** Not offered outside the extension (MCP, LLM function calling). */
  readonly internal?: boolean;
  execute(input: I, ctx: ToolExecutionContext<D>): Promise<O>;
}

/**
 * A tool as `defineTool` returns it: its name as a literal type and its schemas with
 * their own types, so a caller's input (`z.input`) and the output (`z.output`) can be
 * read off it; `execute` receives the input schema's output.
 */
export type DefinedTool<N extends string, IS extends z.ZodType, OS extends z.ZodType, D> = Tool<z.output<IS>, z.output<OS>, D> & {
  readonly name: N;
  readonly inputSchema: IS;
  readonly outputSchema: OS;
};

/** A registered tool with its derived `__` fields, computed once at registration. */
export interface ResolvedTool<I = unknown, O = unknown, D = unknown> extends Tool<I, O, D> {
  readonly __trustClass: ToolTrustClass;
  readonly __source: ToolSource;
  readonly __effectiveDeferLoading: boolean;
  readonly __sideEffectClass: SideEffectClass;
  readonly __idempotent: boolean;
  readonly __streamingHint: boolean;
  readonly __exampleCount: number;
  readonly __preferredModel?: ModelHint;
}
