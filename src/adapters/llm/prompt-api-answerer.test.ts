// Chrome's Prompt API answerer: feature detection (hidden when absent) and the JSON
// protocol, against a stand-in for the browser's `LanguageModel` global.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/graph/ids';
import { createQueryEngine } from '../../core/query/entity-query';
import { buildStripeGraph, FIXTURE_NOW } from '../../core/query/fixtures/stripe-graph';
import { detectPromptApi, isPromptApiReady, PromptApiAnswerer, type LanguageModelApi } from './prompt-api-answerer';

function fakeLanguageModel(replies: Array<(prompt: string) => string>): LanguageModelApi & { prompts: string[] } {
  const prompts: string[] = [];
  let n = 0;
  return {
    prompts,
    availability: async () => 'available',
    create: async () => ({
      prompt: async (input: string) => {
        prompts.push(input);
        const reply = replies[Math.min(n++, replies.length - 1)];
        return reply ? reply(input) : '';
      },
      destroy: () => undefined,
    }),
  };
}

describe('PromptApiAnswerer', () => {
  it('is hidden when the LanguageModel global is absent', async () => {
    expect(detectPromptApi({})).toBeUndefined();
    expect(await isPromptApiReady({})).toBe(false);
    expect(detectPromptApi({ LanguageModel: { availability: 1 } })).toBeUndefined();
  });

  it('requests a capability, then answers, through the same loop', async () => {
    const { store } = await buildStripeGraph();
    const idOf = (p: string): string => /summary (e_[0-9a-z]+) type=company name="Stripe"/.exec(p)?.[1] ?? 'missing';
    const api = fakeLanguageModel([
      (p) => JSON.stringify({ action: 'request', capability: 'EXPAND_ENTITY', parameters: { entityId: idOf(p) } }),
      (p) =>
        JSON.stringify({
          action: 'answer',
          answer: 'Stripe is a payments company.',
          confidence: 'high',
          sources: [/entity (e_[0-9a-z]+) type=company/.exec(p)?.[1]],
          follow_ups: ['Who founded Stripe?'],
        }),
    ]);
    expect(detectPromptApi({ LanguageModel: api })).toBe(api);
    const engine = createQueryEngine({ store, clock: fixedClock(FIXTURE_NOW), answerer: new PromptApiAnswerer(api) });
    const result = await engine.executeQuery('what do we know about Stripe?');
    expect(result.answerer).toBe('chrome-prompt-api');
    expect(result.answererCalls).toBe(2);
    expect(result.answer).toMatchObject({ content: 'Stripe is a payments company.', confidence: 'high' });
    expect(result.answer.sources.map((s) => s.name)).toEqual(['Stripe']);
    expect(api.prompts[1]).toContain('"industry": "payments"');
  });

  it('falls back to the symbolic answer when the model replies with garbage', async () => {
    const { store } = await buildStripeGraph();
    const engine = createQueryEngine({
      store,
      clock: fixedClock(FIXTURE_NOW),
      answerer: new PromptApiAnswerer(fakeLanguageModel([() => 'not json'])),
    });
    const result = await engine.executeQuery('which companies use Rust?');
    expect(result.answerer).toBe('symbolic');
    expect(result.answer.notices?.[0]).toContain('chrome-prompt-api answerer failed (internal');
  });
});
