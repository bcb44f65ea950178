/**
 * Merge import of a generated export in the real browser (issue 39's other bulk path):
 * the file goes through the side panel's Data tab as a user imports it, into a graph that
 * already holds data, so every entity goes through the resolver. `--into 0` is a fresh
 * profile holding one entity (the panel merges into any graph that is not empty);
 * `--into 100k` a copy of a seeded profile (`--profiles`, made by scale.bench.ts) from the
 * same generator, so the file's names meet their namesakes. CPU of the profile's Chromium
 * processes beside wall time, the extension process's peak resident memory, and the
 * peak heaps of the worker and the panel apart (heap.ts).
 *
 *   npx tsx bench/scale/merge-import.bench.ts --entities 10k --into 100k --ext .out-x/chrome-mv3 --label after
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchWithExtension } from '../../src/cli/launch';
import { callTool } from './browser';
import { watchHeaps } from './heap';
import { copyProfile } from './profiles';
import { restoreThroughPanel, writeExport } from './restore-flow';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '10k' },
    into: { type: 'string', default: '0' },
    ext: { type: 'string', default: resolve(ROOT, '.output/chrome-mv3') },
    profiles: { type: 'string', default: '/work/.scale-profiles/scale' },
    label: { type: 'string', default: 'run' },
  },
});

function sizeOf(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!m) throw new Error(`bad size: ${text} (e.g. 10k, 1m)`);
  const unit = m[2]?.toLowerCase();
  return Math.round(Number(m[1]) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1));
}

// One folder per label, so two builds can run side by side.
const WORK = resolve(ROOT, '.bench/scale-merge', /^[\w-]+$/.test(values.label) ? values.label : 'run');

async function main(): Promise<void> {
  const n = sizeOf(values.entities);
  const into = sizeOf(values.into);
  mkdirSync(WORK, { recursive: true });
  const file = resolve(WORK, `export-${n}.json`);
  await writeExport(file, n);
  const profileDir = resolve(WORK, `profile-${n}-into-${into}`);
  if (into === 0) rmSync(profileDir, { recursive: true, force: true });
  else copyProfile(resolve(values.profiles, `seeded-${into}-2`), profileDir);
  console.log(`merge of ${n} entities (${Math.round(statSync(file).size / 1e5) / 10} MB) into ${into}`);
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, extensionDir: resolve(values.ext) });
  try {
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    // A graph that is not empty: the panel's import merges (the first call also waits for a database upgrade).
    if (into === 0) await callTool(panel, 'entity_add', { name: 'Ariadne Bench Seed', entity_type: 'other' });
    else await callTool(panel, 'graph_stats', {});
    const probe = await context.newPage();
    await probe.goto(`chrome-extension://${extensionId}/manifest.json`);
    const watch = watchHeaps(await context.newCDPSession(probe), { heldEveryMs: 20_000 });
    const merged = await restoreThroughPanel(panel, profileDir, file);
    const heapPeaksMb = await watch.stop();
    console.log(
      JSON.stringify({
        merge: {
          entities: n,
          into,
          wallS: merged.wallMs / 1000,
          cpuS: merged.cpuMs / 1000,
          cpuMsByKind: merged.cpuMsByKind,
          peakExtensionRssMb: merged.peakExtensionMb,
          heapPeaksMb,
          summary: merged.value,
        },
      }),
    );
  } finally {
    await context.close();
  }
}

await main();
