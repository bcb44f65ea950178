// The page's sentences are written with the page record by ingestion,
// and not at all when the capture setting `keepSentences` is off.
import { describe, expect, it } from 'vitest';
import type { CaptureAnalysis } from '../capture';
import { parseCaptureSettings } from '../capture-settings';
import { ingestCapture } from './ingest';
import { ingestTestGraph } from './testing/ingest-graph';

const setup = ingestTestGraph;

const analysis: CaptureAnalysis = {
  url: 'https://example.com/fabrikam',
  title: 'Fabrikam raises $8M',
  entities: [
    {
      name: 'Fabrikam',
      type: 'company',
      aliases: [],
      attributes: {},
      salience: 0.9,
      mentions: 2,
      snippet: 'Fabrikam raised money.',
      origin: 'text',
    },
  ],
  relations: [],
  notes: [],
  analyzeMs: 1,
  sentences: ['Fabrikam, run by CEO Ada Quinn, closed a $7 million round.', 'Fabrikam fights fraud.'],
};

describe('ingestion keeps the page sentences', () => {
  it('writes them on the page record', async () => {
    const { store, deps } = setup();
    await ingestCapture(analysis, deps, { capturedAt: 1 });
    expect((await store.getPage(analysis.url))?.sentences).toEqual(analysis.sentences);
  });

  it('stores none when keeping is off', async () => {
    const { store, deps } = setup();
    await ingestCapture(analysis, { ...deps, settings: { keepSentences: false } }, { capturedAt: 1 });
    const page = await store.getPage(analysis.url);
    expect(page?.entityIds).toHaveLength(1);
    expect(page?.sentences).toBeUndefined();
  });

  it('the setting is on by default and can be turned off', () => {
    expect(parseCaptureSettings(undefined).keepSentences).toBe(true);
    expect(parseCaptureSettings({ keepSentences: false }).keepSentences).toBe(false);
    expect(parseCaptureSettings({ keepSentences: 'no' }).keepSentences).toBe(true);
  });
});
