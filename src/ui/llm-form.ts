/**
 * The LLM settings form checked before it is saved: a server needs an http(s) base URL and
 * a model name. Each problem has a stable code, the field it is about and a sentence saying
 * what to do, so the form can mark the field and say why.
 *
 * @example
 *   llmFormProblems({ provider: 'openai-compatible', baseUrl: 'localhost:11434', model: '' })
 *   // [{ code: 'invalid_base_url', field: 'baseUrl', message: '…' }, { code: 'missing_model', field: 'model', message: '…' }]
 */
import type { Settings } from '../core/settings';

export interface LlmFormProblem {
  readonly code: 'missing_base_url' | 'invalid_base_url' | 'missing_model';
  readonly field: 'baseUrl' | 'model';
  readonly message: string;
}

export function llmFormProblems(llm: Pick<Settings['llm'], 'provider' | 'baseUrl' | 'model'>): LlmFormProblem[] {
  if (llm.provider !== 'openai-compatible') return [];
  const problems: LlmFormProblem[] = [];
  const base = llm.baseUrl.trim();
  if (base === '') {
    problems.push({ code: 'missing_base_url', field: 'baseUrl', message: 'Enter the server’s base URL, e.g. http://localhost:11434/v1.' });
  } else if (!isHttpUrl(base)) {
    problems.push({
      code: 'invalid_base_url',
      field: 'baseUrl',
      message: 'The base URL must start with http:// or https://, e.g. http://localhost:11434/v1.',
    });
  }
  if (llm.model.trim() === '')
    problems.push({ code: 'missing_model', field: 'model', message: 'Enter the model to use, as the server names it (e.g. llama3.2).' });
  return problems;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
