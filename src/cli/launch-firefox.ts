/**
 * Launches Firefox (ESR from apt, headless) with the built add-on, over WebDriver BiDi with
 * puppeteer-core: Playwright cannot drive stock Firefox. Shared by the Firefox smoke test
 * (e2e/firefox/smoke.ts) and `npm start -- --browser firefox`.
 *
 * Two ways to install: `temporary` (BiDi `webExtension.install` of the build folder, what
 * about:debugging's "Load Temporary Add-on" does) or `permanent`, the zip dropped in the
 * profile's `extensions/<gecko id>.xpi` (Firefox installs it at start-up; unsigned add-ons
 * need `xpinstall.signatures.required=false`, honoured by ESR and Developer Edition).
 *
 * @example
 *   const ff = await launchFirefox({ profileDir, install: { temporary: FIREFOX_EXTENSION_DIR } });
 *   const panel = await ff.browser.newPage();
 *   await openExtensionPage(panel, `${ff.origin}/sidepanel.html`);
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { GECKO_ID } from '../native-host/extension-key';

const OUT_DIR = resolve(import.meta.dirname, '../..', process.env.ARIADNE_OUT_DIR ?? '.output');
/** The Firefox MV2 build `wxt build -b firefox` writes (under ARIADNE_OUT_DIR when set, as in wxt.config.ts). */
export const FIREFOX_EXTENSION_DIR = join(OUT_DIR, 'firefox-mv2');
export const DEFAULT_FIREFOX = '/usr/bin/firefox-esr';
/** How long an extension page may take to show its first frame. */
const PAGE_TIMEOUT_MS = 15_000;

export type FirefoxInstall = { readonly temporary: string } | { readonly permanent: string };

export interface FirefoxLaunchOptions {
  readonly profileDir: string;
  readonly install: FirefoxInstall;
  readonly headless?: boolean;
  readonly executablePath?: string;
  /** A fixed moz-extension:// UUID for the add-on (a fresh profile otherwise picks a random one). */
  readonly uuid?: string;
  /** Extra environment for Firefox (e.g. HOME, where it looks for native messaging hosts). */
  readonly env?: Readonly<Record<string, string>>;
  /** More Firefox preferences (e.g. the smoke test's `extensions.webextOptionalPermissionPrompts`). */
  readonly prefs?: Readonly<Record<string, string | number | boolean>>;
}

export interface LaunchedFirefox {
  readonly browser: Browser;
  /** `moz-extension://<uuid>` */
  readonly origin: string;
  /** Everything Firefox printed (stdout and stderr), for error checks. */
  readonly output: string[];
}

/** The UUID this profile gave the add-on: Firefox keeps the map in prefs.js (written at shutdown). */
export async function extensionUuid(profileDir: string, id = GECKO_ID): Promise<string | undefined> {
  const prefs = await readFile(join(profileDir, 'prefs.js'), 'utf8').catch(() => '');
  const line = prefs.split('\n').find((l) => l.includes('"extensions.webextensions.uuids"'));
  const json = line?.match(/, "(.*)"\);$/)?.[1];
  if (json === undefined) return undefined;
  const map: unknown = JSON.parse(JSON.parse(`"${json}"`));
  const uuid = typeof map === 'object' && map !== null ? Reflect.get(map, id) : undefined;
  return typeof uuid === 'string' ? uuid : undefined;
}

export async function launchFirefox(options: FirefoxLaunchOptions): Promise<LaunchedFirefox> {
  await mkdir(options.profileDir, { recursive: true });
  if ('permanent' in options.install) {
    await mkdir(join(options.profileDir, 'extensions'), { recursive: true });
    await copyFile(options.install.permanent, join(options.profileDir, 'extensions', `${GECKO_ID}.xpi`));
  }
  const uuid = options.uuid ?? (await extensionUuid(options.profileDir));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: options.executablePath ?? process.env.FIREFOX_PATH ?? DEFAULT_FIREFOX,
    headless: options.headless ?? true,
    userDataDir: options.profileDir,
    // BiDi's webExtension.install needs system access.
    args: ['--remote-allow-system-access'],
    ...(options.env === undefined ? {} : { env: { ...process.env, ...options.env } }),
    extraPrefsFirefox: {
      // Unsigned builds install permanently (ESR, Developer Edition, Nightly honour it).
      'xpinstall.signatures.required': false,
      // Add-ons found in the profile's extensions/ folder start enabled, without a prompt.
      'extensions.autoDisableScopes': 0,
      'extensions.enabledScopes': 15,
      // A temporary add-on is uninstalled at shutdown; keep its UUID and data so a profile reused
      // by `npm start -- --browser firefox` finds its graph again (what web-ext run does too).
      'extensions.webextensions.keepUuidOnUninstall': true,
      'extensions.webextensions.keepStorageOnUninstall': true,
      // Console messages of every context (background, panel, content scripts) go to stdout.
      'devtools.console.stdout.chrome': true,
      'devtools.console.stdout.content': true,
      ...(uuid === undefined ? {} : { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }) }),
      ...options.prefs,
    },
  });
  const output: string[] = [];
  const child = browser.process();
  for (const stream of [child?.stdout, child?.stderr])
    stream?.on('data', (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  try {
    if ('temporary' in options.install) await browser.installExtension(resolve(options.install.temporary));
    const assigned = uuid ?? (await extensionUuid(options.profileDir));
    if (assigned === undefined) throw new Error('no moz-extension UUID for the add-on: pass `uuid` for a fresh profile');
    return { browser, origin: `moz-extension://${assigned}`, output };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * Opens an extension page in `page`. BiDi reports no navigation for moz-extension:// pages
 * (puppeteer's goto never resolves), so this waits for the document instead. A navigation
 * that went nowhere (on a loaded machine the first one can be lost right after the add-on's
 * install) is asked for again, up to three times; a page that is there but still loading is
 * waited for, not reloaded.
 */
export async function openExtensionPage(page: Page, url: string): Promise<void> {
  const loaded = (timeout: number): Promise<unknown> =>
    page.waitForFunction((expected) => location.href === expected && document.readyState === 'complete', { timeout }, url);
  for (let attempt = 1; ; attempt++) {
    void page.goto(url, { timeout: PAGE_TIMEOUT_MS }).catch(() => undefined);
    try {
      await loaded(PAGE_TIMEOUT_MS);
      return;
    } catch (error) {
      const there = await page.evaluate(() => location.href).catch(() => '');
      if (there === url) {
        await loaded(PAGE_TIMEOUT_MS);
        return;
      }
      if (attempt >= 3) throw error;
    }
  }
}
