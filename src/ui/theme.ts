/**
 * The panel's colour scheme: the system's (the default), or light or dark as chosen in
 * Settings → Appearance. Kept in the extension's local storage and applied as `data-theme`
 * on <html>, which app.css reads (`color-scheme`, and each colour is `light-dark(…)`).
 *
 * @example
 *   await chooseTheme('dark'); // <html data-theme="dark">, remembered
 */
import { storageGet, storageSet } from './browser-api';

export const THEME_KEY = 'ariadne.theme';
export const THEMES = [
  { id: 'system', label: 'As the system' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
] as const;
export type Theme = (typeof THEMES)[number]['id'];

export function isTheme(value: unknown): value is Theme {
  return THEMES.some((t) => t.id === value);
}

/** Sets `data-theme` on the document (none for the system's scheme). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** The stored choice ('system' when none, or when what is stored is not a theme). */
export async function storedTheme(): Promise<Theme> {
  const value = await storageGet(THEME_KEY).catch(() => undefined);
  return isTheme(value) ? value : 'system';
}

export async function chooseTheme(theme: Theme): Promise<void> {
  applyTheme(theme);
  await storageSet(THEME_KEY, theme);
}
