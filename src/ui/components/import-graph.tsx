/** Import a JSON export: checked first, then sent in chunks with a progress bar, then a summary. */
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { importDump, parseGraphDump } from '../../core/export';
import type { ChunkOutcome, ImportMode, ImportSummary } from '../../core/export';
import { callTool } from '../../messaging/client';
import { userError } from '../user-error';

async function send(records: unknown, mode: ImportMode | 'auto', idMap: Record<string, string>): Promise<ChunkOutcome> {
  const out = await callTool<{ mode: ImportMode; tally: ChunkOutcome['tally']; id_map: Record<string, string> }>('graph_import', { mode, records, id_map: idMap });
  return { mode: out.mode, tally: out.tally, idMap: out.id_map };
}

function Summary({ summary }: { readonly summary: ImportSummary }) {
  const t = summary.tally;
  return (
    <p role="status" data-testid="import-summary">
      {summary.mode === 'restore' ? 'Restored' : 'Merged into your graph'}: {t.entitiesCreated} new entities
      {summary.mode === 'merge' ? `, ${t.entitiesMatched} matched to ones you had` : ''}, {t.relationships} relationships, {t.evidence} evidence rows, {t.pages} pages
      {summary.mode === 'restore' ? `, ${t.merges} merges, ${t.reviews} review items` : ''}.{t.skipped > 0 ? ` ${t.skipped} records did not apply here and were skipped.` : ''}
    </p>
  );
}

export function ImportGraph() {
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [summary, setSummary] = useState<ImportSummary>();
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
      const dump = parseGraphDump(raw);
      setSummary(await importDump(dump, send, (done, total) => setProgress({ done, total })));
    } catch (e) {
      setError(e instanceof Error && !('code' in e) ? e.message : userError(e));
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <section aria-labelledby="import-heading" className="stack">
      <h2 id="import-heading">Import</h2>
      <p className="muted">A JSON export from Ariadne. Into an empty graph it comes back exactly; otherwise its names are matched with yours.</p>
      <label>Choose a JSON export <input type="file" accept="application/json,.json" disabled={progress !== undefined} onChange={(e) => void onFile(e)} data-testid="import-file" /></label>
      {progress && (
        <p>
          <progress max={progress.total} value={progress.done} aria-label="Import progress" data-testid="import-progress" /> {progress.done} / {progress.total}
        </p>
      )}
      {summary && <Summary summary={summary} />}
      {error && <p role="alert" className="error">{error}</p>}
    </section>
  );
}
