// The background's re-reader with the real analyzer (the recognizer captures use): a page
// captured, a user merge, then a re-reading of the kept sentences keeps the merge; and the
// store-wide sentence bound applied once after a burst of captures.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageCapture } from '../core/capture';
import { fixedClock, sequentialIds } from '../core/graph/ids';
import { InMemoryGraphStore } from '../core/graph/memory-store';
import { GraphService } from '../core/graph/service';
import type { IngestResult } from '../core/ingest/ingest';
import { defaultSettings } from '../core/settings';
import { createIngest } from './ingest';
import { createRereader, SENTENCE_BUDGET_DELAY_MS, withSentenceBudget } from './reread';

const URL = 'https://example.com/kestrel';

function capture(text: string): PageCapture {
  return {
    url: URL,
    title: 'Kestrel Bank buys Ostra Pay',
    text,
    headings: [],
    entities: [],
    relations: [],
    trigger: 'manual',
    capturedAt: 1_000,
    notes: [],
  };
}

function setup() {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const ids = sequentialIds();
  const graph = new GraphService({ store, ids, clock });
  const settings = defaultSettings();
  return { store, graph, deps: { graph, store, clock, ids, settings: () => Promise.resolve(settings) } };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createRereader', () => {
  it('re-reads a captured page with the real analyzer and keeps a merge', async () => {
    const { store, graph, deps } = setup();
    const text =
      'Kestrel Bank, a lender based in Lisbon, agreed to buy Ostra Pay for $40 million. ' +
      'Ostra Pay was founded by Mira Holt in 2019. Mira Holt said Kestrel Bank would keep the Ostra Pay brand.';
    await createIngest(deps)(capture(text));
    const pay = (await graph.findByName('Ostra Pay'))[0];
    const bank = (await graph.findByName('Kestrel Bank'))[0];
    if (pay === undefined || bank === undefined) throw new Error('the analyzer no longer finds Kestrel Bank and Ostra Pay');
    // The user decides the two are one (whatever the reason): Ostra Pay is folded into Kestrel Bank.
    await graph.merge(bank.id, pay.id);
    const rereader = createRereader(deps);
    const out = await rereader.rereadOne(URL);
    expect(out.status).toBe('reread');
    expect((await graph.findByName('Ostra Pay')).map((e) => e.id)).toEqual([bank.id]);
    expect((await store.getPage(URL))?.analyzerVersion).toBe(rereader.analyzerVersion);
  });
});

describe('withSentenceBudget', () => {
  it('applies the bound once, a while after a burst of captures: the oldest pages lose their sentences', async () => {
    vi.useFakeTimers();
    const { store, graph } = setup();
    // 25 pages of ~50.5 kB of sentences, captured at times 0…24: 1.26 MB in all.
    const sentences = Array.from({ length: 100 }, (_, j) => `${j} ${'x'.repeat(500)}.`);
    for (let i = 0; i < 25; i++) await graph.recordPage({ url: `https://example.com/p${i}`, title: 'p', capturedAt: i, sentences });
    let calls = 0;
    const ingest = (): Promise<IngestResult> => {
      calls++;
      return Promise.resolve({
        pageUrl: URL,
        entityIds: [],
        created: 0,
        matched: 0,
        queuedForReview: 0,
        relationships: 0,
        duplicate: false,
      });
    };
    const settings = { ...defaultSettings(), capture: { ...defaultSettings().capture, sentenceStoreMb: 1 } };
    const wrapped = withSentenceBudget(ingest, { graph, settings: () => Promise.resolve(settings) });
    await wrapped(capture('a'));
    await wrapped(capture('b'));
    expect(calls).toBe(2);
    // Not in the capture's own turn.
    expect((await store.getPage('https://example.com/p0'))?.sentences).toHaveLength(100);
    await vi.advanceTimersByTimeAsync(SENTENCE_BUDGET_DELAY_MS);
    // The newest 19 pages fit in 1 MB; the 6 oldest lose their sentences (and keep their records).
    const kept = (await store.listPages({ limit: 30 })).map((p) => p.sentences !== undefined);
    expect(kept).toEqual([...Array.from({ length: 19 }, () => true), ...Array.from({ length: 6 }, () => false)]);
  });
});

describe('createIngest: the analysis budget', () => {
  it('says when the budget stopped the analysis (the page is then read again when idle), not otherwise', async () => {
    const text = 'Kestrel Bank, a lender based in Lisbon, agreed to buy Ostra Pay for $40 million.';
    const whole = await createIngest(setup().deps)(capture(text));
    expect(whole.analysisCut).toBeUndefined();
    // A machine so busy that every reading of the clock is 10 s later: the budget is spent at once.
    let t = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (t += 10_000));
    try {
      const cut = await createIngest(setup().deps)(capture(text));
      expect(cut.analysisCut).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });
});
