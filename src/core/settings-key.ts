/** Where the user's settings live in `browser.storage.local` (read by the background, the panel and the page). */
export const SETTINGS_STORAGE_KEY = 'ariadne.settings';
