import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AriadneError } from '../errors';
import { defineTool, ToolRegistry } from './registry';
import type { Tool } from './tool';

const caller = { caller: { kind: 'test' as const } };

const echo = defineTool({
  name: 'echo',
  description: 'Returns its text.',
  sideEffectClass: 'read-only',
  inputSchema: z.object({ text: z.string().min(1).describe('What to echo') }),
  outputSchema: z.object({ text: z.string() }),
  examples: [{ input: { text: 'hi' }, output: { text: 'hi' } }],
  execute: async ({ text }) => ({ text }),
});

function codeOf(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AriadneError ? e.code : `not AriadneError: ${String(e)}`),
  );
}

describe('ToolRegistry registration', () => {
  it('derives the __ fields and defaults', () => {
    const r = new ToolRegistry({ deps: {} });
    const t = r.register(echo);
    expect(t).toMatchObject({
      __sideEffectClass: 'read-only',
      __trustClass: 'first-party',
      __source: 'builtin',
      __effectiveDeferLoading: false,
      __idempotent: false,
      __streamingHint: false,
      __exampleCount: 1,
      maxResultTokens: 16384,
      executionMode: 'parallel',
    });
  });

  it('refuses an example that does not match its schemas', () => {
    const r = new ToolRegistry({ deps: {} });
    expect(() => r.register({ ...echo, examples: [{ input: { text: '' }, output: { text: '' } }] })).toThrow(/Example 1 of echo/);
    expect(() => r.register({ ...echo, examples: [{ input: { text: 'a' }, output: { text: 3 as unknown as string } }] })).toThrow(
      AriadneError,
    );
    expect(() => r.register({ ...echo, examples: [] })).toThrow(/at least one example/);
  });

  it('warns once for more than five examples and for a missing sideEffectClass (then side-effecting, sequential)', () => {
    const warnings: string[] = [];
    const r = new ToolRegistry({ deps: {}, warn: (m) => warnings.push(m) });
    const ex = echo.examples[0];
    if (!ex) throw new Error('fixture');
    r.register({ ...echo, name: 'many', examples: [ex, ex, ex, ex, ex, ex] });
    const { sideEffectClass: _s, ...unclassified } = echo;
    const t = r.register({ ...unclassified, name: 'unclassified' });
    expect(t.__sideEffectClass).toBe('side-effecting');
    expect(t.executionMode).toBe('sequential');
    expect(warnings.filter((w) => w.includes('6 examples'))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('no sideEffectClass'))).toHaveLength(1);
  });

  it('lists by name and exports function tools without internal or deferred ones', () => {
    const r = new ToolRegistry({ deps: {} });
    r.register({ ...echo, name: 'zeta' });
    r.register({ ...echo, name: 'alpha' });
    r.register({ ...echo, name: 'hidden', internal: true });
    r.register({ ...echo, name: 'later', defer_loading: true });
    expect(r.list().map((t) => t.name)).toEqual(['alpha', 'hidden', 'later', 'zeta']);
    const fns = r.toJsonSchemaTools();
    expect(fns.map((f) => f.function.name)).toEqual(['alpha', 'zeta']);
    expect(fns[0]?.function.parameters).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', description: 'What to echo' } },
      required: ['text'],
    });
    expect(r.toJsonSchemaTools({ includeDeferred: true }).map((f) => f.function.name)).toEqual(['alpha', 'later', 'zeta']);
  });
});

describe('ToolRegistry.call', () => {
  it('unknown tool → not_found; bad arguments → invalid_arguments naming the field', async () => {
    const r = new ToolRegistry({ deps: {} });
    r.register(echo);
    expect(await codeOf(r.call('nope', {}, caller))).toBe('not_found');
    await expect(r.call('echo', { text: 5 }, caller)).rejects.toThrow(/text:/);
    expect(await r.callSafe('echo', {}, caller)).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(await r.callSafe('echo', { text: 'hi' }, caller)).toEqual({ ok: true, result: { text: 'hi' } });
  });

  it('an argument key the tool does not declare, at any depth, is invalid_arguments naming it; keys a record or a loose object takes pass', async () => {
    const r = new ToolRegistry({ deps: {} });
    const seen: unknown[] = [];
    r.register(
      defineTool({
        name: 'draw',
        description: 'Draws.',
        sideEffectClass: 'read-only',
        inputSchema: z.object({
          around: z.string().optional(),
          filter: z.object({ types: z.array(z.object({ name: z.string() })).optional() }).optional(),
          attributes: z.record(z.string(), z.object({ value: z.string() })).optional(),
          extra: z.looseObject({}).optional(),
          either: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]).optional(),
        }),
        outputSchema: z.object({ ok: z.boolean() }),
        examples: [{ input: {}, output: { ok: true } }],
        execute: async (input) => {
          seen.push(input);
          return { ok: true };
        },
      }),
    );
    const refused = async (args: unknown) => {
      const out = await r.callSafe('draw', args, caller);
      return out.ok ? undefined : { code: out.error.code, unknown: (out.error.details as { unknown?: string[] } | undefined)?.unknown };
    };
    expect(await refused({ center: 'Stripe' })).toEqual({ code: 'invalid_arguments', unknown: ['center'] });
    expect(await refused({ around: 'Stripe', filter: { types: [{ name: 'x', kind: 'y' }], depth: 2 } })).toEqual({
      code: 'invalid_arguments',
      unknown: ['filter.types[0].kind', 'filter.depth'],
    });
    expect(await refused({ attributes: { any: { value: 'v', note: 'n' } } })).toEqual({
      code: 'invalid_arguments',
      unknown: ['attributes.any.note'],
    });
    expect(await refused({ either: { a: 'x', c: 'y' } })).toEqual({ code: 'invalid_arguments', unknown: ['either.c'] });
    // `__proto__` and `constructor` are keys like any other.
    expect(await refused(JSON.parse('{"__proto__": {"x": 1}, "constructor": 1}'))).toEqual({
      code: 'invalid_arguments',
      unknown: ['__proto__', 'constructor'],
    });
    await expect(r.call('draw', { center: 'Stripe' }, caller)).rejects.toThrow(/unknown key "center".*takes around, filter/);
    expect(seen).toEqual([]);
    expect(await refused({ around: 'S', attributes: { any: { value: 'v' } }, extra: { whatever: 1 }, either: { b: 'y' } })).toBeUndefined();
  });

  it('unknown errors from a handler become internal; an output off-schema is internal', async () => {
    const r = new ToolRegistry({ deps: {} });
    r.register({
      ...echo,
      name: 'boom',
      execute: async () => {
        throw new TypeError('kaput');
      },
    });
    r.register({ ...echo, name: 'liar', execute: async () => ({ text: 1 as unknown as string }) });
    expect(await codeOf(r.call('boom', { text: 'a' }, caller))).toBe('internal');
    expect(await codeOf(r.call('liar', { text: 'a' }, caller))).toBe('internal');
  });

  it('asks for approval: none → approval_required, refused → approval_denied, granted → runs', async () => {
    const asked: string[] = [];
    const r = new ToolRegistry({ deps: {} });
    r.register({ ...echo, name: 'guarded', needsApproval: (input: { text: string }) => input.text === 'danger' });
    expect(await codeOf(r.call('guarded', { text: 'safe' }, caller))).toBe('ok');
    expect(await codeOf(r.call('guarded', { text: 'danger' }, caller))).toBe('approval_required');
    expect(await codeOf(r.call('guarded', { text: 'danger' }, { ...caller, approve: async () => false }))).toBe('approval_denied');
    const ok = await r.call('guarded', { text: 'danger' }, { ...caller, approve: async (q) => (asked.push(q.tool), true) });
    expect(ok).toEqual({ text: 'danger' });
    expect(asked).toEqual(['guarded']);
  });

  it('writes from a web page are forbidden; writes over MCP need approval', async () => {
    const r = new ToolRegistry({ deps: {} });
    r.register({ ...echo, name: 'write', sideEffectClass: 'side-effecting' });
    expect(await codeOf(r.call('write', { text: 'a' }, { caller: { kind: 'content' } }))).toBe('forbidden');
    expect(await codeOf(r.call('write', { text: 'a' }, { caller: { kind: 'mcp' } }))).toBe('approval_required');
    expect(await codeOf(r.call('echo_read', { text: 'a' }, { caller: { kind: 'mcp' } }))).toBe('not_found');
  });

  it('never interleaves sequential tools', async () => {
    const events: string[] = [];
    const slow: Tool<{ text: string }, { text: string }, object> = {
      ...echo,
      name: 'slow_write',
      sideEffectClass: 'side-effecting',
      execute: async ({ text }) => {
        events.push(`start ${text}`);
        await new Promise((res) => setTimeout(res, 5));
        events.push(`end ${text}`);
        return { text };
      },
    };
    const r = new ToolRegistry({ deps: {} });
    r.register(slow);
    await Promise.all(['a', 'b', 'c'].map((text) => r.call('slow_write', { text }, caller)));
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs sequential tools through the exclusive runner it is given, with the deps that runner hands over', async () => {
    const seen: string[] = [];
    const write: Tool<{ text: string }, { text: string }, { who: string }> = {
      ...echo,
      name: 'write_who',
      sideEffectClass: 'side-effecting',
      execute: async ({ text }, ctx) => ({ text: `${text} by ${ctx.deps.who}` }),
    };
    const r = new ToolRegistry<{ who: string }>({
      deps: { who: 'caller' },
      exclusive: async (run) => {
        seen.push('locked');
        return run({ who: 'writer' });
      },
    });
    r.register(write);
    r.register({
      ...echo,
      name: 'read_who',
      execute: async ({ text }: { text: string }, ctx: { deps: { who: string } }) => ({ text: `${text} by ${ctx.deps.who}` }),
    });
    expect(await r.call('write_who', { text: 'a' }, caller)).toEqual({ text: 'a by writer' });
    expect(await r.call('read_who', { text: 'b' }, caller)).toEqual({ text: 'b by caller' });
    expect(seen).toEqual(['locked']);
  });

  it('cuts arrays from the end to fit maxResultTokens and says so', async () => {
    const list = defineTool({
      name: 'list',
      description: 'Many items.',
      sideEffectClass: 'read-only',
      maxResultTokens: 200,
      inputSchema: z.object({ n: z.number() }),
      outputSchema: z.object({ items: z.array(z.string()), truncated: z.string().optional() }),
      examples: [{ input: { n: 1 }, output: { items: ['item 0'] } }],
      execute: async ({ n }) => ({ items: Array.from({ length: n }, (_, i) => `item ${i}`) }),
    });
    const r = new ToolRegistry({ deps: {} });
    r.register(list);
    r.register({ ...list, name: 'list_text', truncationStrategy: 'truncate-text', execute: async () => ({ items: ['x'.repeat(5000)] }) });
    r.register({ ...list, name: 'list_strict', truncationStrategy: 'error' });
    const out = z.object({ items: z.array(z.string()), truncated: z.string() }).parse(await r.call('list', { n: 1000 }, caller));
    expect(out.items[0]).toBe('item 0');
    expect(out.items.length).toBeLessThan(1000);
    expect(out.truncated).toMatch(/kept \d+ of 1000 items/);
    expect(JSON.stringify(out).length / 4).toBeLessThanOrEqual(200);
    const text = z.object({ items: z.array(z.string()) }).parse(await r.call('list_text', { n: 1 }, caller));
    expect(text.items[0]?.length).toBeLessThan(800);
    expect(await codeOf(r.call('list_strict', { n: 1000 }, caller))).toBe('invalid_arguments');
    expect(await r.call('list', { n: 3 }, caller)).toEqual({ items: ['item 0', 'item 1', 'item 2'] });
  });
});
