/**
 * Restore and export of a large graph in the real browser (issue 39's bulk paths):
 * a generated graph (generate.ts) written as a JSON export file, restored into an empty
 * profile through the side panel's Data tab (the user's path: file input, progress,
 * summary), then exported again through the panel. CPU of the profile's Chromium
 * processes is printed beside wall time, per process kind, and the extension process's
 * peak resident memory while restoring, and the peak heaps of the worker and the panel
 * apart (heap.ts: they share that process).
 *
 *   npx tsx bench/scale/restore.bench.ts --entities 100k --ext .out-scale/chrome-mv3 [--export] [--label after]
 *
 * The same script drives an older build's panel (same test ids: import-file,
 * import-summary), so before and after run the same steps.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchWithExtension } from '../../src/cli/launch';
import { measured } from './browser';
import { watchHeaps } from './heap';
import { restoreThroughPanel, writeExport } from './restore-flow';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '100k' },
    ext: { type: 'string', default: resolve(ROOT, '.output/chrome-mv3') },
    export: { type: 'boolean', default: false },
    label: { type: 'string', default: 'run' },
  },
});
// One folder per label, so two builds can run side by side.
const WORK = resolve(ROOT, '.bench/scale-restore', /^[\w-]+$/.test(values.label) ? values.label : 'run');
const size = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(values.entities.trim());
if (!size) throw new Error(`bad --entities: ${values.entities} (e.g. 20k, 1m)`);
const unit = size[2]?.toLowerCase();
const n = Math.round(Number(size[1]) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1));

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const file = resolve(WORK, `export-${n}.json`);
  await writeExport(file, n);
  const mb = Math.round(statSync(file).size / 1e5) / 10;
  const profileDir = resolve(WORK, `profile-${n}`);
  rmSync(profileDir, { recursive: true, force: true });
  console.log(`${n} entities: export file ${mb} MB`);
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, extensionDir: resolve(values.ext) });
  try {
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    const probe = await context.newPage();
    await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
    const watch = watchHeaps(await context.newCDPSession(probe), { heldEveryMs: 20_000 });
    const restored = await restoreThroughPanel(panel, profileDir, file);
    const heapPeaksMb = await watch.stop();
    const peakExtensionMb = restored.peakExtensionMb;
    console.log(
      JSON.stringify({
        restore: {
          entities: n,
          fileMb: mb,
          wallS: restored.wallMs / 1000,
          cpuS: restored.cpuMs / 1000,
          cpuMsByKind: restored.cpuMsByKind,
          peakExtensionRssMb: peakExtensionMb,
          heapPeaksMb,
          summary: restored.value,
        },
      }),
    );
    if (values.export) {
      const exported = await measured(profileDir, async () => {
        const download = panel.waitForEvent('download', { timeout: 3_600_000 });
        await panel.getByTestId('export-json').click();
        const d = await download;
        const to = resolve(WORK, `exported-${n}.json`);
        await d.saveAs(to);
        return Math.round(statSync(to).size / 1e5) / 10;
      });
      console.log(
        JSON.stringify({
          export: { fileMb: exported.value, wallS: exported.wallMs / 1000, cpuS: exported.cpuMs / 1000, cpuMsByKind: exported.cpuMsByKind },
        }),
      );
    }
  } finally {
    await context.close();
  }
}

await main();
