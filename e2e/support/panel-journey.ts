/**
 * Helpers for the side-panel journeys: the five local pages of `e2e/site/sidepanel`,
 * panel navigation by tab, a graph read through the extension's own database (for
 * comparing before and after an import), and screenshots saved as test artifacts.
 */
import type { Page, TestInfo } from '@playwright/test';

export const SIDEPANEL_PAGES = ['northwind.html', 'northwind-research.html', 'ada-quill.html', 'tern-db.html', 'harbor.html'].map((p) => `sidepanel/${p}`);

export async function openTab(panel: Page, name: 'Search' | 'Merge & review' | 'Ask' | 'Diagram' | 'Data' | 'Settings'): Promise<void> {
  await panel.getByRole('tab', { name, exact: false }).first().click();
}

export async function snap(panel: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await panel.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Every table of the graph, sorted, read in the panel's page from IndexedDB `ariadne`. */
export function readGraph(panel: Page): Promise<Record<string, unknown[]>> {
  return panel.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('ariadne');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const out: Record<string, unknown[]> = {};
    for (const table of ['entities', 'relationships', 'evidence', 'pages', 'merges', 'reviews']) {
      out[table] = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction(table).objectStore(table).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    }
    db.close();
    return out;
  });
}
