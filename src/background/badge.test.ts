// The badge: per-tab entity counts after ingest, cleared on navigation, and the paused state.
import { describe, expect, it } from 'vitest';
import type { BadgeAction } from './badge';
import { CaptureBadge, PAUSED_TEXT, REFUSED_TEXT } from './badge';

/** A stand-in for `chrome.action` that keeps state the way Chromium does (tab text over global text). */
function fakeAction() {
  let globalText = '';
  let color = '';
  const tabText = new Map<number, string>();
  const action: BadgeAction = {
    setBadgeText: async ({ text, tabId }) => {
      if (tabId === undefined) globalText = text ?? '';
      else if (text === undefined) tabText.delete(tabId);
      else tabText.set(tabId, text);
    },
    setBadgeBackgroundColor: async (details) => {
      color = details.color;
    },
    setTitle: async () => undefined,
  };
  return { action, shown: (tabId: number) => tabText.get(tabId) ?? globalText, color: () => color };
}

describe('CaptureBadge', () => {
  it('shows the count on the tab the capture came from, once ingested', async () => {
    const fake = fakeAction();
    const badge = new CaptureBadge(fake.action);
    badge.expect('c_1', 7);
    expect(fake.shown(7)).toBe('');
    await badge.ingested('c_1', 12);
    expect(fake.shown(7)).toBe('12');
    expect(fake.shown(8)).toBe('');
    await badge.ingested('c_unknown', 3); // a capture of no remembered tab changes nothing
    expect(fake.shown(8)).toBe('');
  });

  it('clears a tab count on navigation, and a capture pending for the old page no longer lands there', async () => {
    const fake = fakeAction();
    const badge = new CaptureBadge(fake.action);
    await badge.showCount(3, 5);
    badge.expect('c_old', 3);
    await badge.navigated(3);
    expect(fake.shown(3)).toBe('');
    await badge.ingested('c_old', 9);
    expect(fake.shown(3)).toBe('');
  });

  it('shows the paused state globally; tab counts stay visible on grey', async () => {
    const fake = fakeAction();
    const badge = new CaptureBadge(fake.action);
    await badge.paused(true);
    await badge.showCount(1, 4);
    expect(fake.shown(2)).toBe(PAUSED_TEXT);
    expect(fake.shown(1)).toBe('4');
    const grey = fake.color();
    await badge.paused(false);
    expect(fake.shown(2)).toBe('');
    expect(fake.color()).not.toBe(grey);
  });

  it('marks a refused explicit capture and caps long counts', async () => {
    const fake = fakeAction();
    const badge = new CaptureBadge(fake.action);
    await badge.refused(1, 'blocked');
    expect(fake.shown(1)).toBe(REFUSED_TEXT);
    await badge.showCount(1, 5000);
    expect(fake.shown(1)).toBe('999+');
  });

  it('a failing or missing action API never throws (regression: badge errors must not fail a capture)', async () => {
    const failing: BadgeAction = {
      setBadgeText: () => Promise.reject(new Error('No tab with id: 9')),
      setBadgeBackgroundColor: () => Promise.reject(new Error('x')),
      setTitle: () => Promise.reject(new Error('x')),
    };
    await expect(new CaptureBadge(failing).showCount(9, 1)).resolves.toBeUndefined();
    await expect(new CaptureBadge(undefined).paused(true)).resolves.toBeUndefined();
  });
});
