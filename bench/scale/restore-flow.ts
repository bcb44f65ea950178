/**
 * A generated graph (generate.ts) written as a JSON export file, and that file restored
 * through the side panel's Data tab as a user does it (file input → progress → summary),
 * measured from outside: CPU of the profile's Chromium processes, and the extension
 * process's peak resident memory while restoring. Used by restore.bench.ts and by
 * scale.bench.ts's `--seed restore`.
 *
 * @example
 *   await writeExport(file, 100_000);
 *   const restored = await restoreThroughPanel(panel, profileDir, file);
 */
import { createWriteStream } from 'node:fs';
import type { Page } from '@playwright/test';
import { measured, usage } from './browser';
import { generateGraph } from './generate';

/** The generated graph as an export file (no derived keys), written a chunk at a time. */
export async function writeExport(path: string, entities: number, relationshipsPerEntity = 2): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) => new Promise<void>((done) => (out.write(s) ? done() : out.once('drain', () => done())));
  // Entities and relationships come first in the generator; pages and evidence last: buffered per table as text.
  await write('{"format":"ariadne-graph","version":1,"exportedAt":0');
  let open: 'entities' | 'relationships' | undefined;
  const later: Record<string, string[]> = { evidence: [], pages: [] };
  for (const chunk of generateGraph({ entities, relationshipsPerEntity })) {
    for (const table of ['entities', 'relationships'] as const) {
      const rows = chunk[table].map((r) => {
        const { keys: _k, key: _key, ...rest } = r as unknown as Record<string, unknown>;
        return JSON.stringify(rest);
      });
      if (rows.length === 0) continue;
      if (open !== table) {
        await write(`${open === undefined ? '' : ']'},"${table}":[`);
        open = table;
      } else await write(',');
      await write(rows.join(','));
    }
    later.evidence?.push(...chunk.evidence.map((e) => JSON.stringify(e)));
    later.pages?.push(...chunk.pages.map((p) => JSON.stringify(p)));
  }
  await write(']');
  for (const table of ['evidence', 'pages']) {
    const rows = later[table] ?? [];
    await write(`,"${table}":[`);
    // A few thousand rows a write: one string of every row would pass V8's string length limit at 1M.
    for (let i = 0; i < rows.length; i += 5000) await write((i === 0 ? '' : ',') + rows.slice(i, i + 5000).join(','));
    await write(']');
  }
  await write(',"merges":[],"reviews":[]}');
  await new Promise<void>((done) => out.end(done));
}

/** Restores `file` through the panel's Data tab (`panel` is the side panel page); returns the summary text, CPU and peak memory. */
export async function restoreThroughPanel(panel: Page, profileDir: string, file: string) {
  await panel.getByRole('tab', { name: 'Data' }).first().click();
  let peakExtensionMb = 0;
  const sampler = setInterval(() => (peakExtensionMb = Math.max(peakExtensionMb, usage(profileDir).extensionRssMb)), 1000);
  try {
    const restored = await measured(profileDir, async () => {
      await panel.getByTestId('import-file').setInputFiles(file);
      // The summary, or the import's error (then the run stops here instead of waiting for ever).
      const refused = panel.locator('#import-heading ~ p[role=alert]');
      await panel
        .getByTestId('import-summary')
        .or(refused)
        .first()
        .waitFor({ state: 'visible', timeout: 6 * 3_600_000 });
      if (await refused.isVisible()) throw new Error(`the restore failed: ${await refused.textContent()}`);
      return panel.getByTestId('import-summary').textContent();
    });
    return { ...restored, peakExtensionMb };
  } finally {
    clearInterval(sampler);
  }
}
