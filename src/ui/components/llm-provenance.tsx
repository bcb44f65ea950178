/**
 * Marks evidence an LLM read ("read by llama3.2") and offers to delete what LLM reading
 * added to that page: its evidence, and what only it supported. Lists holding LLM
 * evidence can be filtered to what the offline extractor read, or to what LLMs read.
 */
import { useState } from 'react';
import type { Evidence } from '../../core/graph/types';
import { sendMessage } from '../../messaging/client';
import { userError } from '../user-error';

export function LlmProvenance({ model, pageUrl }: { readonly model: string; readonly pageUrl: string }) {
  const [done, setDone] = useState<string>();
  const forget = () =>
    void sendMessage({ type: 'llm.forget', url: pageUrl }).then(
      (r) => setDone(`Removed ${r.evidenceRemoved} LLM evidence rows from this page.`),
      (error: unknown) => setDone(userError(error)),
    );
  return (
    <span className="small" data-testid="llm-provenance">
      {' '}
      <span className="badge muted">read by {model}</span>{' '}
      {done === undefined ? (
        <button type="button" className="link" onClick={forget} data-testid="llm-forget-page">
          remove what the LLM read from this page
        </button>
      ) : (
        <span role="status">{done}</span>
      )}
    </span>
  );
}

export type EvidenceSource = 'all' | 'offline' | 'llm';

export function isShown(ev: Evidence, shown: EvidenceSource): boolean {
  return shown === 'all' || (shown === 'llm') === (ev.extractor === 'llm');
}

export function EvidenceSourceFilter({
  value,
  onChange,
}: {
  readonly value: EvidenceSource;
  readonly onChange: (value: EvidenceSource) => void;
}) {
  return (
    <label className="small">
      Show{' '}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value === 'offline' ? 'offline' : e.target.value === 'llm' ? 'llm' : 'all')}
        data-testid="evidence-source"
      >
        <option value="all">all evidence</option>
        <option value="offline">what Ariadne read offline</option>
        <option value="llm">what an LLM read</option>
      </select>
    </label>
  );
}
