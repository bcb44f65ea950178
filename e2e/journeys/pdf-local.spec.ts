// A PDF opened from disk (file://) in Chromium: read by the service worker once the user ticked
// Settings → Capture → "Capture local files" (which asks for the file:///* origin) and Chromium's
// "Allow access to file URLs" is on (an unpacked build starts with it on), then captured by the
// shortcut with page-numbered evidence. Without the switch, or without the origin, the shortcut
// refuses with the message that says what to turn on. The shortcut is called as the command
// listener calls it (e2e/support/capture.ts); the file:// tab is a real tab at the PDF's address.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { CaptureRig } from '../support/capture';
import { profileWithoutFileAccess } from '../support/file-access';
import { expect, test } from '../support/fixtures';
import { SidePanelPage } from '../support/side-panel-page';
import { ACCESS_REFUSED } from '../../src/ui/components/local-files-setting';

interface EntityDetails {
  readonly evidence: readonly { readonly page_url: string; readonly snippet: string }[];
}
interface ChromeApi {
  extension: { isAllowedFileSchemeAccess(): Promise<boolean> };
  permissions: { contains(p: { origins: string[] }): Promise<boolean> };
  action: { getTitle(d: { tabId: number }): Promise<string> };
  storage: { local: { get(key: string): Promise<Record<string, { allowFileUrls?: boolean } | undefined>> } };
}
declare const chrome: ChromeApi;

const PDF_URL = pathToFileURL(resolve(import.meta.dirname, '../site/pdf/kestrel-review.pdf')).href;
/** The start of each refusal the background gives (src/background/pdf-capture.ts, src/core/capture-policy.ts). */
const SWITCH_OFF =
  /^To read local PDFs \(file:\/\/\), let Ariadne open file addresses: open chrome:\/\/extensions.*"Allow access to file URLs"/;
const NOT_GRANTED =
  /^Ariadne may open file addresses but was not given access to local files: in Settings → Capture, clear "Capture local files/;
const BOX_CLEARED = /^Local files \(file:\/\/\) are not captured unless allowed in Settings → Capture\./;

/** Ticks or clears Settings → Capture → "Capture local files (file://) when I ask" in the panel, as the user does. */
async function setLocalFilesBox(sidePanel: SidePanelPage, on: boolean): Promise<Page> {
  const panel = sidePanel.page ?? (await sidePanel.open());
  await sidePanel.openTab('Settings');
  const box = panel.getByTestId('allow-file-urls');
  // A controlled box: it changes once the permission request answered, so click and wait (setChecked checks at once).
  if ((await box.isChecked()) !== on) await box.click();
  await expect(box).toBeChecked({ checked: on });
  return panel;
}

/** The PDF opened in a tab from disk, and the tab the shortcut's listener is handed. */
async function openLocalPdf(context: BrowserContext, rig: CaptureRig) {
  const tabPage = await context.newPage();
  await tabPage.goto(PDF_URL);
  return { ...(await rig.tabOf(tabPage)), url: PDF_URL, title: 'kestrel-review.pdf' };
}

test('a local PDF is captured by the shortcut once local files are allowed, with page-numbered evidence', async ({
  context,
  extensionId,
  sidePanel,
}) => {
  const rig = new CaptureRig(context, extensionId);
  const worker = await rig.worker();
  expect(await worker.evaluate(() => chrome.extension.isAllowedFileSchemeAccess())).toBe(true);

  // The box on: the setting and the file:///* origin (Chromium asks no question for it).
  const panel = await setLocalFilesBox(sidePanel, true);
  expect(await worker.evaluate(() => chrome.permissions.contains({ origins: ['file:///*'] }))).toBe(true);

  const tab = await openLocalPdf(context, rig);
  const outcome = await rig.shortcutOn(tab);
  expect(outcome, outcome.reason).toMatchObject({ status: 'captured' });
  await expect.poll(() => rig.badge(tab.id), { timeout: 30_000 }).toMatch(/^[1-9]\d*$/);
  const kestrel = await rig.tool<EntityDetails>('entity_get', { name: 'Kestrel Bank' });
  expect(kestrel.evidence.find((e) => e.page_url === PDF_URL)?.snippet).toMatch(/^p\. 1 · /);
  const halvard = await rig.tool<EntityDetails>('entity_get', { name: 'Halvard Berg' });
  expect(halvard.evidence.find((e) => e.page_url === PDF_URL)?.snippet).toMatch(/^p\. \d · Halvard Berg joined Ostra Pay/);
  await sidePanel.openTab('Pages');
  await expect(panel.getByTestId('page-pdf').first()).toHaveText('PDF, 2 pages');

  // The box cleared: the origin is given up and local files are refused by the capture policy.
  await setLocalFilesBox(sidePanel, false);
  expect(await worker.evaluate(() => chrome.permissions.contains({ origins: ['file:///*'] }))).toBe(false);
  // The box shows the panel's state at once; the setting reaches storage a moment later (it failed once on a loaded machine).
  await expect
    .poll(() =>
      worker.evaluate(
        async () =>
          ((await chrome.storage.local.get('ariadne.capture'))['ariadne.capture'] as { allowFileUrls?: boolean } | undefined)
            ?.allowFileUrls,
      ),
    )
    .not.toBe(true);
  const cleared = await rig.shortcutOn(tab);
  expect(cleared.status).toBe('refused');
  expect(cleared.reason).toMatch(BOX_CLEARED);

  // The setting on without the origin (ticked before Ariadne asked for it): the message says to tick it again.
  await rig.setCapture({ allowFileUrls: true });
  const notGranted = await rig.shortcutOn(tab);
  expect(notGranted.status).toBe('refused');
  expect(notGranted.reason).toMatch(NOT_GRANTED);
  expect(await rig.badge(tab.id)).toBe('×');
});

test('without "Allow access to file URLs" a local PDF is refused with the switch to turn on', async ({ site }) => {
  const profileDir = await profileWithoutFileAccess();
  const { context, extensionId } = await launchWithExtension({ profileDir, headless: true, allowOrigins: [site.origin] });
  try {
    const rig = new CaptureRig(context, extensionId);
    const worker = await rig.worker();
    expect(await worker.evaluate(() => chrome.extension.isAllowedFileSchemeAccess())).toBe(false);
    // Ticking the box: Chromium refuses the file:///* origin while the switch is off; the panel says which switch.
    const sidePanel = new SidePanelPage(context, extensionId);
    const panel = await sidePanel.open();
    await sidePanel.openTab('Settings');
    const box = panel.getByTestId('allow-file-urls');
    await box.click();
    await expect(panel.getByRole('alert').filter({ hasText: 'Allow access to file URLs' })).toHaveText(ACCESS_REFUSED);
    await expect(box).not.toBeChecked();
    expect(await worker.evaluate(() => chrome.permissions.contains({ origins: ['file:///*'] }))).toBe(false);

    // The setting on (ticked before Ariadne asked for the origin): the shortcut names the switch.
    await rig.setCapture({ allowFileUrls: true });

    const tab = await openLocalPdf(context, rig);
    const outcome = await rig.shortcutOn(tab);
    expect(outcome.status).toBe('refused');
    expect(outcome.reason).toMatch(SWITCH_OFF);
    // The badge says it was not captured, with the same words on its tooltip; nothing reached the graph.
    expect(await rig.badge(tab.id)).toBe('×');
    expect(await worker.evaluate((id) => chrome.action.getTitle({ tabId: id }), tab.id)).toContain('"Allow access to file URLs"');
    await expect(rig.tool('entity_get', { name: 'Kestrel Bank' })).rejects.toThrow(/not_found/);
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});
