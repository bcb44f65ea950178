/**
 * The few extension APIs the panel uses, behind small functions: open a link in a
 * tab (web links only: URLs come from pages), the current window and tab, and
 * `storage.local` and `storage.session`. `wxt/browser` is imported lazily so the
 * modules load in tests.
 *
 * @example await openInTab('https://stripe.com/about');
 */

/** Only web pages are opened from the panel (a page URL is untrusted data). */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export async function openInTab(url: string): Promise<void> {
  if (!isWebUrl(url)) return;
  const { browser } = await import('wxt/browser');
  await browser.tabs.create({ url, active: true });
}

export interface Where {
  readonly windowId: string;
  readonly tabId?: string;
  readonly url?: string;
}

/** The panel's window (the chat) and its active tab (the topic). */
export async function currentPlace(): Promise<Where> {
  try {
    const { browser } = await import('wxt/browser');
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    const windowId = tab?.windowId ?? (await browser.windows.getCurrent()).id;
    return {
      windowId: `w${windowId ?? 0}`,
      ...(tab?.id === undefined ? {} : { tabId: `t${tab.id}` }),
      ...(tab?.url === undefined ? {} : { url: tab.url }),
    };
  } catch {
    return { windowId: 'w0' };
  }
}

/** `storage.local`; refused with a clear error when the build lacks the "storage" permission. */
export async function localStorageArea() {
  const { browser } = await import('wxt/browser');
  // Absent when the manifest lacks the "storage" permission.
  if (browser.storage?.local === undefined)
    throw new Error('settings cannot be stored: this build of Ariadne lacks the "storage" permission');
  return browser.storage.local;
}

export async function storageGet(key: string): Promise<unknown> {
  const found = await (await localStorageArea()).get(key);
  return found[key];
}

export async function storageSet(key: string, value: unknown): Promise<void> {
  await (await localStorageArea()).set({ [key]: value });
}

/** `storage.session` (cleared when the browser closes): the chat history of each window. */
export async function sessionGet(key: string): Promise<unknown> {
  const { browser } = await import('wxt/browser');
  const area = browser.storage?.session;
  return area === undefined ? undefined : (await area.get(key))[key];
}

export async function sessionSet(key: string, value: unknown): Promise<void> {
  const { browser } = await import('wxt/browser');
  await browser.storage?.session?.set({ [key]: value });
}
