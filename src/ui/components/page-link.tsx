/**
 * A link to a captured page: opens it in a tab (web URLs only; the title is page text),
 * scrolled to `quote` when one is given (a URL text fragment, `urlAtQuote`).
 */
import { urlAtQuote } from '../../core/text/text-fragment';
import { isWebUrl, openInTab } from '../browser-api';

export function PageLink({ url, title, quote }: { readonly url: string; readonly title: string; readonly quote?: string }) {
  if (!isWebUrl(url)) return <span title={url}>{title || url}</span>;
  const href = quote === undefined ? url : urlAtQuote(url, quote);
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      data-testid="page-link"
      onClick={(event) => {
        event.preventDefault();
        void openInTab(href);
      }}
    >
      {title || url}
    </a>
  );
}
