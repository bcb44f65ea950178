/**
 * The actions on one captured page, behind one "Actions" button per row of the Pages view
 * (a disclosure: the row stays short, the list opens under it): open it at its evidence (a
 * text fragment from a stored quote), capture it again in a tab (`page.recapture`, the
 * context menu's capture path), re-read its kept sentences with the current analyzer
 * (`page_reread`), read it with the LLM when one is set up, delete it with what only it
 * contributed (`page_delete`, after a confirmation), and copy it to another workspace when
 * there is one. Each reports what it did through `onDone`.
 */
import { useId, useState } from 'react';
import type { Evidence, Page } from '../../core/graph/types';
import { urlAtQuote } from '../../core/text/text-fragment';
import type { ToolOutput } from '../../core/tools/catalog';
import { callTool, sendMessage } from '../../messaging/client';
import { isWebUrl, openInTab } from '../browser-api';
import { panelGraph } from '../panel-ports';
import { userError } from '../user-error';
import { CopyPageTo } from './copy-page-to';

export type RereadStatus = ToolOutput<'page_reread'>;

export interface PageActionsProps {
  readonly page: Page;
  readonly llmReady: boolean;
  readonly onDone: (message: string) => void;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The quote a page is best opened at: a stated relation first, else the first evidence read from it. */
function bestQuote(evidence: readonly Evidence[]): string | undefined {
  return (evidence.find((ev) => ev.kind === 'relationship') ?? evidence[0])?.snippet;
}

async function openAtEvidence(page: Page): Promise<void> {
  const quote = bestQuote(await panelGraph().evidenceOfPage(page.url, 50));
  await openInTab(quote === undefined ? page.url : urlAtQuote(page.url, quote));
}

function deletionSummary(out: {
  title: string;
  entities_removed: readonly string[];
  entities_removed_count: number;
  entities_kept: number;
  relationships_removed: number;
}): string {
  const names =
    out.entities_removed.length === 0
      ? ''
      : ` (${out.entities_removed.slice(0, 5).join(', ')}${out.entities_removed_count > 5 ? ', …' : ''})`;
  return `Deleted "${out.title || 'the page'}": ${plural(out.entities_removed_count, 'entity', 'entities')}${names} and ${plural(out.relationships_removed, 'relationship', 'relationships')} only it supported. ${plural(out.entities_kept, 'entity stays', 'entities stay')}: other pages (or your edits) support them.`;
}

function rereadSummary(out: RereadStatus): string {
  const p = out.page;
  if (p === undefined) return '';
  if (p.status === 'no_text')
    return `"${p.title || p.url}" keeps no sentences to re-read (they were not kept, or were dropped to stay in the bound): capture it again.`;
  const added =
    p.entities_added.length === 0 ? '' : ` New: ${p.entities_added.slice(0, 5).join(', ')}${p.entities_added.length > 5 ? ', …' : ''}.`;
  const removed = p.entities_removed.length === 0 ? '' : ` No longer read: ${p.entities_removed.slice(0, 5).join(', ')}.`;
  return `Re-read "${p.title || p.url}": ${plural(p.entities_after, 'entity', 'entities')} (was ${p.entities_before}), ${plural(p.relationships_after, 'relationship', 'relationships')} (was ${p.relationships_before}).${added}${removed} Your merges, deletions and edits are kept.`;
}

export function PageActions({ page, llmReady, onDone }: PageActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const [rereading, setRereading] = useState(false);
  const fail = (e: unknown) => onDone(userError(e));
  const reread = () => {
    setRereading(true);
    onDone(`Re-reading "${page.title || page.url}"…`);
    void callTool('page_reread', { url: page.url })
      .then((out) => onDone(rereadSummary(out)), fail)
      .finally(() => setRereading(false));
  };
  const remove = async () => {
    setConfirming(false);
    await callTool('page_delete', { url: page.url }).then((out) => onDone(deletionSummary(out)), fail);
  };
  const read = () =>
    void sendMessage({ type: 'llm.read', url: page.url }).then(
      () => onDone(`"${page.title || page.url}" is queued for reading with the LLM.`),
      fail,
    );
  const recapture = () => {
    onDone(`Opening "${page.title || page.url}" to capture it again…`);
    void sendMessage({ type: 'page.recapture', url: page.url }).then(
      (out) =>
        onDone(
          out.status === 'captured'
            ? `"${page.title || page.url}" was captured again (it stays open in a tab).`
            : `Not captured again: ${out.reason}`,
        ),
      fail,
    );
  };
  if (confirming) {
    return (
      <div role="group" aria-label={`Confirm deleting ${page.title || page.url}`} className="confirm">
        <p>Delete this page, its evidence, and the entities and relationships no other page supports? This cannot be undone.</p>
        <button type="button" className="danger" onClick={() => void remove()} data-testid="confirm-page-delete">
          Delete page
        </button>
        <button type="button" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="page-menu">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="page-actions"
        title={`Actions on ${page.title || page.url}`}
      >
        Actions
      </button>
      {open && (
        <div
          id={menuId}
          className="actions page-menu-items"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          {isWebUrl(page.url) && page.entityIds.length > 0 && (
            <button type="button" onClick={() => void openAtEvidence(page).catch(fail)} data-testid="open-at-evidence">
              Open at evidence
            </button>
          )}
          {isWebUrl(page.url) && (
            <button type="button" onClick={recapture} data-testid="page-recapture">
              Capture again
            </button>
          )}
          {(page.sentences?.length ?? 0) > 0 && (
            <button type="button" onClick={reread} disabled={rereading} data-testid="page-reread">
              Re-read
            </button>
          )}
          {llmReady && (
            <button type="button" onClick={read} data-testid="page-llm-read">
              Read with the LLM
            </button>
          )}
          <button type="button" className="danger" onClick={() => setConfirming(true)} data-testid="page-delete">
            Delete…
          </button>
          <CopyPageTo url={page.url} onDone={onDone} />
        </div>
      )}
    </div>
  );
}
