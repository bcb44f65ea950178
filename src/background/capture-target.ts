/**
 * Which tab a capture the user asks for (shortcut, context menu, clip) may read.
 * The user's explicit act overrides pause, manual mode and the allowlist, but never:
 * private (incognito) windows, browser pages (`chrome://`, `about:`, other
 * extensions, Ariadne's own pages), `file://` unless allowed in Settings, and sites
 * on the blocklist (the blocklist is the user's privacy guard: a shortcut pressed by
 * mistake on a bank page must not store it; unblock the site to capture it).
 *
 * @example
 *   explicitCaptureDecision({ url: 'chrome://settings', incognito: false }, settings.capture, 'shortcut')
 *   // → { allowed: false, reason: 'Browser pages (chrome://, about:, extensions) are never captured.' }
 */
import type { PageCapture } from '../core/capture';
import type { Settings } from '../core/settings';
import type { CaptureDecision } from '../core/capture-policy';
import { capturePolicy } from '../core/capture-policy';

/** The parts of a browser tab the decision reads. */
export interface TabInfo {
  readonly url?: string;
  readonly incognito?: boolean;
}

export function explicitCaptureDecision(
  tab: TabInfo,
  settings: Settings['capture'],
  trigger: Exclude<PageCapture['trigger'], 'auto'>,
): CaptureDecision {
  if (tab.incognito === true) return { allowed: false, reason: 'Pages in private windows are never captured.' };
  const url = tab.url ?? '';
  if (/^file:/i.test(url)) {
    if (!settings.allowFileUrls)
      return { allowed: false, reason: 'Local files (file://) are not captured unless allowed in Settings → Capture.' };
  } else if (!/^https?:/i.test(url)) {
    return { allowed: false, reason: 'Browser pages (chrome://, about:, extensions) are never captured.' };
  }
  return capturePolicy(url, settings, trigger);
}
