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

/**
 * Whether the panel is drawn dark: the choice on `root` (`data-theme`), else the system's
 * scheme. The diagram reads it for its palette and Mermaid's theme, which the sandboxed
 * layout frame cannot see for itself.
 *
 * @example panelIsDark() // true after chooseTheme('dark'), whatever the system says
 */
export function panelIsDark(root: HTMLElement = document.documentElement): boolean {
  const chosen = root.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/**
 * Calls `onChange` when the panel's scheme may have changed: a choice in Settings
 * (`data-theme` on `root`) or the system's scheme. Returns the function that stops it.
 */
export function onSchemeChange(onChange: () => void, root: HTMLElement = document.documentElement): () => void {
  const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
  query?.addEventListener('change', onChange);
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    query?.removeEventListener('change', onChange);
    observer.disconnect();
  };
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
