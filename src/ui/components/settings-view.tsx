/**
 * Settings: capture (mode, pause, site lists), resolver thresholds, the LLM
 * provider with a connection test, network look-ups (off by default), storage, and
 * the agent bridge. Saved to `browser.storage.local` as they change.
 */
import { useEffect } from 'react';
import { AgentBridgeSettings } from '../approvals/agent-bridge';
import { usePanelStore } from '../store';
import { CaptureSettings } from './capture-settings';
import { LlmSettings } from './llm-settings';
import { StorageSettings } from './storage-settings';

export function SettingsView() {
  const settings = usePanelStore((s) => s.settings);
  const save = usePanelStore((s) => s.saveSettings);
  const load = usePanelStore((s) => s.loadSettings);
  useEffect(() => {
    void load();
  }, [load]);
  if (!settings.loaded) return <p className="muted">Loading settings…</p>;
  const { resolver, network } = settings.value;
  return (
    <section aria-label="Settings" className="stack settings">
      {settings.error && <p role="alert" className="error">{settings.error}</p>}
      <CaptureSettings />
      <fieldset>
        <legend>Matching names</legend>
        <label>Join an existing entity without asking from {Math.round(resolver.autoAcceptThreshold * 100)}% confidence
          <input type="range" min={50} max={100} value={Math.round(resolver.autoAcceptThreshold * 100)} onChange={(e) => void save((s) => ({ ...s, resolver: { ...s.resolver, autoAcceptThreshold: Number(e.target.value) / 100 } }))} data-testid="auto-accept" />
        </label>
        <label>Ask me (review queue) from {Math.round(resolver.reviewThreshold * 100)}%
          <input type="range" min={0} max={100} value={Math.round(resolver.reviewThreshold * 100)} onChange={(e) => void save((s) => ({ ...s, resolver: { ...s.resolver, reviewThreshold: Number(e.target.value) / 100 } }))} />
        </label>
      </fieldset>
      <LlmSettings />
      <fieldset>
        <legend>Network look-ups</legend>
        <label className="inline">
          <input type="checkbox" checked={network.wikidata} onChange={(e) => void save((s) => ({ ...s, network: { wikidata: e.target.checked } }))} data-testid="wikidata" />
          Look names up on Wikidata (sends entity names to wikidata.org; off by default)
        </label>
      </fieldset>
      <StorageSettings />
      <AgentBridgeSettings />
      {settings.saved && <p className="muted small" role="status">Saved.</p>}
    </section>
  );
}
