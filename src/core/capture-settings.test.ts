import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKLIST, DEFAULT_MAX_ENTITIES_PER_PAGE, DEFAULT_READING_BUDGET_MS, parseCaptureSettings } from './capture-settings';
import { parseSettings } from './settings';

describe('parseCaptureSettings', () => {
  it('gives the defaults for nothing, or for something that is not an object', () => {
    for (const raw of [undefined, null, 'auto', 42, ['auto']]) {
      expect(parseCaptureSettings(raw)).toEqual({
        mode: 'auto',
        paused: false,
        blocklist: [...DEFAULT_BLOCKLIST],
        allowlist: [],
        allowFileUrls: false,
        maxEntitiesPerPage: DEFAULT_MAX_ENTITIES_PER_PAGE,
        keepSentences: true,
        sentenceStoreMb: 50,
        readingBudgetMs: DEFAULT_READING_BUDGET_MS,
      });
    }
  });

  it('keeps good fields and replaces each bad one by its default', () => {
    const s = parseCaptureSettings({
      mode: 'manual',
      paused: 'yes',
      blocklist: ['example.com'],
      allowlist: 'example.org',
      allowFileUrls: true,
      maxEntitiesPerPage: 0,
    });
    expect(s).toEqual({
      mode: 'manual',
      paused: false,
      blocklist: ['example.com'],
      allowlist: [],
      allowFileUrls: true,
      maxEntitiesPerPage: DEFAULT_MAX_ENTITIES_PER_PAGE,
      keepSentences: true,
      sentenceStoreMb: 50,
      readingBudgetMs: DEFAULT_READING_BUDGET_MS,
    });
    expect(parseCaptureSettings({ readingBudgetMs: 4_000 }).readingBudgetMs).toBe(4_000);
    for (const bad of [5, 20_000, 1.5, '4000'])
      expect(parseCaptureSettings({ readingBudgetMs: bad }).readingBudgetMs).toBe(DEFAULT_READING_BUDGET_MS);
    expect(parseCaptureSettings({ sentenceStoreMb: 200 }).sentenceStoreMb).toBe(200);
    expect(parseCaptureSettings({ sentenceStoreMb: 0 }).sentenceStoreMb).toBe(50);
    expect(parseCaptureSettings({ sentenceStoreMb: 1.5 }).sentenceStoreMb).toBe(50);
    expect(parseCaptureSettings({ mode: 'sometimes', maxEntitiesPerPage: 2.5 })).toMatchObject({
      mode: 'auto',
      maxEntitiesPerPage: DEFAULT_MAX_ENTITIES_PER_PAGE,
    });
    expect(parseCaptureSettings({ maxEntitiesPerPage: 200 }).maxEntitiesPerPage).toBe(200);
  });

  it('a list with a bad entry, an overlong pattern or too many patterns falls back whole (never a half list)', () => {
    expect(parseCaptureSettings({ blocklist: ['a.com', 7] }).blocklist).toEqual([...DEFAULT_BLOCKLIST]);
    expect(parseCaptureSettings({ blocklist: ['x'.repeat(301)] }).blocklist).toEqual([...DEFAULT_BLOCKLIST]);
    expect(parseCaptureSettings({ allowlist: Array.from({ length: 2001 }, (_, i) => `s${i}.com`) }).allowlist).toEqual([]);
    // An emptied blocklist is the user's choice and is kept.
    expect(parseCaptureSettings({ blocklist: [] }).blocklist).toEqual([]);
  });

  it('is what the settings schema gives for its capture field (one reader for the page, the panel and the background)', () => {
    const samples: unknown[] = [
      undefined,
      {},
      { mode: 'manual' },
      { paused: true, blocklist: ['*.bank.com'] },
      { mode: 3, allowlist: ['a.com', null] },
    ];
    for (const capture of samples) expect(parseSettings({ capture }).capture).toEqual(parseCaptureSettings(capture));
  });

  it('returns fresh lists: editing one never changes the defaults', () => {
    const s = parseCaptureSettings(undefined);
    s.blocklist.push('mine.com');
    expect(parseCaptureSettings(undefined).blocklist).not.toContain('mine.com');
  });
});
