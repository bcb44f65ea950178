/**
 * Where the user's settings live. Content scripts can read all of `storage.local`
 * (only `storage.session` can be closed to them, and it does not persist), so it holds
 * only what every page's script needs: the capture settings. The rest, the LLM API key
 * included, lives in the extension's own IndexedDB, which a content script (running in
 * the page's origin) cannot open; see `adapters/settings/settings-storage.ts`.
 */

/** `storage.local`: the capture settings, read by the content script on every page. */
export const CAPTURE_SETTINGS_KEY = 'ariadne.capture';
/** `storage.local`: changed on every save, so listeners (the background) reread settings kept elsewhere. Carries no setting. */
export const SETTINGS_REVISION_KEY = 'ariadne.settings.revision';
/** `storage.local`: the old single settings object, API key included; migrated away and removed on first read. */
export const SETTINGS_STORAGE_KEY = 'ariadne.settings';
