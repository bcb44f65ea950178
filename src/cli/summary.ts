/**
 * What `npm start -- --headless` prints: one block per page (its title, its address, and
 * what was found, or why it was not captured), then the graph's totals. Shared by the
 * Chromium and Firefox runs.
 *
 * @example
 *   console.log(summarize(dump, reports, Date.now() - started, failed, workspace));
 */
import { writeFileSync } from 'node:fs';
import type { RunWorkspace } from './workspace-option';

export interface CaptureReport {
  /** The argument as given on the command line. */
  readonly input: string;
  /** The address visited (absent when the argument was neither a URL nor a file). */
  readonly url?: string;
  readonly captureId?: string;
  /** Why the page was not captured. */
  readonly error?: string;
  /** What else happened while the page was read (it reloaded itself, …). */
  readonly note?: string;
}

export type GraphDump = Record<string, unknown[]>;

/** Entities named per page at most in the summary. */
const NAMES_SHOWN = 12;

export function summarize(
  dump: GraphDump,
  reports: readonly CaptureReport[],
  elapsedMs: number,
  failed: number,
  workspace: RunWorkspace,
): string {
  const entities = (dump.entities ?? []) as { id: string; type: string; name: string }[];
  const byType = new Map<string, number>();
  for (const e of entities) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
  const pages = new Map(((dump.pages ?? []) as { url: string; title?: string; entityIds: string[] }[]).map((p) => [p.url, p]));
  const names = new Map(entities.map((e) => [e.id, e.name]));
  const lines: string[] = [];
  for (const r of reports) {
    const page = r.url === undefined ? undefined : pages.get(r.url);
    const heading = page?.title?.trim() || r.input;
    if (r.error !== undefined || r.url === undefined) {
      lines.push(
        `✗ ${heading}${r.url === undefined || r.url === heading ? '' : `\n    ${r.url}`}\n    not captured: ${r.error ?? 'no address'}`,
      );
      continue;
    }
    const found = page?.entityIds.map((id) => names.get(id) ?? id) ?? [];
    lines.push(
      `✓ ${heading}${r.url === heading ? '' : `\n    ${r.url}`}\n    ${found.length} entities: ${found.slice(0, NAMES_SHOWN).join(', ')}${found.length > NAMES_SHOWN ? ', …' : ''}`,
    );
    if (r.note !== undefined) lines.push(`    note: ${r.note}`);
  }
  const types = [...byType.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t, n]) => `${t} ${n}`);
  lines.push('');
  lines.push(`Workspace: ${workspace.name}`);
  lines.push(
    `Graph: ${entities.length} entities (${types.join(', ') || 'none'}), ${(dump.relationships ?? []).length} relationships, ${pages.size} pages`,
  );
  if (failed > 0) lines.push(`${failed} capture(s) failed to ingest and are parked in the inbox.`);
  lines.push(`Time: ${(elapsedMs / 1000).toFixed(1)} s`);
  return lines.join('\n');
}

export function writeGraph(out: string, dump: GraphDump): void {
  writeFileSync(
    out,
    `${JSON.stringify({ format: 'ariadne-graph', version: 1, exportedAt: new Date().toISOString(), ...dump }, null, 2)}\n`,
  );
  console.log(`Wrote ${out}`);
}

/** Reads every table of a workspace's graph database; evaluated in an extension page (Playwright or puppeteer). */
export async function readGraphTables(database: string): Promise<GraphDump> {
  const tables = ['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews'];
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const request = indexedDB.open(database);
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
  const out: Record<string, unknown[]> = {};
  for (const name of tables) {
    if (!db.objectStoreNames.contains(name)) continue;
    out[name] = await new Promise<unknown[]>((ok, fail) => {
      const request = db.transaction(name, 'readonly').objectStore(name).getAll();
      request.onsuccess = () => ok(request.result);
      request.onerror = () => fail(request.error);
    });
  }
  db.close();
  return out;
}
