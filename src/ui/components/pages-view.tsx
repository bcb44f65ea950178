/**
 * The Pages view: the captured pages, newest first, each with its site, title, author
 * and publication date (as its metadata gave them), when it was captured and what it
 * contributed; filtered by site and by capture date. Per page: open it, open it at
 * its evidence (a text fragment from a stored quote), capture it again in a tab
 * (`page.recapture`, the context menu's capture path), re-read its kept sentences with the
 * current analyzer (`page_reread`), read it with the LLM when one is set up, delete it with
 * what only it contributed (`page_delete`, in the background), and copy it to another
 * workspace when there is one. Above the list: re-read all pages (or those an older
 * analyzer version read) in the background, with progress and cancel.
 * Everything shown here came from web pages and is rendered as text.
 */
import { useCallback, useState } from 'react';
import type { Evidence, Page } from '../../core/graph/types';
import { urlAtQuote } from '../../core/text/text-fragment';
import { callTool, sendMessage } from '../../messaging/client';
import { isWebUrl, openInTab } from '../browser-api';
import { useLiveQuery } from '../live-query';
import { panelGraph } from '../panel-ports';
import { usePanelStore } from '../store';
import { userError } from '../user-error';
import { usePolled } from '../use-polled';
import type { ToolOutput } from '../../core/tools/catalog';
import { CopyPageTo } from './copy-page-to';
import { PageLink } from './page-link';

/** Pages listed at most; the filters reach older ones. */
const MAX_ROWS = 200;
/** Pages read to offer their sites in the site filter. */
const SITES_SCAN = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the re-reading progress is read while a run goes on, and otherwise (the count of older pages). */
const REREAD_POLL_MS = 1_000;
const REREAD_IDLE_POLL_MS = 15_000;

type RereadStatus = ToolOutput<'page_reread'>;

type Period = 'all' | 'today' | 'week' | 'month';
const PERIODS: readonly { readonly id: Period; readonly label: string }[] = [
  { id: 'all', label: 'Any time' },
  { id: 'today', label: 'Today' },
  { id: 'week', label: 'Last 7 days' },
  { id: 'month', label: 'Last 30 days' },
];

function isPeriod(value: string): value is Period {
  return PERIODS.some((p) => p.id === value);
}

/** The earliest capture time a period shows (undefined: any time). */
function sinceOf(period: Period, now = Date.now()): number | undefined {
  if (period === 'today') return new Date(now).setHours(0, 0, 0, 0);
  if (period === 'week') return now - 7 * DAY_MS;
  if (period === 'month') return now - 30 * DAY_MS;
  return undefined;
}

/** The sites of the newest pages, alphabetically. */
async function knownSites(): Promise<string[]> {
  const pages = await panelGraph().listPages({ limit: SITES_SCAN });
  return [...new Set(pages.map((p) => p.site).filter((s) => s !== ''))].sort();
}

/** A publication date as the page wrote it, shown as a date when it parses as one. */
function publishedLabel(raw: string): string {
  const at = Date.parse(raw);
  return Number.isNaN(at) ? raw : new Date(at).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** The quote a page is best opened at: a stated relation first, else the first evidence read from it. */
function bestQuote(evidence: readonly Evidence[]): string | undefined {
  return (evidence.find((ev) => ev.kind === 'relationship') ?? evidence[0])?.snippet;
}

async function openAtEvidence(page: Page): Promise<void> {
  const quote = bestQuote(await panelGraph().evidenceOfPage(page.url, 50));
  await openInTab(quote === undefined ? page.url : urlAtQuote(page.url, quote));
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
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

function PageFacts({ page, analyzerVersion }: { readonly page: Page; readonly analyzerVersion: number | undefined }) {
  return (
    <p className="muted page-facts">
      <span data-testid="page-site">{page.site}</span>
      {page.pdfPages !== undefined && (
        <>
          {' '}
          · <span data-testid="page-pdf">PDF, {plural(page.pdfPages, 'page', 'pages')}</span>
        </>
      )}
      {page.byline !== undefined && (
        <>
          {' '}
          · <span data-testid="page-byline">{page.byline}</span>
        </>
      )}
      {page.publishedAt !== undefined && (
        <>
          {' '}
          · published <span data-testid="page-published">{publishedLabel(page.publishedAt)}</span>
        </>
      )}
      <br />
      captured{' '}
      <time dateTime={new Date(page.capturedAt).toISOString()}>
        {new Date(page.capturedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
      {' · '}
      <span data-testid="page-contribution">
        {plural(page.entityIds.length, 'entity', 'entities')}, {plural(page.relationshipIds.length, 'relationship', 'relationships')}
      </span>
      {analyzerVersion !== undefined && (page.analyzerVersion ?? 0) < analyzerVersion && (
        <>
          {' · '}
          <span data-testid="page-outdated" title="Re-read it to apply Ariadne's current reading">
            read by an older version
          </span>
        </>
      )}
    </p>
  );
}

interface RowProps {
  readonly page: Page;
  readonly llmReady: boolean;
  readonly analyzerVersion: number | undefined;
  readonly onDone: (message: string) => void;
}

function PageActions({ page, llmReady, onDone }: RowProps) {
  const [confirming, setConfirming] = useState(false);
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
    <div className="actions">
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
  );
}

function PageRow(props: RowProps) {
  const { page } = props;
  return (
    <li data-testid="page-row" data-url={page.url}>
      <PageLink url={page.url} title={page.title} />
      <PageFacts page={page} analyzerVersion={props.analyzerVersion} />
      <PageActions {...props} />
    </li>
  );
}

function PageFilters({
  site,
  period,
  onSite,
  onPeriod,
}: {
  readonly site: string;
  readonly period: Period;
  readonly onSite: (site: string) => void;
  readonly onPeriod: (period: Period) => void;
}) {
  const { value: sites } = useLiveQuery(knownSites, []);
  return (
    <div className="page-filters">
      <label>
        Site{' '}
        <select value={site} onChange={(e) => onSite(e.target.value)} data-testid="page-site-filter">
          <option value="">All sites</option>
          {(sites ?? []).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        Captured{' '}
        <select
          value={period}
          onChange={(e) => {
            if (isPeriod(e.target.value)) onPeriod(e.target.value);
          }}
          data-testid="page-period-filter"
        >
          {PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

const readRereadStatus = () => callTool('page_reread', {});

/** "Re-read all pages" (or the older ones) with the run's progress and a cancel. */
function RereadAll({ status, onChange }: { readonly status: RereadStatus | undefined; readonly onChange: (message?: string) => void }) {
  const run = status?.run;
  const fail = (e: unknown) => onChange(userError(e));
  const start = (pages: 'all' | 'outdated') => void callTool('page_reread', { pages }).then(() => onChange(), fail);
  if (run?.state === 'running') {
    return (
      <div className="reread-progress" data-testid="reread-progress">
        <progress value={run.done} max={Math.max(1, run.total)} aria-label="Re-reading pages" />
        <p role="status">
          Re-reading {run.done + 1 > run.total ? run.total : run.done + 1} of {run.total}
          {run.current_title !== undefined && <>: {run.current_title}</>}
        </p>
        <button
          type="button"
          onClick={() => void callTool('page_reread', { cancel: true }).then(() => onChange(), fail)}
          data-testid="reread-cancel"
        >
          Cancel
        </button>
      </div>
    );
  }
  const outdated = status?.outdated_pages ?? 0;
  return (
    <div className="actions" data-testid="reread-all-box">
      <button type="button" onClick={() => start('all')} disabled={status === undefined} data-testid="reread-all">
        Re-read all pages
      </button>
      {outdated > 0 && (
        <button type="button" onClick={() => start('outdated')} data-testid="reread-outdated">
          Re-read the {plural(outdated, 'page', 'pages')} read by an older version
        </button>
      )}
      {run !== undefined && (run.state === 'done' || run.state === 'cancelled') && (
        <p className="muted" data-testid="reread-result">
          {run.state === 'done' ? 'Re-read' : 'Cancelled after'} {plural(run.done, 'page', 'pages')} of {run.total}
          {run.failed > 0 ? ` (${run.failed} could not be re-read: ${run.last_error ?? 'unknown error'})` : ''}.
        </p>
      )}
    </div>
  );
}

export function PagesView() {
  const [site, setSite] = useState('');
  const [period, setPeriod] = useState<Period>('all');
  const [message, setMessage] = useState<string>();
  const llmReady = usePanelStore((s) => s.settings.value.llm.provider !== 'none');
  const since = sinceOf(period);
  const { value: pages, error } = useLiveQuery(
    () => panelGraph().listPages({ limit: MAX_ROWS, ...(since === undefined ? {} : { since }), ...(site === '' ? {} : { site }) }),
    [site, period],
  );
  const { value: total } = useLiveQuery(() => panelGraph().countPages(), []);
  const [tick, setTick] = useState(0);
  const [running, setRunning] = useState(false);
  const read = useCallback(
    () =>
      readRereadStatus().then((s) => {
        setRunning(s.run.state === 'running');
        return s;
      }),
    [],
  );
  const reread = usePolled(read, running ? REREAD_POLL_MS : REREAD_IDLE_POLL_MS, tick);
  const onRereadChange = (m?: string) => {
    if (m !== undefined) setMessage(m);
    setTick((n) => n + 1);
  };
  if (error)
    return (
      <p role="alert" className="error">
        Ariadne could not read its pages ({error.message}). Reload the panel.
      </p>
    );
  return (
    <section aria-labelledby="captured-pages-heading" className="stack">
      <h2 id="captured-pages-heading">
        Captured pages{' '}
        <span className="count" data-testid="page-count">
          {total ?? 0}
        </span>
      </h2>
      <PageFilters site={site} period={period} onSite={setSite} onPeriod={setPeriod} />
      {total !== undefined && total > 0 && <RereadAll status={reread} onChange={onRereadChange} />}
      <p role="status" data-testid="pages-status">
        {message}
      </p>
      {pages === undefined && <p className="muted">Loading…</p>}
      {pages?.length === 0 && (
        <p className="muted" data-testid="pages-empty">
          {total === 0 ? 'No page captured yet: pages you read appear here, newest first.' : 'No captured page matches these filters.'}
        </p>
      )}
      {pages !== undefined && pages.length > 0 && (
        <ul className="page-list" data-testid="page-list">
          {pages.map((p) => (
            <PageRow key={p.url} page={p} llmReady={llmReady} analyzerVersion={reread?.analyzer_version} onDone={setMessage} />
          ))}
        </ul>
      )}
    </section>
  );
}
