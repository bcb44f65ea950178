/**
 * Settings: capture (mode, pause, site lists), resolver thresholds, the LLM
 * provider with a connection test, network look-ups (off by default), storage, and
 * the agent bridge, workspaces and team sync. Saved to `browser.storage.local` as they change.
 */
import { useEffect } from 'react';
import { AgentBridgeSettings } from '../approvals/agent-bridge';
import { usePanelStore } from '../store';
import { TeamSettings } from '../team/team-settings';
import { CaptureSettings } from './capture-settings';
import { LlmSettings } from './llm-settings';
import { SavedHere, SavedNotes } from './saved-here';
import { StorageSettings } from './storage-settings';
import { ThresholdSettings } from './threshold-settings';
import { WorkspaceSettings } from './workspace-settings';

export function SettingsView() {
  const settings = usePanelStore((s) => s.settings);
  const save = usePanelStore((s) => s.saveSettings);
  const load = usePanelStore((s) => s.loadSettings);
  useEffect(() => {
    void load();
  }, [load]);
  if (!settings.loaded) return <p className="muted">Loading settings…</p>;
  const { network } = settings.value;
  return (
    <section aria-label="Settings" className="stack settings">
      {settings.error && (
        <p role="alert" className="error">
          {settings.error}
        </p>
      )}
      <SavedNotes>
        <SavedHere id="capture">
          <CaptureSettings />
        </SavedHere>
        <SavedHere id="matching">
          <ThresholdSettings />
        </SavedHere>
        <SavedHere id="llm">
          <LlmSettings />
        </SavedHere>
        <SavedHere id="network">
          <fieldset>
            <legend>Network look-ups</legend>
            <label className="inline">
              <input
                type="checkbox"
                checked={network.wikidata}
                onChange={(e) => void save((s) => ({ ...s, network: { wikidata: e.target.checked } }))}
                data-testid="wikidata"
              />
              Look names up on Wikidata (sends entity names to wikidata.org; off by default)
            </label>
          </fieldset>
        </SavedHere>
      </SavedNotes>
      <StorageSettings />
      <AgentBridgeSettings />
      <WorkspaceSettings />
      <TeamSettings />
    </section>
  );
}
