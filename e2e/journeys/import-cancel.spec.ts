// Importing a large export can be cancelled: the Data tab shows the import's progress
// (bytes read, records imported) and a Cancel button; Cancel takes back every part the
// import had written, so the graph is exactly as before (the seed graph here), and the
// next import works (the graph's writer was freed, no journal row is left).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { bigGraph } from '../support/big-graph';
import { expect, test } from '../support/fixtures';
import { openTab, readGraph } from '../support/panel-journey';

const SEED = resolve(import.meta.dirname, '../site/sidepanel/seed-graph.json');
const sorted = (graph: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(graph).map(([k, rows]) => [k, [...rows].map((r) => JSON.stringify(r)).sort()]));

test('a large import shows its progress, and Cancel leaves the graph as it was', async ({ sidePanel }, testInfo) => {
  test.setTimeout(300_000);
  const { entities, relationships } = bigGraph(20_000);
  const file = testInfo.outputPath('big-export.json');
  await writeFile(
    file,
    JSON.stringify({
      format: 'ariadne-graph',
      version: 1,
      exportedAt: 0,
      entities,
      relationships,
      evidence: [],
      pages: [],
      merges: [],
      reviews: [],
    }),
  );
  const panel = await sidePanel.open();
  await openTab(panel, 'Data');
  await panel.getByTestId('import-file').setInputFiles(SEED);
  await expect(panel.getByTestId('import-summary')).toContainText('Restored: 4 new entities');
  const before = sorted(await readGraph(panel));

  await panel.getByTestId('import-file').setInputFiles(file);
  await expect(panel.getByTestId('import-progress')).toBeVisible();
  // At least one part written before Cancel, so there is something to take back.
  await expect
    .poll(async () => Number((await panel.getByTestId('import-records').textContent())?.replaceAll(',', '') ?? 0), { timeout: 120_000 })
    .toBeGreaterThan(0);
  await panel.getByTestId('import-cancel').click();
  await expect(panel.getByTestId('import-cancelled')).toBeVisible({ timeout: 120_000 });
  await expect(panel.getByTestId('import-progress')).toHaveCount(0);
  expect(sorted(await readGraph(panel))).toEqual(before);
  const journal = await panel.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const r = indexedDB.open('ariadne');
      r.onsuccess = () => done(r.result);
      r.onerror = () => fail(r.error);
    });
    const keys = await new Promise<IDBValidKey[]>((done, fail) => {
      const r = db.transaction('settings').objectStore('settings').getAllKeys();
      r.onsuccess = () => done(r.result);
      r.onerror = () => fail(r.error);
    });
    db.close();
    return keys.filter((k) => String(k).startsWith('import-journal:')).length;
  });
  expect(journal).toBe(0);

  // The writer is free again: the next import goes through.
  await panel.getByTestId('import-file').setInputFiles(SEED);
  await expect(panel.getByTestId('import-summary')).toContainText('Merged into your graph: 0 new entities');
});
