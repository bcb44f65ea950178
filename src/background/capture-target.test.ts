// Explicit captures: the user's act overrides pause, manual mode and the allowlist, never the hard limits.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../core/settings';
import { explicitCaptureDecision } from './capture-target';

const base = defaultSettings().capture;

describe('explicit capture decision', () => {
  it('captures an ordinary page even when paused, in manual mode or off the allowlist', () => {
    const settings = { ...base, paused: true, mode: 'manual' as const, allowlist: ['other.example'] };
    expect(explicitCaptureDecision({ url: 'https://example.com/a', incognito: false }, settings, 'shortcut')).toEqual({ allowed: true });
  });

  it('never captures private windows, browser pages or extension pages', () => {
    expect(explicitCaptureDecision({ url: 'https://example.com/', incognito: true }, base, 'manual').allowed).toBe(false);
    for (const url of [
      'chrome://settings',
      'chrome-extension://abc/sidepanel.html',
      'about:blank',
      'view-source:https://example.com/',
      'data:text/html,x',
      undefined,
    ]) {
      expect(explicitCaptureDecision({ url }, base, 'shortcut').allowed).toBe(false);
    }
  });

  it('captures file:// only when the user allowed it', () => {
    expect(explicitCaptureDecision({ url: 'file:///home/me/notes.html' }, base, 'shortcut').allowed).toBe(false);
    expect(explicitCaptureDecision({ url: 'file:///home/me/notes.html' }, { ...base, allowFileUrls: true }, 'shortcut').allowed).toBe(true);
  });

  it('refuses a blocked site even on an explicit request (regression: blocklist is a privacy guard)', () => {
    const decision = explicitCaptureDecision({ url: 'https://mail.google.com/u/0/' }, base, 'manual');
    expect(decision.allowed).toBe(false);
  });
});
