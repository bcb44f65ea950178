/**
 * The Pages view, a library of what was read: the captured pages, newest first, each with
 * its site, title, author and publication date (as its metadata gave them), when it was
 * captured and what it contributed; found by words of its title, site or address, and
 * filtered by site and by capture date. A row opens to what the page gave (its entities
 * with their sentence, its relationships, its capture notes: `PageDetails`); its actions
 * sit behind one button (`PageActions`). Above the list: re-read all pages (or those an
 * older analyzer version read) in the background, with progress and cancel.
 * Everything shown here came from web pages and is rendered as text.
 */
import { useCallback, useId, useState } from 'react';
import type { Page } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { useLiveQuery } from '../live-query';
import { pageMatcher } from '../../core/search/page-match';
import { panelGraph } from '../panel-ports';
import { usePanelStore } from '../store';
import { userError } from '../user-error';
import { usePolled } from '../use-polled';
import { BulkBar } from './bulk-bar';
import { PageActions, plural } from './page-actions';
import type { RereadStatus } from './page-actions';
import { PageDetails } from './page-details';
import { PageLink } from './page-link';

/** Pages listed at most; the filters reach older ones. */
const MAX_ROWS = 200;
/**
 * Newest pages a search by words reads (the pages store has no index on title words: a scan,
 * bounded so typing stays quick in a large library; the site and date filters reach older ones).
 */
const FIND_SCAN = 2000;
/** Pages read to offer their sites in the site filter. */
const SITES_SCAN = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the re-reading progress is read while a run goes on, and otherwise (the count of older pages). */
const REREAD_POLL_MS = 1_000;
const REREAD_IDLE_POLL_MS = 15_000;

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

function PageRow(props: RowProps) {
  const { page } = props;
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <li data-testid="page-row" data-url={page.url}>
      <PageLink url={page.url} title={page.title} />
      <PageFacts page={page} analyzerVersion={props.analyzerVersion} />
      <div className="actions">
        <button type="button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)} data-testid="page-open">
          {open ? 'Hide what it gave' : 'What it gave'}
        </button>
        <PageActions page={page} llmReady={props.llmReady} onDone={props.onDone} />
      </div>
      {open && <PageDetails page={page} id={detailsId} />}
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

/** The pages a view shows: newest first, by site and period, and when words are given, those they find. */
async function findPages(words: string, site: string, since: number | undefined): Promise<Page[]> {
  const filters = { ...(since === undefined ? {} : { since }), ...(site === '' ? {} : { site }) };
  if (words.trim() === '') return panelGraph().listPages({ limit: MAX_ROWS, ...filters });
  const matches = pageMatcher(words);
  return (await panelGraph().listPages({ limit: FIND_SCAN, ...filters })).filter(matches).slice(0, MAX_ROWS);
}

export function PagesView() {
  const [site, setSite] = useState('');
  const [period, setPeriod] = useState<Period>('all');
  const [words, setWords] = useState('');
  const [message, setMessage] = useState<string>();
  const llmReady = usePanelStore((s) => s.settings.value.llm.provider !== 'none');
  const since = sinceOf(period);
  const { value: pages, error } = useLiveQuery(() => findPages(words, site, since), [words, site, period]);
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
      <label>
        Find a page by its title, site or author
        <input type="search" value={words} maxLength={200} onChange={(e) => setWords(e.target.value)} data-testid="page-find" />
      </label>
      <PageFilters site={site} period={period} onSite={setSite} onPeriod={setPeriod} />
      {total !== undefined && total > 0 && <RereadAll status={reread} onChange={onRereadChange} />}
      <p role="status" data-testid="pages-status">
        {message}
      </p>
      <BulkBar />
      {pages === undefined && <p className="muted">Loading…</p>}
      {pages?.length === 0 && (
        <p className="muted" data-testid="pages-empty">
          {total === 0
            ? 'No page captured yet: pages you read appear here, newest first.'
            : words.trim() === ''
              ? 'No captured page matches these filters.'
              : `No captured page has "${words.trim()}" in its title, site or author line${site === '' && period === 'all' ? '' : ' with these filters'}.`}
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
