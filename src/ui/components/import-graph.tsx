/**
 * Import a JSON export: every record is checked here first (a bad file is refused
 * with its first bad records), then the whole file goes to the background in one
 * call, which checks it again and writes all of it or nothing; then a summary.
 */
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { parseGraphDump } from '../../core/export';
import type { GraphDump, ImportReport } from '../../core/export';
import { callTool } from '../../messaging/client';
import { userError } from '../user-error';

/** The whole file in one call; entity keys are left out (the background recomputes them). */
async function send(dump: GraphDump): Promise<ImportReport> {
  const { format: _f, version: _v, exportedAt: _t, ...records } = dump;
  return callTool('graph_import', { mode: 'auto', records: { ...records, entities: records.entities.map(({ keys: _k, ...e }) => e) } });
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

export function ImportGraph() {
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSummary(undefined);
    setError(undefined);
    try {
      let raw: unknown;
      try {
        raw = JSON.parse(await file.text());
      } catch {
        throw new Error(`“${file.name}” is not a JSON file. Pick a file made by Ariadne's JSON export.`);
      }
      setBusy(true);
      setSummary(await send(parseGraphDump(raw)));
    } catch (e) {
      setError(e instanceof Error && !('code' in e) ? e.message : userError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="import-heading" className="stack">
      <h2 id="import-heading">Import</h2>
      <p className="muted">
        A JSON export from Ariadne. Into an empty graph it comes back exactly; otherwise its names are matched with yours.
      </p>
      <label>
        Choose a JSON export{' '}
        <input type="file" accept="application/json,.json" disabled={busy} onChange={(e) => void onFile(e)} data-testid="import-file" />
      </label>
      {busy && (
        <p>
          <progress aria-label="Import progress" data-testid="import-progress" /> Checking and importing…
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
