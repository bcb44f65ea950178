/**
 * An answer's claims: each value it gives with what backs it (a stored fact, or a page
 * sentence read when the question was asked) and the pages that state it. A page shows its
 * sentence on hover and on tap ("Show sentence"), and opens scrolled to it. Every word from a
 * page is a React text node: page text never becomes markup.
 */
import { useState } from 'react';
import { isAnswerClaim, type AnswerClaim } from '../../core/query/query-response';
import { PageLink } from './page-link';

/** What backs a claim, in the user's words. */
export const BASIS_WORDS: Readonly<Record<AnswerClaim['basis'], string>> = {
  fact: 'stored fact',
  sentence: 'read from a page',
};

function ClaimItem({ claim }: { readonly claim: AnswerClaim }) {
  const [open, setOpen] = useState(false);
  const quoted = claim.pages.filter((p) => p.sentence !== undefined && p.sentence.length > 0);
  return (
    <li data-testid="claim" className="claim">
      <span className="claim-value">{claim.value}</span>{' '}
      <span className={`muted small basis-${claim.basis}`} data-testid="claim-basis">
        {BASIS_WORDS[claim.basis]}
      </span>
      {claim.pages.map((p) => (
        <span key={p.url} className="chip page" title={p.sentence ?? p.title} data-testid="claim-page">
          <PageLink url={p.url} title={p.title} {...(p.sentence === undefined ? {} : { quote: p.sentence })} />
        </span>
      ))}
      {quoted.length > 0 && (
        <button type="button" className="small link" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="claim-toggle">
          {open ? 'Hide sentence' : quoted.length === 1 ? 'Show sentence' : 'Show sentences'}
        </button>
      )}
      {open &&
        quoted.map((p) => (
          <blockquote key={p.url} className="claim-sentence small" data-testid="claim-sentence">
            “{p.sentence}” <span className="muted">— {p.title || p.url}</span>
          </blockquote>
        ))}
    </li>
  );
}

/** The claims of one answer (well-formed ones: a restored chat is checked), or nothing when it has none. */
export function AnswerClaims({ claims }: { readonly claims: readonly unknown[] | undefined }) {
  const shown = (claims ?? []).filter(isAnswerClaim);
  if (shown.length === 0) return null;
  return (
    <ul className="claims plain" aria-label="What the answer says, with its pages" data-testid="claims">
      {shown.map((c, i) => (
        <ClaimItem key={`${i}:${c.value}`} claim={c} />
      ))}
    </ul>
  );
}
