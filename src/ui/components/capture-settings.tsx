/** Capture settings: automatic or manual, pause, blocked and allowed sites (one per line). */
import { useState } from 'react';
import { usePanelStore } from '../store';
import { LlmCaptureSettings } from './llm-capture-settings';
import { PdfAccessSetting } from './pdf-access-setting';
import { LocalFilesSetting } from './local-files-setting';
import { MAX_READING_BUDGET_MS, MIN_READING_BUDGET_MS } from '../../core/capture-settings';

/** Site patterns kept per list (the schema's own bound). */
const MAX_SITES = 2000;
const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, MAX_SITES);

export function CaptureSettings() {
  const capture = usePanelStore((s) => s.settings.value.capture);
  const save = usePanelStore((s) => s.saveSettings);
  const [block, setBlock] = useState(capture.blocklist.join('\n'));
  const [allow, setAllow] = useState(capture.allowlist.join('\n'));
  return (
    <fieldset>
      <legend>Capture</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={capture.paused}
          onChange={(e) => void save((s) => ({ ...s, capture: { ...s.capture, paused: e.target.checked } }))}
          data-testid="pause"
        />
        Pause capture
      </label>
      <label>
        Mode
        <select
          value={capture.mode}
          onChange={(e) => void save((s) => ({ ...s, capture: { ...s.capture, mode: e.target.value === 'manual' ? 'manual' : 'auto' } }))}
          aria-describedby="capture-mode-help"
          data-testid="capture-mode"
        >
          <option value="auto">Automatic</option>
          <option value="manual">Manual</option>
        </select>
      </label>
      {/* The options stay short so the select fits 320 px; what they mean is said here. */}
      <p id="capture-mode-help" className="muted small">
        Automatic reads every page you visit, except blocked sites; manual only when you press Alt+Shift+A or use the right-click menu.
      </p>
      <label>
        Never capture these sites (one per line: host, *.suffix or URL prefix)
        <textarea
          rows={4}
          value={block}
          onChange={(e) => setBlock(e.target.value)}
          onBlur={() => void save((s) => ({ ...s, capture: { ...s.capture, blocklist: lines(block) } }))}
          data-testid="blocklist"
        />
      </label>
      <label className="inline">
        <input
          type="checkbox"
          checked={capture.keepSentences}
          onChange={(e) => void save((s) => ({ ...s, capture: { ...s.capture, keepSentences: e.target.checked } }))}
          data-testid="keep-sentences"
        />
        Keep the sentences of captured pages (their main text, up to 60 kB a page), to answer from what I read and re-read pages when
        Ariadne’s reading improves
      </label>
      <label>
        Sentences kept for all pages together (MB; the oldest pages’ go first)
        <input
          type="number"
          min={1}
          max={2000}
          step={1}
          value={capture.sentenceStoreMb}
          disabled={!capture.keepSentences}
          onChange={(e) => {
            const mb = Number(e.target.value);
            if (Number.isInteger(mb) && mb >= 1 && mb <= 2000) void save((s) => ({ ...s, capture: { ...s.capture, sentenceStoreMb: mb } }));
          }}
          data-testid="sentence-store-mb"
        />
      </label>
      <label>
        Time to read a page (ms; a page cut short is read again when Ariadne is idle; raise it on a slow computer)
        <input
          type="number"
          min={MIN_READING_BUDGET_MS}
          max={MAX_READING_BUDGET_MS}
          step={100}
          value={capture.readingBudgetMs}
          onChange={(e) => {
            const ms = Number(e.target.value);
            if (Number.isInteger(ms) && ms >= MIN_READING_BUDGET_MS && ms <= MAX_READING_BUDGET_MS)
              void save((s) => ({ ...s, capture: { ...s.capture, readingBudgetMs: ms } }));
          }}
          data-testid="reading-budget-ms"
        />
      </label>
      <label>
        Only capture these sites (empty = all others)
        <textarea
          rows={2}
          value={allow}
          onChange={(e) => setAllow(e.target.value)}
          onBlur={() => void save((s) => ({ ...s, capture: { ...s.capture, allowlist: lines(allow) } }))}
        />
      </label>
      <LocalFilesSetting />
      <PdfAccessSetting />
      <LlmCaptureSettings />
    </fieldset>
  );
}
