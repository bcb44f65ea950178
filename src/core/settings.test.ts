import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCKLIST, defaultSettings, parseSettings } from './settings';

describe('settings', () => {
  it('defaults: auto capture, not paused, default blocklist, no LLM, no network look-ups', () => {
    const s = defaultSettings();
    expect(s.capture.mode).toBe('auto');
    expect(s.capture.paused).toBe(false);
    expect(s.capture.blocklist).toEqual(DEFAULT_BLOCKLIST);
    expect(s.capture.maxEntitiesPerPage).toBe(30);
    expect(s.llm.provider).toBe('none');
    expect(s.network.wikidata).toBe(false);
  });

  it('a bad stored field falls back to its default without losing the good ones', () => {
    const s = parseSettings({ capture: { mode: 'sometimes', paused: true }, llm: 42 });
    expect(s.capture.mode).toBe('auto');
    expect(s.capture.paused).toBe(true);
    expect(s.llm.provider).toBe('none');
  });

  it('garbage gives the defaults', () => {
    expect(parseSettings('nope')).toEqual(defaultSettings());
    expect(parseSettings(null)).toEqual(defaultSettings());
  });
});
