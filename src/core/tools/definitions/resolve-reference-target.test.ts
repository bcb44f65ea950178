// The tool behind the registry's call boundary: its examples are real outputs of the
// resolver on the state they describe, and bad input gets invalid_arguments.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../graph/ids';
import type { EntityId } from '../../graph/ids';
import { estimateTokens } from '../truncate';
import { ToolRegistry } from '../registry';
import type { ReferenceLogRecord } from '../../reference/log';
import { resolveReferenceTargetTool } from './resolve-reference-target';
import type { ReferenceToolDeps } from './resolve-reference-target';
import { ReferenceRegistry } from '../../reference/registry';

const T0 = Date.UTC(2026, 0, 1, 12);

/** The conversation the tool's examples describe: a question, an answer, then Stripe's page. */
function exampleState(): ReferenceRegistry {
  const r = new ReferenceRegistry({ clock: fixedClock(T0) });
  const w = { chatId: 'w1', topicId: 't3' };
  r.recordMessage({ ...w, messageId: 'm_1', author: { kind: 'user', userId: 'me' }, label: 'What is Stripe?', at: T0 - 300_000 });
  r.recordAnswer({ ...w, messageId: 'm_2', replyToMessageId: 'm_1', label: 'Stripe is a payments company…', at: T0 - 290_000 });
  r.recordCapture({
    ...w,
    url: 'https://en.wikipedia.org/wiki/Stripe,_Inc.',
    title: 'Stripe, Inc. - Wikipedia',
    kind: 'article',
    at: T0 - 60_000,
    media: [
      { src: 'https://upload.example/logo.svg', kind: 'media.image', label: 'Stripe logo' },
      { src: 'https://upload.example/hq.jpg', kind: 'media.image', label: 'Headquarters' },
    ],
    entities: [
      { entityId: 'e_000001' as EntityId, type: 'company', name: 'Stripe', salience: 0.9 },
      { entityId: 'e_000002' as EntityId, type: 'company', name: 'Visa', salience: 0.3 },
    ],
  });
  return r;
}

function tools(logs: ReferenceLogRecord[] = []) {
  const registry = new ToolRegistry<ReferenceToolDeps>({
    deps: { references: exampleState(), referenceLogger: (record) => logs.push(record) },
  });
  const resolved = registry.register(resolveReferenceTargetTool);
  return { registry, resolved };
}

describe('resolve_reference_target tool', () => {
  it('registers as a read-only, parallel, first-party tool with validated examples', () => {
    const { resolved } = tools();
    expect(resolved).toMatchObject({
      __sideEffectClass: 'read-only',
      executionMode: 'parallel',
      __trustClass: 'first-party',
      __exampleCount: 4,
    });
  });

  it.each(resolveReferenceTargetTool.examples.map((e) => [e.description ?? '', e] as const))(
    'example "%s" is what the tool returns',
    async (_d, example) => {
      const { registry } = tools();
      const result = await registry.call('resolve_reference_target', example.input, { caller: { kind: 'test' }, requestId: 'req-ex' });
      expect(result).toEqual(example.output);
    },
  );

  it('results stay under 200 estimated tokens with three candidates', async () => {
    const { registry } = tools();
    for (const example of resolveReferenceTargetTool.examples) {
      const result = await registry.call('resolve_reference_target', example.input, { caller: { kind: 'test' } });
      expect(estimateTokens(result)).toBeLessThanOrEqual(200);
    }
  });

  it("logs the compact record with the call's request id and keeps diagnostics out of the result", async () => {
    const logs: ReferenceLogRecord[] = [];
    const { registry } = tools(logs);
    const example = resolveReferenceTargetTool.examples[0];
    const result = await registry.call('resolve_reference_target', example?.input, { caller: { kind: 'llm' }, requestId: 'req-42' });
    expect(result).not.toHaveProperty('diagnostics');
    expect(logs).toEqual([
      {
        event: 'resolve_reference_target',
        request_id: 'req-42',
        chat_id: 'w1',
        topic_id: 't3',
        current_message_id: 'm_3',
        candidate_count: 7,
        status: 'resolved',
        top_ids: ['e_000001', 'e_000002', 'pg_aa7b9b5c343a42e5'],
        score_gap: 0.8,
      },
    ]);
  });

  it('refuses malformed arguments with invalid_arguments', async () => {
    const { registry } = tools();
    await expect(
      registry.call(
        'resolve_reference_target',
        { chat_id: 'w1', current_message_id: 'm', sender_user_id: 'u', raw_user_text: '', allowed_kinds: ['spaceship'] },
        { caller: { kind: 'llm' } },
      ),
    ).rejects.toMatchObject({ code: 'invalid_arguments' });
  });

  it('exports a JSON schema for function calling with the PRD fields', () => {
    const { registry } = tools();
    const [fn] = registry.toJsonSchemaTools();
    expect(fn?.function.name).toBe('resolve_reference_target');
    expect(Object.keys((fn?.function.parameters as { properties: object }).properties)).toEqual([
      'chat_id',
      'topic_id',
      'current_message_id',
      'reply_to_message_id',
      'sender_user_id',
      'raw_user_text',
      'normalized_reference_hints',
      'allowed_kinds',
      'max_candidates',
    ]);
  });
});
