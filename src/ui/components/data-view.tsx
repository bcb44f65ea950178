/**
 * Export and import. Exports read the graph from the database (JSON is lossless and
 * streamed a page at a time into a Blob;
 * CSV, GraphML for Gephi and yEd, and a ZIP of Markdown notes for Obsidian), and each
 * says what the file it wrote holds. Import sends a JSON export to the background
 * with a summary: into an empty graph it restores it exactly, into a graph with data
 * it merges names through the resolver.
 */
import { useState } from 'react';
import { dumpGraph, exportFile } from '../../core/export';
import type { ExportFormat, GraphDump } from '../../core/export';
import { panelGraph } from '../panel-ports';
import { download, stamp } from '../download';
import { jsonExport } from '../json-export';
import { userError } from '../user-error';
import { ClearGraph } from './clear-graph';
import { ImportGraph } from './import-graph';

const FORMATS: readonly { readonly id: ExportFormat; readonly label: string }[] = [
  { id: 'json', label: 'JSON (complete, re-importable)' },
  { id: 'entities.csv', label: 'CSV: entities' },
  { id: 'relationships.csv', label: 'CSV: relationships' },
  { id: 'graphml', label: 'GraphML (Gephi, yEd)' },
  { id: 'md.zip', label: 'Markdown notes for Obsidian (ZIP)' },
];

/** The whole graph, stamped with the time of the export. */
function currentDump(): Promise<GraphDump> {
  return dumpGraph(panelGraph(), { exportedAt: Date.now() });
}

export function DataView() {
  const [busy, setBusy] = useState<ExportFormat>();
  const [error, setError] = useState<string>();
  const [wrote, setWrote] = useState<string>();
  const exportAs = async (format: ExportFormat) => {
    setBusy(format);
    setError(undefined);
    setWrote(undefined);
    try {
      if (format === 'json') {
        // Streamed: the graph a page at a time into a Blob built from parts.
        const json = await jsonExport(panelGraph(), stamp());
        download(json.fileName, json.blob, 'application/json');
        setWrote(json.summary);
        return;
      }
      const file = exportFile(format, await currentDump(), { date: stamp() });
      download(file.fileName, typeof file.data === 'string' ? file.data : new Blob([file.data], { type: file.type }), file.type);
      setWrote(file.summary);
    } catch (e) {
      setError(userError(e));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-label="Data" className="stack sections">
      <section aria-labelledby="export-heading" className="stack">
        <h2 id="export-heading">Export</h2>
        <div className="actions wrap">
          {FORMATS.map((f) => (
            <button
              key={f.id}
              type="button"
              disabled={busy !== undefined}
              onClick={() => void exportAs(f.id)}
              data-testid={`export-${f.id}`}
            >
              {f.label}
            </button>
          ))}
        </div>
        {wrote !== undefined && (
          <p role="status" data-testid="export-summary">
            Saved {wrote}
          </p>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </section>
      <ImportGraph />
      <ClearGraph />
    </section>
  );
}
