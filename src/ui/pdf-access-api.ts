/**
 * The optional access to web sites that automatic PDF capture needs (`core/pdf-access.ts`),
 * asked for and given up from Settings. `wxt/browser` is imported statically here, unlike
 * `browser-api.ts`: Firefox accepts `permissions.request` only while the click is being
 * handled, and an `await import(…)` before it ends that ("permissions.request may only be
 * called from a user input handler"), so the request must be the click handler's first call.
 *
 * @example
 *   <input type="checkbox" onChange={(e) => void setPdfAccess(e.target.checked).then(setGranted)} />
 */
import { browser } from 'wxt/browser';
import { LOCAL_FILE_ORIGINS, PDF_ORIGINS } from '../core/pdf-access';

/** Whether the access is granted. */
export async function pdfAccessGranted(): Promise<boolean> {
  return (await browser.permissions?.contains({ origins: [...PDF_ORIGINS] })) ?? false;
}

/**
 * Asks for it (the browser shows its prompt) or gives it up; resolves with the new state.
 * Call it synchronously from the click: nothing is awaited before the request.
 */
export function setPdfAccess(on: boolean): Promise<boolean> {
  const permissions = browser.permissions;
  if (permissions === undefined) return Promise.resolve(false);
  if (on) return permissions.request({ origins: [...PDF_ORIGINS] });
  return permissions.remove({ origins: [...PDF_ORIGINS] }).then(() => false);
}

/**
 * "Capture local files (file://)": in Chromium, asks for the `file:///*` origin (no prompt: Chromium
 * shows none for it) or gives it up, and resolves with whether the box stays ticked. Firefox has no
 * such access to give (add-ons cannot read local files): the setting alone changes. Call it
 * synchronously from the click, like `setPdfAccess`.
 */
export function setLocalFileAccess(on: boolean): Promise<boolean> {
  const permissions = browser.permissions;
  if (import.meta.env.FIREFOX || permissions === undefined) return Promise.resolve(on);
  if (on) return permissions.request({ origins: [...LOCAL_FILE_ORIGINS] });
  return permissions.remove({ origins: [...LOCAL_FILE_ORIGINS] }).then(() => false);
}
