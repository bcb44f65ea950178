/**
 * Who contributed a fact: evidence replayed from a teammate's change carries their
 * member name (`contributor`); local captures leave it out. Shown as text, like
 * everything that came from outside this browser.
 *
 * @example
 *   <ContributorMark evidence={ev} />   // " · from alice", or nothing for a local capture
 */
import type { Evidence } from '../../core/graph/types';

/** The teammate a row came from, or undefined for this browser's own captures. */
export function contributorOf(evidence: Evidence): string | undefined {
  return evidence.contributor === undefined || evidence.contributor === '' ? undefined : evidence.contributor;
}

export function ContributorMark({ evidence }: { readonly evidence: Evidence }) {
  const member = contributorOf(evidence);
  if (member === undefined) return null;
  return (
    <span className="muted small" data-testid="evidence-contributor">
      {' '}
      · from {member}
    </span>
  );
}
