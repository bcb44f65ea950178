/**
 * Launches Chromium with the built extension (Playwright's persistent context),
 * finds the extension id from its service worker, and blocks outside requests
 * when asked. Shared by the e2e fixture and `npm start`.
 * Facts it relies on: ../shared/notes/extension-testing.md.
 *
 * @example
 *   const { context, extensionId } = await launchWithExtension({ profileDir, headless: true });
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';

/** The Chrome MV3 build `wxt build` writes (under ARIADNE_OUT_DIR when set, as in wxt.config.ts). */
export const EXTENSION_DIR = resolve(import.meta.dirname, '../..', process.env.ARIADNE_OUT_DIR ?? '.output', 'chrome-mv3');
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/** How long to wait for the extension's service worker to appear. */
const WORKER_TIMEOUT_MS = 15_000;

export interface LaunchOptions {
  readonly profileDir: string;
  readonly headless: boolean;
  readonly extensionDir?: string;
  readonly executablePath?: string;
  /** Origins pages may load from; everything else (outside http(s)) is aborted. Undefined: no blocking. */
  readonly allowOrigins?: readonly string[];
}

export interface LaunchedBrowser {
  readonly context: BrowserContext;
  readonly extensionId: string;
}

export async function launchWithExtension(options: LaunchOptions): Promise<LaunchedBrowser> {
  const extension = options.extensionDir ?? EXTENSION_DIR;
  const context = await chromium.launchPersistentContext(options.profileDir, {
    executablePath: options.executablePath ?? process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM,
    headless: options.headless,
    args: [
      // Without --disable-extensions-except the worker never starts (Playwright adds --disable-extensions).
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      '--no-first-run',
      '--no-default-browser-check',
    ],
  });
  if (options.allowOrigins !== undefined) {
    const allowed = new Set(options.allowOrigins);
    await context.route(/^https?:/, (route) => {
      const origin = new URL(route.request().url()).origin;
      return allowed.has(origin) ? route.continue() : route.abort('blockedbyclient');
    });
  }
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: WORKER_TIMEOUT_MS }));
  const extensionId = new URL(worker.url()).host;
  return { context, extensionId };
}
