/**
 * The tool registry (seed 004): registers tools after checking their examples
 * against their schemas, resolves the derived `__` fields once, and is the single
 * call boundary for every caller (side panel, query loop, MCP bridge). A call
 * parses its arguments, asks for approval when needed, deduplicates by
 * idempotency key, serializes writing tools, validates the output, fits it into
 * `maxResultTokens`, and turns anything thrown into an `AriadneError` with a
 * stable code.
 *
 * @example
 *   const registry = new ToolRegistry({ deps });
 *   registry.register(entityAdd);
 *   await registry.call('entity_add', { name: 'Stripe', entity_type: 'company' }, { caller: { kind: 'test' } });
 */
import { z } from 'zod';
import { AriadneError, InvalidArgumentsError, NotFoundError, toErrorShape } from '../errors';
import type { ErrorShape } from '../errors';
import { fitResult } from './truncate';
import type { CallerKind, ResolvedTool, SideEffectClass, Tool, ToolExecutionContext } from './tool';

/** Seed 004's default result cap. */
export const DEFAULT_MAX_RESULT_TOKENS = 16_384;
/** Seed 004 bounds examples to [1, 5]. */
export const MAX_EXAMPLES = 5;
/** Idempotent results remembered (least recently used dropped first). */
export const IDEMPOTENCY_CACHE_SIZE = 256;
/** Validation issues quoted in an `invalid_arguments` message; more are counted. */
const MAX_QUOTED_ISSUES = 5;
const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Declares a tool with its types inferred from its schemas.
 *
 * @example
 *   export const ping = defineTool({ name: 'ping', description: 'Answers pong.', sideEffectClass: 'read-only',
 *     inputSchema: z.object({}), outputSchema: z.object({ pong: z.literal(true) }),
 *     examples: [{ input: {}, output: { pong: true } }], execute: async () => ({ pong: true as const }) });
 */
export function defineTool<I, O, D>(tool: Tool<I, O, D>): Tool<I, O, D> {
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
}

export interface RegistryOptions<D> {
  readonly deps: D;
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

function asAriadneError(error: unknown): AriadneError {
  if (error instanceof AriadneError) return error;
  const shape = toErrorShape(error);
  return new AriadneError(shape.code, shape.message, shape.details);
}

/** A FIFO mutex for sequential tools. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }
}

export class ToolRegistry<D> {
  private readonly tools = new Map<string, ResolvedTool<unknown, unknown, D>>();
  private readonly deps: D;
  private readonly approve: ApprovalHook | undefined;
  private readonly warnSink: (message: string) => void;
  private readonly warned = new Set<string>();
  private readonly writes = new Mutex();
  private readonly idempotent = new Map<string, Promise<unknown>>();
  private requestCounter = 0;

  constructor(options: RegistryOptions<D>) {
    this.deps = options.deps;
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
      if (!output.success) throw new InvalidArgumentsError(`Example ${i + 1} of ${tool.name}: ${issuesMessage('its output', output.error)}`);
    });
    if (tool.sideEffectClass === undefined) {
      this.warnOnce(`Tool ${tool.name} declares no sideEffectClass; treated as side-effecting.`);
    }
    if (tool.maxResultTokens === 0) this.warnOnce(`Tool ${tool.name} has no result cap (maxResultTokens 0).`);
    const sideEffectClass = tool.sideEffectClass ?? 'side-effecting';
    if ((sideEffectClass === 'side-effecting' || sideEffectClass === 'external-stateful') && !tool.idempotencyKey) {
      // Seed 004: an idempotency key is "required-by-WARN" for these classes; ours are
      // idempotent by construction (find-or-create, unique relations), so this is informative.
      this.warnOnce(`Tool ${tool.name} is ${sideEffectClass} without an idempotencyKey.`);
    }
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
      __hasIdempotencyKey: tool.idempotencyKey !== undefined,
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
      throw new NotFoundError(`No tool is named "${String(name).slice(0, 80)}". Known tools: ${this.list().map((t) => t.name).join(', ')}.`);
    }
    try {
      const parsed = tool.inputSchema.safeParse(rawArgs ?? {});
      if (!parsed.success) throw new InvalidArgumentsError(issuesMessage(name, parsed.error), { issues: parsed.error.issues.slice(0, MAX_QUOTED_ISSUES).map((i) => ({ path: i.path.map(String), message: i.message })) });
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
      const run = (): Promise<unknown> => (tool.executionMode === 'sequential' ? this.writes.run(() => this.execute(tool, input, ctx)) : this.execute(tool, input, ctx));
      if (!tool.idempotencyKey) return await run();
      const key = `${name}\u0000${await tool.idempotencyKey(input, ctx)}`;
      const cached = this.idempotent.get(key);
      if (cached) {
        this.idempotent.delete(key);
        this.idempotent.set(key, cached); // most recently used
        return await cached;
      }
      const pending = run();
      this.idempotent.set(key, pending);
      pending.catch(() => this.idempotent.delete(key)); // failures are not remembered
      while (this.idempotent.size > IDEMPOTENCY_CACHE_SIZE) {
        const oldest = this.idempotent.keys().next();
        if (oldest.done) break;
        this.idempotent.delete(oldest.value);
      }
      return await pending;
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
    const ok = await approve({ tool: tool.name, sideEffectClass: tool.__sideEffectClass, input, caller: ctx.caller, requestId: ctx.requestId });
    if (!ok) throw new AriadneError('approval_denied', `The user refused ${tool.name}.`);
  }

  private async execute(tool: ResolvedTool<unknown, unknown, D>, input: unknown, ctx: ToolExecutionContext<D>): Promise<unknown> {
    if (ctx.signal?.aborted) throw new AriadneError('timeout', `${tool.name} was cancelled before it started.`);
    const raw = await tool.execute(input, ctx);
    const output = tool.outputSchema.safeParse(raw);
    if (!output.success) {
      throw new AriadneError('internal', `${tool.name} produced a result that does not match its schema: ${issuesMessage('its output', output.error)}`);
    }
    return fitResult(output.data, tool.maxResultTokens ?? DEFAULT_MAX_RESULT_TOKENS, tool.truncationStrategy ?? 'truncate-arrays', tool.name).result;
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
