/**
 * The LLM provider: none (offline answers), any OpenAI-compatible endpoint (Ollama,
 * LM Studio, llama.cpp, OpenAI), or the browser's built-in model. The form is a draft until
 * it is saved on purpose: "Test and save" checks the fields (`llmFormProblems`: each problem
 * with its code, on its field), runs the connection test, and saves when it passes; when it
 * does not, the user can fix the form or save anyway (a server started later). The help line
 * says what the provider chosen in the form does.
 */
import { useState } from 'react';
import type { Settings } from '../../core/settings';
import { llmFormProblems } from '../llm-form';
import type { LlmFormProblem } from '../llm-form';
import { promptApi } from '../panel-ports';
import { providerWorks } from '../provider-check';
import { usePanelStore } from '../store';

type Llm = Settings['llm'];
type Provider = Llm['provider'];

const HELP: Readonly<Record<Provider, string>> = {
  none: 'Offline: answers come from your graph only, and nothing is sent anywhere.',
  'openai-compatible':
    'A server such as Ollama, LM Studio, llama.cpp or OpenAI answers questions; each question and the facts it needs are sent to it.',
  'prompt-api': "The browser's built-in model answers questions, on this computer.",
};

function providerOf(value: string): Provider {
  return value === 'openai-compatible' || value === 'prompt-api' ? value : 'none';
}

function sameForm(a: Llm, b: Llm): boolean {
  return a.provider === b.provider && a.baseUrl === b.baseUrl && a.model === b.model && a.apiKey === b.apiKey;
}

type Outcome =
  | { readonly kind: 'problems'; readonly problems: readonly LlmFormProblem[] }
  | { readonly kind: 'testing' }
  | { readonly kind: 'test'; readonly ok: boolean; readonly text: string }
  | { readonly kind: 'failed'; readonly text: string }
  | { readonly kind: 'saved'; readonly text: string };

function FieldProblem({ problems, field }: { readonly problems: readonly LlmFormProblem[]; readonly field: LlmFormProblem['field'] }) {
  const mine = problems.filter((p) => p.field === field);
  if (mine.length === 0) return null;
  return (
    <span id={`llm-${field}-problem`} className="error small" data-testid={`llm-${field}-problem`} data-code={mine[0]?.code}>
      {mine.map((p) => p.message).join(' ')}
    </span>
  );
}

export function LlmSettings() {
  const saved = usePanelStore((s) => s.settings.value.llm);
  const save = usePanelStore((s) => s.saveSettings);
  const [draft, setDraft] = useState<Llm>(saved);
  const [outcome, setOutcome] = useState<Outcome>();
  const problems = outcome?.kind === 'problems' ? outcome.problems : [];
  const changed = !sameForm(draft, saved);
  const edit = (patch: Partial<Llm>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setOutcome(undefined);
  };
  const store = async (text: string) => {
    await save((s) => ({
      ...s,
      llm: { ...s.llm, provider: draft.provider, baseUrl: draft.baseUrl.trim(), model: draft.model.trim(), apiKey: draft.apiKey },
    }));
    setOutcome({ kind: 'saved', text });
  };
  const testAndSave = async () => {
    const found = llmFormProblems(draft);
    if (found.length > 0) return setOutcome({ kind: 'problems', problems: found });
    if (draft.provider === 'none') return store('Saved: questions are answered offline.');
    setOutcome({ kind: 'testing' });
    const test = await providerWorks(draft);
    if (test.ok) await store(`Saved. ${test.text}`);
    else setOutcome({ kind: 'failed', text: test.text });
  };
  const testOnly = async () => {
    const found = llmFormProblems(draft);
    if (found.length > 0) return setOutcome({ kind: 'problems', problems: found });
    setOutcome({ kind: 'testing' });
    setOutcome({ kind: 'test', ...(await providerWorks(draft)) });
  };
  const describedBy = (field: LlmFormProblem['field']) => (problems.some((p) => p.field === field) ? `llm-${field}-problem` : undefined);
  return (
    <fieldset>
      <legend>Answering questions</legend>
      <label>
        Provider
        <select
          value={draft.provider}
          onChange={(e) => edit({ provider: providerOf(e.target.value) })}
          aria-describedby="llm-provider-help"
          data-testid="llm-provider"
        >
          <option value="none">Offline (no model)</option>
          <option value="openai-compatible">OpenAI-compatible server</option>
          {/* Offered only where the browser has a built-in model (or the user chose it before). */}
          {(promptApi().available() || draft.provider === 'prompt-api') && <option value="prompt-api">Browser's built-in model</option>}
        </select>
      </label>
      {/* The options stay short so the select fits 320 px; what the chosen one means is said here. */}
      <p id="llm-provider-help" className="muted small" data-testid="llm-provider-help">
        {HELP[draft.provider]}
      </p>
      {draft.provider === 'openai-compatible' && (
        <>
          <label>
            Base URL{' '}
            <input
              type="url"
              value={draft.baseUrl}
              maxLength={500}
              onChange={(e) => edit({ baseUrl: e.target.value })}
              aria-invalid={describedBy('baseUrl') !== undefined}
              aria-describedby={describedBy('baseUrl')}
              data-testid="llm-base-url"
            />
            <FieldProblem problems={problems} field="baseUrl" />
          </label>
          <label>
            Model{' '}
            <input
              value={draft.model}
              maxLength={200}
              placeholder="e.g. llama3.2"
              onChange={(e) => edit({ model: e.target.value })}
              aria-invalid={describedBy('model') !== undefined}
              aria-describedby={describedBy('model')}
              data-testid="llm-model"
            />
            <FieldProblem problems={problems} field="model" />
          </label>
          <label>
            API key (kept in this browser profile, sent only to the base URL)
            <input
              type="password"
              value={draft.apiKey}
              maxLength={500}
              autoComplete="off"
              onChange={(e) => edit({ apiKey: e.target.value })}
            />
          </label>
        </>
      )}
      <div className="actions">
        {(changed || outcome?.kind === 'failed') && (
          <button type="button" onClick={() => void testAndSave()} disabled={outcome?.kind === 'testing'} data-testid="llm-save">
            {draft.provider === 'none' ? 'Save' : 'Test and save'}
          </button>
        )}
        {draft.provider !== 'none' && (
          <button type="button" onClick={() => void testOnly()} disabled={outcome?.kind === 'testing'} data-testid="llm-test">
            Test connection
          </button>
        )}
        {changed && (
          <button
            type="button"
            onClick={() => {
              setDraft(saved);
              setOutcome(undefined);
            }}
            data-testid="llm-discard"
          >
            Discard changes
          </button>
        )}
      </div>
      {changed && outcome === undefined && (
        <p className="muted small" data-testid="llm-unsaved">
          Not saved yet: Ariadne still uses{' '}
          {saved.provider === 'none'
            ? 'offline answers'
            : saved.provider === 'prompt-api'
              ? 'the built-in model'
              : `${saved.model || 'a server'} at ${saved.baseUrl}`}
          .
        </p>
      )}
      <LlmOutcome
        outcome={outcome}
        onSaveAnyway={() =>
          void store('Saved without a working connection: questions fall back to offline answers until the server answers.')
        }
      />
    </fieldset>
  );
}

function LlmOutcome({ outcome, onSaveAnyway }: { readonly outcome: Outcome | undefined; readonly onSaveAnyway: () => void }) {
  if (outcome === undefined) return null;
  switch (outcome.kind) {
    case 'problems':
      return (
        <p role="alert" className="error small" data-testid="llm-form-error">
          Not saved: {outcome.problems.map((p) => `${p.message} (${p.code})`).join(' ')}
        </p>
      );
    case 'testing':
      return (
        <p role="status" className="muted small" data-testid="llm-test-result">
          Testing the connection…
        </p>
      );
    case 'test':
      return (
        <p role="status" className={outcome.ok ? 'ok' : 'error'} data-testid="llm-test-result">
          {outcome.text}
        </p>
      );
    case 'failed':
      return (
        <div role="alert" className="stack" data-testid="llm-test-result">
          <p className="error">Not saved: {outcome.text}</p>
          <button type="button" onClick={onSaveAnyway} data-testid="llm-save-anyway">
            Save anyway
          </button>
        </div>
      );
    case 'saved':
      return (
        <p role="status" className="ok" data-testid="llm-saved">
          {outcome.text}
        </p>
      );
  }
}
