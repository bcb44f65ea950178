/**
 * Whether a page may be captured, from the user's capture settings: blocked sites
 * (and `file://` pages unless allowed) are never captured; pausing, manual mode and an allowlist stop automatic capture
 * only (a capture the user asks for still runs). The content script checks before
 * reading the page; the background checks again when the capture arrives.
 *
 * Patterns: a host (`mail.google.com`), a host and its subdomains (`*.bank.com`), or
 * a URL prefix (`https://example.com/account/`).
 *
 * @example
 *   capturePolicy('https://mail.google.com/u/0', settings.capture, 'auto') // { allowed: false, reason: '…blocklist…' }
 */
import type { PageCapture } from '../core/capture';
import type { CaptureSettings } from '../core/capture-settings';

export type CaptureDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export function matchesSite(url: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p.length === 0) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(p)) return url.toLowerCase().startsWith(p);
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (p.startsWith('*.')) {
    const base = p.slice(2);
    return host === base || host.endsWith(`.${base}`);
  }
  return host === p;
}

export function capturePolicy(url: string, settings: CaptureSettings, trigger: PageCapture['trigger']): CaptureDecision {
  // Local files can hold anything; they are read only when the user allowed it.
  if (/^file:/i.test(url) && !settings.allowFileUrls) {
    return { allowed: false, reason: 'Local files (file://) are not captured unless allowed in Settings → Capture.' };
  }
  if (settings.blocklist.some((p) => matchesSite(url, p))) {
    return { allowed: false, reason: 'This site is on the capture blocklist (Settings → Capture).' };
  }
  if (trigger !== 'auto') return { allowed: true };
  if (settings.paused) return { allowed: false, reason: 'Capture is paused (Settings → Capture).' };
  if (settings.mode === 'manual') return { allowed: false, reason: 'Capture is manual: use the toolbar button or the shortcut.' };
  if (settings.allowlist.length > 0 && !settings.allowlist.some((p) => matchesSite(url, p))) {
    return { allowed: false, reason: 'This site is not on the capture allowlist (Settings → Capture).' };
  }
  return { allowed: true };
}
