/**
 * Settings → Capture, the LLM part: "Also read pages with the LLM" (offered once a
 * provider is configured; turning it on runs the connection test first and stays off
 * if it fails), the per-page and daily token budgets, reading the current tab's page
 * once, deleting everything LLM reading added, and how reading goes (polled from the
 * background: queued, running, done, failed, with what each recent reading kept and dropped).
 */
import { useState } from 'react';
import type { Settings } from '../../core/settings';
import { sendMessage } from '../../messaging/client';
import type { LlmStatus } from '../../messaging/protocol';
import { currentPlace } from '../browser-api';
import { providerWorks } from '../provider-check';
import { usePanelStore } from '../store';
import { usePolled } from '../use-polled';
import { userError } from '../user-error';

// Often enough to follow a reading that takes seconds, rarely enough to cost nothing.
const POLL_MS = 2000;

const readLlmStatus = (): Promise<LlmStatus> => sendMessage({ type: 'llm.status' });

function useLlmStatus(): LlmStatus | undefined {
  return usePolled(readLlmStatus, POLL_MS);
}

export function LlmCaptureSettings() {
  const llm = usePanelStore((s) => s.settings.value.llm);
  const save = usePanelStore((s) => s.saveSettings);
  const status = useLlmStatus();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const update = (patch: Partial<Settings['llm']>) => void save((s) => ({ ...s, llm: { ...s.llm, ...patch } }));
  if (llm.provider === 'none')
    return <p className="muted small">Configure an LLM under “Answering questions” to also read captured pages with it.</p>;

  const act = async (run: () => Promise<{ ok: boolean; text: string }>) => {
    setBusy(true);
    setMessage(await run().catch((error: unknown) => ({ ok: false, text: userError(error) })));
    setBusy(false);
  };
  const turnOn = () =>
    act(async () => {
      const test = await providerWorks(llm);
      if (test.ok) update({ readPages: true });
      return test.ok
        ? { ok: true, text: 'Captured pages will also be read with the LLM.' }
        : { ok: false, text: `Not turned on: ${test.text}` };
    });
  const readTab = () =>
    act(async () => {
      const { url } = await currentPlace();
      if (url === undefined) return { ok: false, text: 'There is no page in the current tab.' };
      await sendMessage({ type: 'llm.read', url });
      return { ok: true, text: 'Queued: the page will be read with the LLM.' };
    });
  const forgetAll = (allWorkspaces: boolean) =>
    act(async () => {
      const r = await sendMessage({ type: 'llm.forget', allWorkspaces });
      const where =
        r.workspaces.length === 1 ? `workspace "${r.workspaces[0]}"` : `workspaces ${r.workspaces.map((w) => `"${w}"`).join(', ')}`;
      return {
        ok: true,
        text: `Removed what the LLM added to ${r.pages} page(s) in ${where}: ${r.evidenceRemoved} evidence rows, ${r.relationshipsRemoved} relationships, ${r.entitiesRemoved} entities.`,
      };
    });

  return (
    <div className="stack" data-testid="llm-capture">
      <label className="inline">
        <input
          type="checkbox"
          checked={llm.readPages}
          disabled={busy}
          onChange={(e) => (e.target.checked ? void turnOn() : update({ readPages: false }))}
          data-testid="llm-read-pages"
        />
        Also read pages with the LLM (sends each captured page's main text to{' '}
        {llm.provider === 'prompt-api' ? "the browser's built-in model" : llm.baseUrl})
      </label>
      <label>
        Tokens per page{' '}
        <input
          type="number"
          min={500}
          max={200_000}
          step={500}
          defaultValue={llm.readTokensPerPage}
          onBlur={(e) => update({ readTokensPerPage: Number(e.target.value) })}
          data-testid="llm-page-tokens"
        />
      </label>
      <label>
        Tokens per day{' '}
        <input
          type="number"
          min={1_000}
          max={10_000_000}
          step={1_000}
          defaultValue={llm.readTokensPerDay}
          onBlur={(e) => update({ readTokensPerDay: Number(e.target.value) })}
          data-testid="llm-day-tokens"
        />
      </label>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => void readTab()} data-testid="llm-read-tab">
          Read the current tab's page with the LLM
        </button>
        <button type="button" disabled={busy} onClick={() => void forgetAll(false)} data-testid="llm-forget-all">
          Delete everything LLM reading added in this workspace
        </button>
        <button type="button" disabled={busy} onClick={() => void forgetAll(true)} data-testid="llm-forget-all-workspaces">
          … in all workspaces
        </button>
      </div>
      {message && (
        <p role="status" className={message.ok ? 'ok' : 'error'} data-testid="llm-capture-message">
          {message.text}
        </p>
      )}
      {status && <LlmReadingStatus status={status} />}
    </div>
  );
}

function LlmReadingStatus({ status }: { readonly status: LlmStatus }) {
  return (
    <div data-testid="llm-status">
      <p className="muted small">
        LLM reading: {status.queued} queued{status.running ? `, reading ${status.running}` : ''}, {status.done} done, {status.failed}{' '}
        failed, {status.skipped} skipped; {status.tokensToday} tokens today.
      </p>
      <ul className="small">
        {status.recent.map((r, i) => (
          <li key={`${r.url}-${i}`} data-testid="llm-reading" data-state={r.state}>
            {r.state}: {r.url} ({r.entities} entities, {r.relations} relations kept, {r.dropped} dropped as not in the page, {r.tokens}{' '}
            tokens{r.model ? `, ${r.model}` : ''}){r.note ? ` — ${r.note}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
