// A page counts for an entity only where its own words name it; its masthead (publisher,
// byline, site name) is never said with everything on it. Invented names and pages.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { answerQuestion, createQueryEngine } from './entity-query';
import { isMasthead, mentionedOnPage, namedOnPage, sentenceNaming } from './page-text';

const LEDGER = { name: 'Daily Ledger', aliases: [], type: 'company' } as const;
const QUILL = { name: 'Quillfeather', aliases: [], type: 'company' } as const;
const MIRELA = { name: 'Mirela Vantongeren', aliases: [], type: 'person' } as const;

describe('page text', () => {
  const page = {
    title: 'Quillfeather opens a second office | Daily Ledger',
    site: 'dailyledger.example',
    byline: 'By Mirela Vantongeren',
    sentences: ['By Mirela Vantongeren', 'Quillfeather opened an office in Port Ashby on Monday.'],
  };

  it('knows a masthead by the byline, the title’s site name and the host', () => {
    expect(isMasthead(page, LEDGER)).toBe(true);
    expect(isMasthead(page, MIRELA)).toBe(true);
    expect(isMasthead({ ...page, title: 'News', byline: '' }, LEDGER)).toBe(true);
    expect(isMasthead(page, QUILL)).toBe(false);
  });

  it('counts a page for what its sentences or its title name, never its byline line or site name', () => {
    expect(namedOnPage(page, QUILL)).toBe(true);
    expect(namedOnPage(page, LEDGER)).toBe(false);
    expect(namedOnPage(page, MIRELA)).toBe(false);
    expect(sentenceNaming(page, QUILL)).toBe('Quillfeather opened an office in Port Ashby on Monday.');
    // The publisher named by the text itself is mentioned there.
    expect(namedOnPage({ ...page, sentences: ['Daily Ledger bought Quillfeather.'] }, LEDGER)).toBe(true);
  });

  it('takes a page without kept sentences at its word, except for its masthead in "mentioned with"', () => {
    const bare = { title: 'Quillfeather news | Daily Ledger', site: 'dailyledger.example' };
    expect(namedOnPage(bare, LEDGER)).toBe(true);
    expect(mentionedOnPage(bare, LEDGER)).toBe(false);
    expect(mentionedOnPage(bare, QUILL)).toBe(true);
  });
});

describe('"mentioned with" and citations read what the pages say', () => {
  async function world() {
    const store = new InMemoryGraphStore();
    const clock = fixedClock(Date.UTC(2026, 2, 14));
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    const quill = await graph.createEntity({ name: 'Quillfeather', type: 'company' });
    const orrery = await graph.createEntity({ name: 'Orrery Systems', type: 'company' });
    const ledger = await graph.createEntity({ name: 'Daily Ledger', type: 'company' });
    const vektra = await graph.createEntity({ name: 'Vektra', type: 'company' });
    const mirela = await graph.createEntity({ name: 'Mirela Vantongeren', type: 'person' });
    await graph.recordPage({
      url: 'https://dailyledger.example/a',
      title: 'Quillfeather and Orrery team up | Daily Ledger',
      byline: 'Mirela Vantongeren',
      entityIds: [quill.id, orrery.id, ledger.id, vektra.id, mirela.id],
      sentences: ['Quillfeather and Orrery Systems will share a lab.'],
    });
    await graph.recordPage({
      url: 'https://notes.example/b',
      title: 'Lab notes',
      entityIds: [vektra.id],
      sentences: ['Vektra shipped a new release.'],
    });
    for (const [id, url, title, snippet] of [
      [vektra.id, 'https://dailyledger.example/a', 'Quillfeather and Orrery team up | Daily Ledger', 'Vektra'],
      [vektra.id, 'https://notes.example/b', 'Lab notes', 'Vektra shipped a new release.'],
    ] as const)
      await graph.recordEvidence({ kind: 'mention', entityId: id, pageUrl: url, pageTitle: title, snippet });
    const engine = createQueryEngine({ store, clock });
    return (q: string) => answerQuestion(q, { engine, store });
  }

  it('leaves out the publisher, the author and what the text does not name', async () => {
    const ask = await world();
    const companies = await ask('Which companies are mentioned with Quillfeather?');
    expect(companies.answer).toBe(
      'Orrery Systems shares 1 page with Quillfeather in your graph: “Quillfeather and Orrery team up | Daily Ledger”.',
    );
    expect(companies.claims).toEqual([
      {
        value: 'Orrery Systems',
        entityId: expect.any(String),
        basis: 'sentence',
        pages: [
          {
            url: 'https://dailyledger.example/a',
            title: 'Quillfeather and Orrery team up | Daily Ledger',
            sentence: 'Quillfeather and Orrery Systems will share a lab.',
          },
        ],
      },
    ]);
    expect((await ask('Which people are mentioned with Quillfeather?')).answer).toBe(
      'No person shares a page with Quillfeather in your graph.',
    );
  });

  it('cites for an entity only the pages whose text names it', async () => {
    const ask = await world();
    const about = await ask('What do we know about Vektra?');
    expect(about.sources.find((s) => s.name === 'Vektra')?.pages.map((p) => p.url)).toEqual(['https://notes.example/b']);
  });
});
