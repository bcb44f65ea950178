/**
 * Export and import. Exports read the graph from the database (JSON is lossless;
 * CSV, GraphML for Gephi and yEd, and Markdown notes for Obsidian as one `.md`
 * bundle). Import sends a JSON export to the background in chunks, with a progress
 * bar and a summary: into an empty graph it restores it exactly, into a graph with
 * data it merges names through the resolver.
 */
import { useState } from 'react';
import { dumpGraph, entitiesCsv, graphMl, markdownBundle, relationshipsCsv } from '../../core/export';
import type { GraphDump } from '../../core/export';
import { readStore } from '../database';
import { download, stamp } from '../download';
import { userError } from '../user-error';
import { ClearGraph } from './clear-graph';
import { ImportGraph } from './import-graph';

type Format = 'json' | 'entities.csv' | 'relationships.csv' | 'graphml' | 'md';

const FORMATS: readonly { readonly id: Format; readonly label: string; readonly type: string; readonly render: (d: GraphDump) => string }[] = [
  { id: 'json', label: 'JSON (complete, re-importable)', type: 'application/json', render: (d) => JSON.stringify(d) },
  { id: 'entities.csv', label: 'CSV: entities', type: 'text/csv', render: entitiesCsv },
  { id: 'relationships.csv', label: 'CSV: relationships', type: 'text/csv', render: relationshipsCsv },
  { id: 'graphml', label: 'GraphML (Gephi, yEd)', type: 'application/graphml+xml', render: graphMl },
  { id: 'md', label: 'Markdown notes (Obsidian, one file)', type: 'text/markdown', render: markdownBundle },
];

/** The whole graph, stamped with the time of the export. */
function currentDump(): Promise<GraphDump> {
  return dumpGraph(readStore, { exportedAt: Date.now() });
}

export function DataView() {
  const [busy, setBusy] = useState<Format>();
  const [error, setError] = useState<string>();
  const exportAs = async (format: (typeof FORMATS)[number]) => {
    setBusy(format.id);
    setError(undefined);
    try {
      const dump = await currentDump();
      download(`ariadne-${stamp()}.${format.id}`, format.render(dump), format.type);
    } catch (e) {
      setError(userError(e));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-label="Data" className="stack">
      <section aria-labelledby="export-heading" className="stack">
        <h2 id="export-heading">Export</h2>
        <div className="actions wrap">
          {FORMATS.map((f) => (
            <button key={f.id} type="button" disabled={busy !== undefined} onClick={() => void exportAs(f)} data-testid={`export-${f.id}`}>{f.label}</button>
          ))}
        </div>
        {error && <p role="alert" className="error">{error}</p>}
      </section>
      <ImportGraph />
      <ClearGraph />
    </section>
  );
}
