/**
 * Whether a page may be captured, from the user's capture settings: blocked sites
 * (and `file://` pages unless allowed) are never captured; pausing, manual mode and an allowlist stop automatic capture
 * only (a capture the user asks for still runs). The content script checks before
 * reading the page; the background checks again when the capture arrives.
 *
 * Patterns: a host (`mail.google.com`), a host and its subdomains (`*.bank.com`), or
 * a URL prefix (`https://example.com/account/`); both the pattern and the page URL are
 * normalized before matching (`core/site-match.ts`: trailing dots, IDNA, percent-encoded
 * paths…), one matcher for the content script and the background.
 *
 * @example
 *   capturePolicy('https://mail.google.com/u/0', settings.capture, 'auto') // { allowed: false, reason: '…blocklist…' }
 */
import type { PageCapture } from './capture';
import type { CaptureSettings } from './capture-settings';
import { matchesSitePattern, parseSiteUrl } from './site-match';

export { matchesSite } from './site-match';

export type CaptureDecision = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export function capturePolicy(url: string, settings: CaptureSettings, trigger: PageCapture['trigger']): CaptureDecision {
  // Local files can hold anything; they are read only when the user allowed it.
  if (/^file:/i.test(url) && !settings.allowFileUrls) {
    return { allowed: false, reason: 'Local files (file://) are not captured unless allowed in Settings → Capture.' };
  }
  const site = parseSiteUrl(url);
  // A URL that does not parse cannot be shown to be off the blocklist: refused.
  if (site === undefined) return { allowed: false, reason: 'The page address could not be read, so it is not captured.' };
  if (settings.blocklist.some((p) => matchesSitePattern(site, p))) {
    return { allowed: false, reason: 'This site is on the capture blocklist (Settings → Capture).' };
  }
  if (trigger !== 'auto') return { allowed: true };
  if (settings.paused) return { allowed: false, reason: 'Capture is paused (Settings → Capture).' };
  if (settings.mode === 'manual') return { allowed: false, reason: 'Capture is manual: use the toolbar button or the shortcut.' };
  if (settings.allowlist.length > 0 && !settings.allowlist.some((p) => matchesSitePattern(site, p))) {
    return { allowed: false, reason: 'This site is not on the capture allowlist (Settings → Capture).' };
  }
  return { allowed: true };
}
