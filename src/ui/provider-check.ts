/**
 * The connection test the chosen LLM provider allows: an OpenAI-compatible endpoint's model
 * list (`testConnection`), or the browser's built-in model being ready. Used before the
 * LLM settings are saved and before page reading is turned on.
 */
import type { Settings } from '../core/settings';
import { testConnection } from './llm-test';
import { promptApi } from './panel-ports';

export async function providerWorks(llm: Settings['llm']): Promise<{ ok: boolean; text: string }> {
  if (llm.provider === 'none') return { ok: true, text: 'Offline: nothing to connect to.' };
  if (llm.provider === 'prompt-api') {
    return (await promptApi().ready())
      ? { ok: true, text: 'The built-in model is ready.' }
      : { ok: false, text: "The browser's built-in model is not ready here." };
  }
  return testConnection(llm);
}
