/**
 * Settings: one page of sections (capture, matching names, the LLM, network look-ups,
 * appearance, storage, AI agents, workspaces, team), each a fieldset of the same look, with
 * a table of contents on top. A deep link (`showSettings(section)`, e.g. from the Ask view to
 * the LLM block) opens the page scrolled to its section, focused. Most fields are saved as
 * they change; the LLM block is saved on purpose, after its connection test.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { AgentBridgeSettings } from '../approvals/agent-bridge';
import { SETTINGS_SECTIONS } from '../slices/nav-slice';
import type { SettingsSection } from '../slices/nav-slice';
import { usePanelStore } from '../store';
import { TeamSettings } from '../team/team-settings';
import { AppearanceSettings } from './appearance-settings';
import { CaptureSettings } from './capture-settings';
import { LlmSettings } from './llm-settings';
import { SavedHere, SavedNotes } from './saved-here';
import { StorageSettings } from './storage-settings';
import { ThresholdSettings } from './threshold-settings';
import { WorkspaceSettings } from './workspace-settings';

const sectionId = (id: SettingsSection) => `settings-${id}`;

/** One section of the page: the target of its table-of-contents link and of deep links. */
function Section({ id, children }: { readonly id: SettingsSection; readonly children: ReactNode }) {
  return (
    <div id={sectionId(id)} tabIndex={-1} className="settings-section" data-testid={sectionId(id)}>
      {children}
    </div>
  );
}

function Contents() {
  return (
    <nav aria-label="Settings sections" className="settings-toc" data-testid="settings-toc">
      <ul>
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${sectionId(s.id)}`}
              onClick={(e) => {
                e.preventDefault();
                goTo(s.id);
              }}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function goTo(id: SettingsSection): void {
  const target = document.getElementById(sectionId(id));
  target?.scrollIntoView?.({ block: 'start' });
  target?.focus({ preventScroll: true });
}

export function SettingsView() {
  const settings = usePanelStore((s) => s.settings);
  const save = usePanelStore((s) => s.saveSettings);
  const load = usePanelStore((s) => s.loadSettings);
  const section = usePanelStore((s) => s.nav.section);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (settings.loaded && section !== undefined) goTo(section);
  }, [settings.loaded, section]);
  if (!settings.loaded) return <p className="muted">Loading settings…</p>;
  const { network } = settings.value;
  return (
    <section aria-label="Settings" className="stack settings">
      {settings.error && (
        <p role="alert" className="error">
          {settings.error}
        </p>
      )}
      <Contents />
      <SavedNotes>
        <Section id="capture">
          <SavedHere id="capture">
            <CaptureSettings />
          </SavedHere>
        </Section>
        <Section id="matching">
          <SavedHere id="matching">
            <ThresholdSettings />
          </SavedHere>
        </Section>
        <Section id="llm">
          <LlmSettings />
        </Section>
        <Section id="network">
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
        </Section>
      </SavedNotes>
      <Section id="appearance">
        <AppearanceSettings />
      </Section>
      <Section id="storage">
        <StorageSettings />
      </Section>
      <Section id="agents">
        <AgentBridgeSettings />
      </Section>
      <Section id="workspaces">
        <WorkspaceSettings />
      </Section>
      <Section id="team">
        <TeamSettings />
      </Section>
    </section>
  );
}
