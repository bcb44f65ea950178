// The capture policy: blocked sites never, automatic capture only when allowed.
import { describe, expect, it } from 'vitest';
import { defaultSettings } from './settings';
import { capturePolicy, matchesSite } from './capture-policy';

const base = defaultSettings().capture;

describe('capture policy', () => {
  it('matches hosts, subdomain patterns and URL prefixes', () => {
    expect(matchesSite('https://mail.google.com/u/0', 'mail.google.com')).toBe(true);
    expect(matchesSite('https://google.com/', 'mail.google.com')).toBe(false);
    expect(matchesSite('https://online.chase.com/x', '*.chase.com')).toBe(true);
    expect(matchesSite('https://chase.com/', '*.chase.com')).toBe(true);
    expect(matchesSite('https://notchase.com/', '*.chase.com')).toBe(false);
    expect(matchesSite('https://example.com/account/settings', 'https://example.com/account/')).toBe(true);
    expect(matchesSite('https://example.com/blog', 'https://example.com/account/')).toBe(false);
  });

  it('never captures a blocked site, even on request', () => {
    expect(capturePolicy('https://mail.google.com/', base, 'auto').allowed).toBe(false);
    expect(capturePolicy('https://mail.google.com/', base, 'manual').allowed).toBe(false);
    expect(capturePolicy('https://example.com/', base, 'auto').allowed).toBe(true);
  });

  it('pause, manual mode and an allowlist stop automatic capture only', () => {
    expect(capturePolicy('https://example.com/', { ...base, paused: true }, 'auto').allowed).toBe(false);
    expect(capturePolicy('https://example.com/', { ...base, paused: true }, 'shortcut').allowed).toBe(true);
    expect(capturePolicy('https://example.com/', { ...base, mode: 'manual' }, 'auto').allowed).toBe(false);
    const allow = { ...base, allowlist: ['*.example.org'] };
    expect(capturePolicy('https://docs.example.org/a', allow, 'auto').allowed).toBe(true);
    expect(capturePolicy('https://example.com/', allow, 'auto').allowed).toBe(false);
    expect(capturePolicy('https://example.com/', allow, 'manual').allowed).toBe(true);
  });

  it('reads file:// pages only when the user allowed local files', () => {
    expect(capturePolicy('file:///home/me/a.html', base, 'shortcut').allowed).toBe(false);
    expect(capturePolicy('file:///home/me/a.html', { ...base, allowFileUrls: true }, 'auto').allowed).toBe(true);
  });
});

describe('the blocklist against other spellings of a blocked site', () => {
  it.each([
    'https://mail.google.com./',
    'https://chase.com./',
    'https://online.chase.com./x',
    'https://MAIL.google.com/',
    'https://u:p@mail.google.com:8443/',
    'https://%6Dail.google.com/',
  ])('refuses %s, even on request', (url) => {
    expect(capturePolicy(url, base, 'auto').allowed).toBe(false);
    expect(capturePolicy(url, base, 'shortcut').allowed).toBe(false);
  });

  it('refuses a percent-encoded path under a blocked prefix, and an address that does not parse', () => {
    const settings = { ...base, blocklist: ['https://example.com/account/'] };
    expect(capturePolicy('https://example.com/%61ccount/statements', settings, 'manual').allowed).toBe(false);
    expect(capturePolicy('https://example.com/blog', settings, 'manual').allowed).toBe(true);
    expect(capturePolicy('http://[oops', settings, 'manual').allowed).toBe(false);
  });
});
