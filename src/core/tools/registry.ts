/**
 * The tool registry: registers tools after checking their examples against their
 * schemas, resolves the derived `__` fields once, and is the single call boundary
 * for every caller (side panel, query loop, MCP bridge). A call parses its
 * arguments, asks for approval when needed, runs writing tools one at a time under
 * the graph's single writer (`RegistryOptions.exclusive`), validates the output,
 * fits it into `maxResultTokens`, and turns anything thrown into an `AriadneError`
 * with a stable code.
 *
 * @example
 *   const registry = new ToolRegistry({ deps });
 *   registry.register(entityAdd);
 *   await registry.call('entity_add', { name: 'Stripe', entity_type: 'company' }, { caller: { kind: 'test' } });
 */
import { z } from 'zod';
import { AriadneError, InvalidArgumentsError, NotFoundError, toErrorShape } from '../errors';
import type { ErrorShape } from '../errors';
import { WriteLock } from '../graph/write-lock';
import { fitResult } from './truncate';
import { unknownKeys } from './unknown-keys';
import type { CallerKind, DefinedTool, ResolvedTool, SideEffectClass, Tool, ToolExecutionContext } from './tool';
import type { WriteCall, WriteReport } from './write-report';

/** A result's default cap, in tokens (about four characters each): a long answer still fits an LLM's context. */
export const DEFAULT_MAX_RESULT_TOKENS = 16_384;
/** Examples a tool is expected to have at most: enough to show its cases, few enough to read in its doc. */
export const MAX_EXAMPLES = 5;
/** Validation issues quoted in an `invalid_arguments` message; more are counted. */
const MAX_QUOTED_ISSUES = 5;
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Declares a tool with its types inferred from its schemas. The result keeps its
 * literal name and its schemas' own types, so `catalog.ts` can type every
 * call by name (a renamed tool or field fails to compile at its callers).
 *
 * @example
 *   export const ping = defineTool({ name: 'ping', description: 'Answers pong.', sideEffectClass: 'read-only',
 *     inputSchema: z.object({}), outputSchema: z.object({ pong: z.literal(true) }),
 *     examples: [{ input: {}, output: { pong: true } }], execute: async () => ({ pong: true as const }) });
 */
export function defineTool<const N extends string, IS extends z.ZodType, OS extends z.ZodType, D>(
  tool: DefinedTool<N, IS, OS, D>,
): DefinedTool<N, IS, OS, D> {
  return tool;
}

export interface ApprovalRequest {
  readonly tool: string;
  readonly sideEffectClass: SideEffectClass;
  readonly input: unknown;
  readonly caller: ToolExecutionContext<unknown>['caller'];
  readonly requestId: string;
}
/** Asks the user; resolves true to run the tool, false to refuse it. */
export type ApprovalHook = (request: ApprovalRequest) => Promise<boolean>;

export interface CallOptions {
  readonly caller: { readonly kind: CallerKind; readonly clientId?: string };
  readonly requestId?: string;
  readonly signal?: AbortSignal;
  /** Overrides the registry's approval hook for this call. */
  readonly approve?: ApprovalHook;
  readonly streamContent?: (chunk: string) => void;
  readonly reportProgress?: (done: number, total: number) => void;
  /**
   * Told of a sequential (writing) tool's success inside its writer turn, which then is
   * one store transaction: the tool's writes and what this writes (team sync queues the
   * call's changes) commit together or not at all. Like any code inside a store
   * transaction it must await nothing but the store.
   */
  readonly afterWrite?: (call: WriteCall) => Promise<void>;
}

/**
 * Runs a writing tool with the graph's writer to itself, handing it the dependencies to
 * write through (those of `GraphService.exclusive`'s session graph).
 */
export type ExclusiveRunner<D> = <T>(run: (deps: D) => Promise<T>, options?: { readonly atomic?: boolean }) => Promise<T>;

export interface RegistryOptions<D> {
  readonly deps: D;
  /**
   * The single writer sequential tools run under (`createRegistry` passes the graph
   * service's). Without one, the registry keeps its own `WriteLock`, so sequential tools
   * still never overlap each other.
   */
  readonly exclusive?: ExclusiveRunner<D>;
  /** Consulted when a call needs approval; without one such calls fail with `approval_required`. */
  readonly approve?: ApprovalHook;
  /** Registration warnings (each said once). */
  readonly warn?: (message: string) => void;
}

/** An OpenAI function-calling tool definition. */
export interface FunctionTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: Record<string, unknown> };
}

export interface ToolFilter {
  readonly names?: readonly string[];
  /** Include `defer_loading` tools (default false: they are looked up on demand). */
  readonly includeDeferred?: boolean;
  readonly sideEffectClasses?: readonly SideEffectClass[];
}

export type CallResult = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: ErrorShape };

/** Writes may not come from a page; from outside the extension they need the user. */
function isWrite(c: SideEffectClass): boolean {
  return c !== 'read-only';
}

function issuesMessage(tool: string, error: z.ZodError): string {
  const parts = error.issues.slice(0, MAX_QUOTED_ISSUES).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(arguments)';
    return `${path}: ${issue.message}`;
  });
  const more = error.issues.length > MAX_QUOTED_ISSUES ? ` (and ${error.issues.length - MAX_QUOTED_ISSUES} more)` : '';
  return `Invalid arguments for ${tool}: ${parts.join('; ')}${more}.`;
}

/** Input JSON Schemas by input zod schema, built on a tool's first call. */
const inputSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/** Refuses argument keys the tool does not declare (zod would drop them and the call would run without them). */
function checkKnownKeys(tool: Pick<Tool<unknown, unknown, unknown>, 'name' | 'inputSchema'>, rawArgs: unknown): void {
  let schema = inputSchemas.get(tool.inputSchema);
  if (schema === undefined) {
    schema = inputJsonSchema(tool);
    inputSchemas.set(tool.inputSchema, schema);
  }
  const unknown = unknownKeys(schema, rawArgs);
  if (unknown.length === 0) return;
  const properties = schema.properties;
  const known = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  throw new InvalidArgumentsError(
    `Invalid arguments for ${tool.name}: unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.map((k) => `"${k.slice(0, 80)}"`).join(', ')}. ` +
      `${tool.name} takes ${known.length === 0 ? 'no arguments' : known.join(', ')} (see its input schema).`,
    { unknown },
  );
}

function asAriadneError(error: unknown): AriadneError {
  if (error instanceof AriadneError) return error;
  const shape = toErrorShape(error);
  return new AriadneError(shape.code, shape.message, shape.details);
}

/** The registry's own writer, for deps without a graph: runs on a private lock with the same deps (no store, so no transaction to make atomic). */
function lockedRunner<D>(deps: D): ExclusiveRunner<D> {
  const lock = new WriteLock();
  return (run) => lock.run(() => run(deps));
}

export class ToolRegistry<D> {
  private readonly tools = new Map<string, ResolvedTool<unknown, unknown, D>>();
  private readonly deps: D;
  private readonly approve: ApprovalHook | undefined;
  private readonly warnSink: (message: string) => void;
  private readonly warned = new Set<string>();
  private readonly exclusive: ExclusiveRunner<D>;
  private requestCounter = 0;

  constructor(options: RegistryOptions<D>) {
    this.deps = options.deps;
    this.exclusive = options.exclusive ?? lockedRunner(options.deps);
    this.approve = options.approve;
    this.warnSink = options.warn ?? (() => undefined);
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warnSink(message);
  }

  /**
   * Registers a tool. Refused (`invalid_arguments`) for a bad or duplicate name, no
   * examples, or an example that does not match the schemas.
   */
  register<I, O>(tool: Tool<I, O, D>): ResolvedTool<I, O, D> {
    if (!TOOL_NAME.test(tool.name)) {
      throw new InvalidArgumentsError(`Tool name "${tool.name}" must be snake_case (a-z, 0-9, _), at most 64 characters.`);
    }
    if (this.tools.has(tool.name)) throw new InvalidArgumentsError(`A tool named "${tool.name}" is already registered.`);
    if (tool.examples.length === 0) throw new InvalidArgumentsError(`Tool ${tool.name} needs at least one example.`);
    if (tool.examples.length > MAX_EXAMPLES) {
      this.warnOnce(`Tool ${tool.name} has ${tool.examples.length} examples; only ${MAX_EXAMPLES} are expected.`);
    }
    tool.examples.forEach((example, i) => {
      const input = tool.inputSchema.safeParse(example.input);
      if (!input.success) throw new InvalidArgumentsError(`Example ${i + 1} of ${tool.name}: ${issuesMessage('its input', input.error)}`);
      const output = tool.outputSchema.safeParse(example.output);
      if (!output.success)
        throw new InvalidArgumentsError(`Example ${i + 1} of ${tool.name}: ${issuesMessage('its output', output.error)}`);
    });
    if (tool.sideEffectClass === undefined) {
      this.warnOnce(`Tool ${tool.name} declares no sideEffectClass; treated as side-effecting.`);
    }
    if (tool.maxResultTokens === 0) this.warnOnce(`Tool ${tool.name} has no result cap (maxResultTokens 0).`);
    const sideEffectClass = tool.sideEffectClass ?? 'side-effecting';
    const resolved: ResolvedTool<I, O, D> = {
      ...tool,
      sideEffectClass,
      executionMode: tool.executionMode ?? (isWrite(sideEffectClass) ? 'sequential' : 'parallel'),
      maxResultTokens: tool.maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS,
      truncationStrategy: tool.truncationStrategy ?? 'truncate-arrays',
      __trustClass: tool.trustClass ?? 'first-party',
      __source: tool.source ?? 'builtin',
      __effectiveDeferLoading: tool.defer_loading ?? false,
      __sideEffectClass: sideEffectClass,
      __idempotent: tool.idempotent === true,
      __streamingHint: tool.streamingHint === true,
      __exampleCount: tool.examples.length,
      ...(tool.preferredModel === undefined ? {} : { __preferredModel: tool.preferredModel }),
    };
    this.tools.set(tool.name, resolved);
    return resolved;
  }

  get(name: string): ResolvedTool<unknown, unknown, D> | undefined {
    return this.tools.get(name);
  }

  /** Every tool, sorted by name. */
  list(): ResolvedTool<unknown, unknown, D>[] {
    return [...this.tools.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * OpenAI function-calling definitions (JSON Schema of the inputs). Never includes
   * `internal` tools; `defer_loading` ones only when asked.
   */
  toJsonSchemaTools(filter: ToolFilter = {}): FunctionTool[] {
    return this.list()
      .filter((t) => !t.internal)
      .filter((t) => filter.includeDeferred === true || !t.__effectiveDeferLoading)
      .filter((t) => filter.names === undefined || filter.names.includes(t.name))
      .filter((t) => filter.sideEffectClasses === undefined || filter.sideEffectClasses.includes(t.__sideEffectClass))
      .map((t) => ({
        type: 'function' as const,
        function: { name: t.name, description: t.description, parameters: inputJsonSchema(t) },
      }));
  }

  /**
   * Calls a tool by name with untrusted arguments. Resolves with the (validated,
   * size-capped) result; rejects with an `AriadneError` whatever went wrong.
   */
  async call(name: string, rawArgs: unknown, options: CallOptions): Promise<unknown> {
    const tool = this.tools.get(name);
    if (!tool) {
      throw new NotFoundError(
        `No tool is named "${String(name).slice(0, 80)}". Known tools: ${this.list()
          .map((t) => t.name)
          .join(', ')}.`,
      );
    }
    try {
      checkKnownKeys(tool, rawArgs);
      const parsed = tool.inputSchema.safeParse(rawArgs ?? {});
      if (!parsed.success)
        throw new InvalidArgumentsError(issuesMessage(name, parsed.error), {
          issues: parsed.error.issues.slice(0, MAX_QUOTED_ISSUES).map((i) => ({ path: i.path.map(String), message: i.message })),
        });
      const input = parsed.data;
      const ctx: ToolExecutionContext<D> = {
        deps: this.deps,
        caller: options.caller,
        requestId: options.requestId ?? `call-${++this.requestCounter}`,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.streamContent ? { streamContent: options.streamContent } : {}),
        ...(options.reportProgress ? { reportProgress: options.reportProgress } : {}),
      };
      await this.checkAllowed(tool, input, ctx, options.approve ?? this.approve);
      if (tool.executionMode !== 'sequential') return await this.execute(tool, input, ctx);
      const { afterWrite } = options;
      if (afterWrite === undefined) return await this.exclusive((deps) => this.execute(tool, input, { ...ctx, deps }));
      return await this.exclusive(
        async (deps) => {
          const reports: WriteReport[] = [];
          const output = await this.execute(tool, input, { ...ctx, deps, report: (r) => void reports.push(r) });
          await afterWrite({ name, input, output, reports });
          return output;
        },
        { atomic: true },
      );
    } catch (error) {
      throw asAriadneError(error);
    }
  }

  /** `call` as the wire protocol's envelope: never rejects. */
  async callSafe(name: string, rawArgs: unknown, options: CallOptions): Promise<CallResult> {
    try {
      return { ok: true, result: await this.call(name, rawArgs, options) };
    } catch (error) {
      return { ok: false, error: toErrorShape(error) };
    }
  }

  private async checkAllowed(
    tool: ResolvedTool<unknown, unknown, D>,
    input: unknown,
    ctx: ToolExecutionContext<D>,
    approve: ApprovalHook | undefined,
  ): Promise<void> {
    const write = isWrite(tool.__sideEffectClass);
    if (write && ctx.caller.kind === 'content') {
      throw new AriadneError('forbidden', `${tool.name} changes the graph and cannot be called from a web page.`);
    }
    const declared = typeof tool.needsApproval === 'function' ? await tool.needsApproval(input, ctx) : tool.needsApproval === true;
    // From outside the extension, every write waits for the user.
    const needed = declared || (write && ctx.caller.kind === 'mcp');
    if (!needed) return;
    if (!approve) {
      throw new AriadneError('approval_required', `${tool.name} needs the user's approval and no one can be asked here.`);
    }
    const ok = await approve({
      tool: tool.name,
      sideEffectClass: tool.__sideEffectClass,
      input,
      caller: ctx.caller,
      requestId: ctx.requestId,
    });
    if (!ok) throw new AriadneError('approval_denied', `The user refused ${tool.name}.`);
  }

  private async execute(tool: ResolvedTool<unknown, unknown, D>, input: unknown, ctx: ToolExecutionContext<D>): Promise<unknown> {
    if (ctx.signal?.aborted) throw new AriadneError('timeout', `${tool.name} was cancelled before it started.`);
    const raw = await tool.execute(input, ctx);
    const output = tool.outputSchema.safeParse(raw);
    if (!output.success) {
      throw new AriadneError(
        'internal',
        `${tool.name} produced a result that does not match its schema: ${issuesMessage('its output', output.error)}`,
      );
    }
    return fitResult(
      output.data,
      tool.maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS,
      tool.truncationStrategy ?? 'truncate-arrays',
      tool.name,
    ).result;
  }
}

/** A tool's input as JSON Schema (what an LLM or an MCP client is shown). */
export function inputJsonSchema(tool: Pick<Tool<unknown, unknown, unknown>, 'inputSchema'>): Record<string, unknown> {
  return z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' });
}

/** A tool's output as JSON Schema (for docs). */
export function outputJsonSchema(tool: Pick<Tool<unknown, unknown, unknown>, 'outputSchema'>): Record<string, unknown> {
  return z.toJSONSchema(tool.outputSchema, { io: 'output', unrepresentable: 'any' });
}
