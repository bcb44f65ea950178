/** A link to a captured page: opens it in a tab (web URLs only; the title is page text). */
import { isWebUrl, openInTab } from '../browser-api';

export function PageLink({ url, title }: { readonly url: string; readonly title: string }) {
  if (!isWebUrl(url)) return <span title={url}>{title || url}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      data-testid="page-link"
      onClick={(event) => {
        event.preventDefault();
        void openInTab(url);
      }}
    >
      {title || url}
    </a>
  );
}
