/**
 * Helpers for the side-panel journeys: the five local pages of `e2e/site/sidepanel`,
 * panel navigation by tab, a graph read through the extension's own database (for
 * comparing before and after an import), screenshots saved as test artifacts, and the
 * axe check at the panel's widths in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';

export const SIDEPANEL_PAGES = ['northwind.html', 'northwind-research.html', 'ada-quill.html', 'tern-db.html', 'harbor.html'].map(
  (p) => `sidepanel/${p}`,
);

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

/** Calls a tool from the panel page, as the panel's own forms do, and returns its result (the reply must be ok). */
export async function panelTool(panel: Page, name: string, args: Record<string, unknown>): Promise<unknown> {
  const reply = (await panel.evaluate((m) => chrome.runtime.sendMessage(m), { type: 'tool.call', tool: name, arguments: args })) as {
    ok: boolean;
    result?: unknown;
    error?: unknown;
  };
  expect(reply, JSON.stringify(reply.error)).toMatchObject({ ok: true });
  return reply.result;
}

export async function openTab(
  panel: Page,
  name: 'Search' | 'Merge & review' | 'Ask' | 'Diagram' | 'Pages' | 'Data' | 'Settings',
): Promise<void> {
  await panel.getByRole('tab', { name, exact: false }).first().click();
}

/** Asks `question` in the Ask tab (open it first) and returns the new message once it is there. */
export async function askInPanel(panel: Page, question: string): Promise<Locator> {
  const answers = panel.getByTestId('chat-answer');
  const before = await answers.count();
  await panel.getByTestId('chat-input').fill(question);
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(answers).toHaveCount(before + 1);
  return answers.last();
}

/** The two pages of `e2e/site/pages-view`, captured in this order (Kestrel Bank's profile, then the Ostra Pay deal). */
export const PAGES_VIEW_PAGES = { KESTREL: 'pages-view/kestrel-bank.html', OSTRA: 'pages-view/ostra-pay.html' } as const;

/**
 * Captures both `PAGES_VIEW_PAGES` and opens the panel at 400 px on its Pages tab once it
 * lists both; returns the panel and its page rows.
 */
export async function pagesViewWithTwoPages(
  capture: (path: string) => Promise<string>,
  sidePanel: { open(): Promise<Page> },
): Promise<{ readonly panel: Page; readonly rows: Locator }> {
  await capture(PAGES_VIEW_PAGES.KESTREL);
  await capture(PAGES_VIEW_PAGES.OSTRA);
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 400, height: 900 });
  await panel.getByRole('tab', { name: 'Pages' }).click();
  const rows = panel.getByTestId('page-row');
  await expect(rows).toHaveCount(2);
  return { panel, rows };
}

/** Clicks the action `testId` of a Pages row, opening the row's "Actions" first when it is closed. */
export async function pageAction(row: Locator, testId: string): Promise<void> {
  const menu = row.getByTestId('page-actions');
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await row.getByTestId(testId).click();
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

/**
 * No serious or critical axe finding, and no sideways scroll, at 320 and 500 px in light
 * and dark; leaves the panel light at 400 px. With `shots`, a full-page screenshot of each
 * (`<shots.name>-<width>-<scheme>.png`) is saved under the test's output and attached.
 */
export async function axeCleanAtPanelWidths(
  panel: Page,
  where: string,
  shots?: { readonly testInfo: TestInfo; readonly name: string },
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    for (const width of [320, 500]) {
      await panel.setViewportSize({ width, height: 900 });
      if (shots) await snap(panel, shots.testInfo, `${shots.name}-${width}-${scheme}`);
      const { violations } = await new AxeBuilder({ page: panel }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${where}, ${scheme} ${width}px: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
        [],
      );
      expect(
        await panel.evaluate(() => document.documentElement.scrollWidth),
        `${where}: no sideways scroll at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 400, height: 900 });
}
