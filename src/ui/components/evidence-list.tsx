/**
 * Evidence rows: the snippet (page text, shown as text), the page it came from (opened at that snippet), when, the
 * model when an LLM read it, and the teammate it came from when team sync brought it.
 */
import { useState } from 'react';
import type { Evidence } from '../../core/graph/types';
import type { EvidenceSource } from './llm-provenance';
import { EvidenceSourceFilter, isShown, LlmProvenance } from './llm-provenance';
import { ContributorMark } from '../team/contributor';
import { PageLink } from './page-link';

export function EvidenceList({ evidence, empty }: { readonly evidence: readonly Evidence[]; readonly empty?: string }) {
  const [shown, setShown] = useState<EvidenceSource>('all');
  if (evidence.length === 0) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <>
      {evidence.some((ev) => ev.extractor === 'llm') && <EvidenceSourceFilter value={shown} onChange={setShown} />}
      <ul className="evidence" data-testid="evidence">
        {evidence
          .filter((ev) => isShown(ev, shown))
          .map((ev) => (
            <li key={ev.id}>
              <blockquote>{ev.snippet}</blockquote>
              <PageLink url={ev.pageUrl} title={ev.pageTitle} quote={ev.snippet} />{' '}
              <span className="muted">{new Date(ev.capturedAt).toLocaleDateString()}</span>
              <ContributorMark evidence={ev} />
              {ev.extractor === 'llm' && <LlmProvenance model={ev.model ?? 'an LLM'} pageUrl={ev.pageUrl} />}
            </li>
          ))}
      </ul>
    </>
  );
}
