import { describe, expect, it } from 'vitest';
import { llmFormProblems } from './llm-form';

const server = { provider: 'openai-compatible' as const, baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' };

describe('the LLM form is checked before it is saved', () => {
  it('a server with an http(s) base URL and a model passes', () => {
    expect(llmFormProblems(server)).toEqual([]);
    expect(llmFormProblems({ ...server, baseUrl: 'https://api.example.com/v1' })).toEqual([]);
  });

  it('an empty model is refused with its code and field', () => {
    expect(llmFormProblems({ ...server, model: '  ' }).map((p) => [p.code, p.field])).toEqual([['missing_model', 'model']]);
  });

  it('a base URL that is missing, not http(s) or not an address is refused', () => {
    expect(llmFormProblems({ ...server, baseUrl: '' }).map((p) => p.code)).toEqual(['missing_base_url']);
    for (const baseUrl of ['localhost:11434', 'javascript:alert(1)', 'file:///etc', 'not a url', 'http://'])
      expect(
        llmFormProblems({ ...server, baseUrl }).map((p) => p.code),
        baseUrl,
      ).toEqual(['invalid_base_url']);
  });

  it('offline and the built-in model need no fields', () => {
    expect(llmFormProblems({ provider: 'none', baseUrl: '', model: '' })).toEqual([]);
    expect(llmFormProblems({ provider: 'prompt-api', baseUrl: '', model: '' })).toEqual([]);
  });
});
