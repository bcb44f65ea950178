/**
 * Import a JSON export in parts: the file is read as a stream (never whole in one
 * string), split into parts of one table each (`splitDump`), and sent to the background
 * one part at a time (`graph_import_session`), which checks and writes each with its
 * journal entry. A progress bar follows the bytes read; Cancel (or a bad record, or
 * closing the panel) takes every part back, so the graph is as it was. Then a summary.
 */
import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { splitDump } from '../../core/export/json-stream';
import type { DumpPart } from '../../core/export/json-stream';
import type { ImportReport } from '../../core/export';
import { callTool } from '../../messaging/client';
import { userError } from '../user-error';

/**
 * Records per part: ~1.5–4 MB of JSON (splitDump also cuts at 4M characters), one message and
 * one transaction each. 5,000 rather than 2,000: 16.6 → 15.4 s CPU restoring 20k entities
 * (bench/scale/restore.bench.ts, docs/figures.md).
 */
const PART_RECORDS = 5000;

interface Progress {
  readonly bytes: number;
  readonly total: number;
  readonly records: number;
}

/** The file's text in chunks, reporting the bytes read. */
async function* textOf(file: File, onBytes: (bytes: number) => void): AsyncGenerator<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      onBytes(bytes);
      yield decoder.decode(value, { stream: true });
    }
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) throw new Error(`“${file.name}” is not UTF-8 text. Pick a file made by Ariadne's JSON export.`);
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/** A part as the tool takes it: derived lookup keys left out (the background recomputes them). */
function recordsOf(part: DumpPart): Record<string, unknown[]> {
  const strip = (record: unknown, key: string): unknown => {
    if (typeof record !== 'object' || record === null || !Object.hasOwn(record, key)) return record;
    return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
  };
  const records =
    part.table === 'entities'
      ? part.records.map((r) => strip(r, 'keys'))
      : part.table === 'relationships'
        ? part.records.map((r) => strip(r, 'key'))
        : part.records;
  return { entities: [], relationships: [], evidence: [], pages: [], merges: [], reviews: [], [part.table]: records };
}

function Summary({ report }: { readonly report: ImportReport }) {
  const { entities: e, relationships: r, evidence: v, pages: p } = report;
  return (
    <p role="status" data-testid="import-summary">
      {report.mode === 'restore' ? 'Restored' : 'Merged into your graph'}: {e.created} new entities
      {report.mode === 'merge'
        ? `, ${e.updated} of yours gained names or attributes, ${e.unchanged} of yours already had everything`
        : ''}, {r.created} relationships, {v.created} evidence rows, {p.created + p.updated} pages
      {report.mode === 'restore' ? `, ${report.merges.created} merges, ${report.reviews.created} review items` : ''}.
      {r.unchanged + v.unchanged > 0 ? ` ${r.unchanged + v.unchanged} relationships and evidence rows were already there.` : ''}
      {report.skipped > 0 ? ` ${report.skipped} records did not apply here and were skipped.` : ''}
      {report.pruned > 0 ? ` ${report.pruned} references to records that no longer exist were dropped.` : ''}
    </p>
  );
}

class Cancelled extends Error {}

export function ImportGraph() {
  const [progress, setProgress] = useState<Progress>();
  const [summary, setSummary] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const [cancelled, setCancelled] = useState(false);
  const cancelRequested = useRef(false);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSummary(undefined);
    setError(undefined);
    setCancelled(false);
    cancelRequested.current = false;
    let importId: string | undefined;
    let records = 0;
    let bytes = 0;
    setProgress({ bytes: 0, total: file.size, records: 0 });
    try {
      const begun = await callTool('graph_import_session', { action: 'begin', mode: 'auto' });
      importId = begun.importId;
      for await (const part of splitDump(
        textOf(file, (b) => (bytes = b)),
        { records: PART_RECORDS },
      )) {
        if (cancelRequested.current) throw new Cancelled();
        const sent = await callTool('graph_import_session', { action: 'part', importId, records: recordsOf(part) });
        records = sent.records ?? records;
        setProgress({ bytes, total: file.size, records });
      }
      if (cancelRequested.current) throw new Cancelled();
      const done = await callTool('graph_import_session', { action: 'commit', importId });
      importId = undefined;
      if (done.report) setSummary(done.report);
    } catch (e) {
      if (e instanceof Cancelled) setCancelled(true);
      else setError(`${e instanceof Error && !('code' in e) ? e.message : userError(e)} Nothing from this file was kept.`);
    } finally {
      // Whatever stopped the import, every part it wrote is taken back (a refused part already was).
      if (importId !== undefined) await callTool('graph_import_session', { action: 'cancel', importId }).catch(() => undefined);
      setProgress(undefined);
    }
  };
  const percent = progress && progress.total > 0 ? Math.floor((100 * progress.bytes) / progress.total) : 0;
  return (
    <section aria-labelledby="import-heading" className="stack">
      <h2 id="import-heading">Import</h2>
      <p className="muted">
        A JSON export from Ariadne. Into an empty graph it comes back exactly; otherwise its names are matched with yours.
      </p>
      <label>
        Choose a JSON export{' '}
        <input
          type="file"
          accept="application/json,.json"
          disabled={progress !== undefined}
          onChange={(e) => void onFile(e)}
          data-testid="import-file"
        />
      </label>
      {progress && (
        <div className="stack">
          <p>
            <progress aria-label="Import progress" data-testid="import-progress" max={100} value={percent} /> {percent}% read,{' '}
            <span data-testid="import-records">{progress.records.toLocaleString('en-US')}</span> records imported…
          </p>
          <p>
            <button
              type="button"
              onClick={() => {
                cancelRequested.current = true;
              }}
              data-testid="import-cancel"
            >
              Cancel import
            </button>{' '}
            <span className="muted">Cancel takes back everything this file added.</span>
          </p>
        </div>
      )}
      {cancelled && (
        <p role="status" data-testid="import-cancelled">
          Import cancelled: nothing from this file was kept.
        </p>
      )}
      {summary && <Summary report={summary} />}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
