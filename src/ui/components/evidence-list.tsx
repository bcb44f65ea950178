/** Evidence rows: the snippet (page text, shown as text), the page it came from, when. */
import type { Evidence } from '../../core/graph/types';
import { PageLink } from './page-link';

export function EvidenceList({ evidence, empty }: { readonly evidence: readonly Evidence[]; readonly empty?: string }) {
  if (evidence.length === 0) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <ul className="evidence" data-testid="evidence">
      {evidence.map((ev) => (
        <li key={ev.id}>
          <blockquote>{ev.snippet}</blockquote>
          <PageLink url={ev.pageUrl} title={ev.pageTitle} /> <span className="muted">{new Date(ev.capturedAt).toLocaleDateString()}</span>
        </li>
      ))}
    </ul>
  );
}
