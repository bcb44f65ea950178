/**
 * Playwright fixtures for the built extension: a fresh Chromium profile per test
 * with Ariadne loaded, the extension id (from its service worker), outside
 * requests blocked, the local test site (`e2e/site`) on an ephemeral port, and the
 * side panel's page object.
 *
 * @example
 *   import { test, expect } from '../support/fixtures';
 *   test('…', async ({ page, site, sidePanel }) => { await page.goto(site.url('stripe.html')); … });
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { serveDirectory } from '../../src/cli/static-server';
import { SidePanelPage } from './side-panel-page';

export interface Site {
  readonly origin: string;
  url(path: string): string;
}

interface WorkerFixtures {
  site: Site;
}

interface TestFixtures {
  context: BrowserContext;
  extensionId: string;
  page: Page;
  sidePanel: SidePanelPage;
  /** Visits a page of the site and waits until the background acknowledged its capture. */
  capture: (path: string) => Promise<string>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    async ({}, use) => {
      const server = await serveDirectory(resolve(import.meta.dirname, '../site'));
      await use({ origin: server.origin, url: (path) => `${server.origin}/${path.replace(/^\//, '')}` });
      await server.close();
    },
    { scope: 'worker' },
  ],
  // Declared as an object fixture so Playwright starts the extension before `extensionId`.
  context: async ({ site }, use) => {
    const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-e2e-'));
    const launched = await launchWithExtension({ profileDir, headless: true, allowOrigins: [site.origin] });
    contextIds.set(launched.context, launched.extensionId);
    await use(launched.context);
    await launched.context.close();
    await rm(profileDir, { recursive: true, force: true });
  },
  extensionId: async ({ context }, use) => {
    const id = contextIds.get(context);
    if (id === undefined) throw new Error('extension id unknown');
    await use(id);
  },
  page: async ({ context }, use) => {
    await use(context.pages()[0] ?? (await context.newPage()));
  },
  sidePanel: async ({ context, extensionId }, use) => {
    await use(new SidePanelPage(context, extensionId));
  },
  capture: async ({ page, site }, use) => {
    await use(async (path) => {
      await page.goto(site.url(path));
      const marker = page.locator('html[data-ariadne-captured]');
      await expect(marker).toHaveCount(1);
      return (await marker.getAttribute('data-ariadne-captured')) ?? '';
    });
  },
});

const contextIds = new WeakMap<BrowserContext, string>();

export { expect };
