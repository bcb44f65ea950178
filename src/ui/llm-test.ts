/**
 * "Test connection" for an OpenAI-compatible endpoint: `GET {baseUrl}/models` with
 * the key, a short timeout, and an answer in plain words (how many models, and
 * whether the chosen one is among them).
 *
 * @example await testConnection({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.2', apiKey: '' })
 */

/** The test gives up after this long: a local server answers in milliseconds. */
const TEST_TIMEOUT_MS = 8000;
/** Models read from the answer at most. */
const MAX_MODELS = 500;

export async function testConnection(
  llm: { readonly baseUrl: string; readonly model: string; readonly apiKey: string },
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: boolean; text: string }> {
  let url: URL;
  try {
    url = new URL(`${llm.baseUrl.replace(/(?<!\/)\/+$/, '')}/models`);
  } catch {
    return { ok: false, text: 'The base URL is not a valid address (for example http://localhost:11434/v1).' };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TEST_TIMEOUT_MS);
  try {
    const response = await fetchImpl(url, {
      headers: llm.apiKey ? { Authorization: `Bearer ${llm.apiKey}` } : {},
      signal: controller.signal,
    });
    if (response.status === 401 || response.status === 403)
      return { ok: false, text: `The server refused the API key (HTTP ${response.status}).` };
    if (!response.ok)
      return { ok: false, text: `The server answered HTTP ${response.status}. Check the base URL (it usually ends in /v1).` };
    const body: unknown = await response.json();
    const data = typeof body === 'object' && body !== null ? Reflect.get(body, 'data') : undefined;
    const ids = Array.isArray(data)
      ? data
          .slice(0, MAX_MODELS)
          .flatMap((m: unknown) =>
            typeof m === 'object' && m !== null && typeof Reflect.get(m, 'id') === 'string' ? [String(Reflect.get(m, 'id'))] : [],
          )
      : [];
    if (ids.length === 0) return { ok: true, text: 'Connected, but the server listed no models.' };
    if (llm.model && !ids.includes(llm.model))
      return { ok: false, text: `Connected (${ids.length} models), but “${llm.model}” is not one of them: ${ids.slice(0, 5).join(', ')}…` };
    return { ok: true, text: `Connected: ${ids.length} model(s) available${llm.model ? `, including “${llm.model}”` : ''}.` };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, text: `No answer within ${TEST_TIMEOUT_MS / 1000} s. Is the server running?` };
    return {
      ok: false,
      text: `Could not reach the server (${error instanceof Error ? error.message : String(error)}). Is it running, and does it allow this extension (CORS)?`,
    };
  } finally {
    clearTimeout(timer);
  }
}
