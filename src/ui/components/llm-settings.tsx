/**
 * The LLM provider: none (offline answers), any OpenAI-compatible endpoint (Ollama,
 * LM Studio, llama.cpp, OpenAI), or the browser's built-in model; with a test
 * button that asks the endpoint for its models.
 */
import { useState } from 'react';
import { promptApi } from '../panel-ports';
import { usePanelStore } from '../store';
import { testConnection } from '../llm-test';

export function LlmSettings() {
  const llm = usePanelStore((s) => s.settings.value.llm);
  const save = usePanelStore((s) => s.saveSettings);
  const [test, setTest] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const update = (patch: Partial<typeof llm>) => void save((s) => ({ ...s, llm: { ...s.llm, ...patch } }));
  const run = async () => {
    setBusy(true);
    setTest(await testConnection(llm));
    setBusy(false);
  };
  return (
    <fieldset>
      <legend>Answering questions</legend>
      <label>
        Provider
        <select
          value={llm.provider}
          onChange={(e) =>
            update({
              provider:
                e.target.value === 'openai-compatible' ? 'openai-compatible' : e.target.value === 'prompt-api' ? 'prompt-api' : 'none',
            })
          }
          aria-describedby="llm-provider-help"
          data-testid="llm-provider"
        >
          <option value="none">Offline (no model)</option>
          <option value="openai-compatible">OpenAI-compatible server</option>
          {/* Offered only where the browser has a built-in model (or the user chose it before). */}
          {(promptApi().available() || llm.provider === 'prompt-api') && <option value="prompt-api">Browser's built-in model</option>}
        </select>
      </label>
      {/* The options stay short so the select fits 320 px; what they mean is said here. */}
      <p id="llm-provider-help" className="muted small">
        Offline answers from the graph only. A server can be Ollama, LM Studio, llama.cpp or OpenAI.
      </p>
      {llm.provider === 'openai-compatible' && (
        <>
          <label>
            Base URL{' '}
            <input
              type="url"
              value={llm.baseUrl}
              maxLength={500}
              onChange={(e) => update({ baseUrl: e.target.value })}
              data-testid="llm-base-url"
            />
          </label>
          <label>
            Model{' '}
            <input
              value={llm.model}
              maxLength={200}
              placeholder="e.g. llama3.2"
              onChange={(e) => update({ model: e.target.value })}
              data-testid="llm-model"
            />
          </label>
          <label>
            API key (kept in this browser profile, sent only to the base URL)
            <input
              type="password"
              value={llm.apiKey}
              maxLength={500}
              autoComplete="off"
              onChange={(e) => update({ apiKey: e.target.value })}
            />
          </label>
          <button type="button" onClick={() => void run()} disabled={busy}>
            Test connection
          </button>
          {test && (
            <p role="status" className={test.ok ? 'ok' : 'error'} data-testid="llm-test-result">
              {test.text}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
