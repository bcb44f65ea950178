import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { pageCaptureSchema } from '../../core/capture';
import { capturePage, readingCut } from './capture-page';

const URL_ = 'https://news.example.com/2024/stripe-story?utm=1';
const NOW = 1_700_000_000_000;

function capture(html: string, url = URL_) {
  const dom = new JSDOM(html, { url });
  return capturePage(dom.window.document, url, { now: NOW, trigger: 'manual' });
}

const paragraph = (s: string) => `<p>${s} ${'This sentence adds enough ordinary words so the article is long enough. '.repeat(3)}</p>`;

describe('capturePage', () => {
  it('reads metadata, JSON-LD @graph with @id references, and the article text', () => {
    const html = `<!doctype html><html lang="en-US"><head><title>Stripe raises money | Example News</title>
      <link rel="canonical" href="/2024/stripe-story">
      <meta property="og:site_name" content="Example News">
      <meta property="article:published_time" content="2024-02-09T09:59:25+00:00">
      <meta name="author" content="Jane Reporter">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"NewsArticle","@id":"#article","headline":"Stripe raises money","author":{"@id":"#jane"},"publisher":{"@id":"#org"}},
        {"@type":"Person","@id":"#jane","name":"Jane Reporter","worksFor":{"@id":"#org"}},
        {"@type":"NewsMediaOrganization","@id":"#org","name":"Example News","sameAs":["https://www.wikidata.org/wiki/Q42","EN"]},
        {"@type":"Corporation","@id":"#stripe","name":"Stripe, Inc.","alternateName":"Stripe","url":"https://stripe.com",
         "founder":[{"@type":"Person","name":"Patrick Collison"},{"@type":"Person","name":"John Collison"}],
         "address":{"@type":"PostalAddress","addressLocality":"San Francisco","addressCountry":"US"}}
      ]}</script></head>
      <body><nav><a href="/">Home</a><a href="/tech">Tech</a></nav>
      <article><h1>Stripe raises money</h1>${paragraph('Stripe, the payments company founded by Patrick Collison, raised money.')}
      <h2>What comes next</h2>${paragraph('Analysts expect more growth.')}</article>
      <footer>Privacy Policy · Terms</footer></body></html>`;
    const c = capture(html);
    expect(pageCaptureSchema.safeParse(c).success).toBe(true);
    expect(c.canonicalUrl).toBe('https://news.example.com/2024/stripe-story');
    expect(c.lang).toBe('en-US');
    expect(c.siteName).toBe('Example News');
    expect(c.byline).toBe('Jane Reporter');
    expect(c.publishedAt).toBe('2024-02-09T09:59:25+00:00');
    expect(c.capturedAt).toBe(NOW);
    expect(c.trigger).toBe('manual');
    expect(c.text).toContain('Stripe, the payments company founded by Patrick Collison');
    expect(c.text).not.toContain('Privacy Policy');
    expect(c.headings).toContain('What comes next');

    const byName = new Map(c.entities.map((e) => [e.name, e]));
    expect(byName.get('Stripe, Inc.')?.type).toBe('company');
    expect(byName.get('Stripe, Inc.')?.aliases).toContain('Stripe');
    expect(byName.get('Stripe, Inc.')?.attributes.url).toBe('https://stripe.com');
    expect(byName.get('Patrick Collison')?.type).toBe('person');
    expect(byName.get('San Francisco')?.type).toBe('location');
    expect(byName.get('Example News')?.attributes.wikidata).toBe('Q42');
    // The article itself is page furniture, not an entity.
    expect(byName.has('Stripe raises money')).toBe(false);

    const rel = (from: string, label: string, to: string) => {
      const f = c.entities.find((e) => e.name === from)?.ref;
      const t = c.entities.find((e) => e.name === to)?.ref;
      return c.relations.some((r) => r.from === f && r.to === t && r.label === label);
    };
    expect(rel('Stripe, Inc.', 'founded_by', 'Patrick Collison')).toBe(true);
    expect(rel('Stripe, Inc.', 'founded_by', 'John Collison')).toBe(true);
    expect(rel('Stripe, Inc.', 'located_in', 'San Francisco')).toBe(true);
    // worksFor is stored in the employs direction, resolved through @id.
    expect(rel('Example News', 'employs', 'Jane Reporter')).toBe(true);
  });

  it('reads microdata items with nested itemscope', () => {
    const html = `<html><body><div itemscope itemtype="https://schema.org/Person">
      <span itemprop="name">Ada Lovelace</span><span itemprop="jobTitle">Mathematician</span>
      <div itemprop="worksFor" itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Analytical Engines Ltd</span></div>
      </div>${paragraph('Ada Lovelace wrote notes.')}</body></html>`;
    const c = capture(html);
    const ada = c.entities.find((e) => e.name === 'Ada Lovelace');
    expect(ada?.type).toBe('person');
    expect(ada?.origin).toBe('microdata');
    expect(ada?.attributes.jobTitle).toBe('Mathematician');
    const org = c.entities.find((e) => e.name === 'Analytical Engines Ltd');
    expect(org?.type).toBe('company');
    expect(c.relations).toContainEqual({ from: org?.ref, to: ada?.ref, label: 'employs' });
  });

  it("takes the authors of related-story cards (microdata articles by others than the JSON-LD's author) for no entities of the page", () => {
    const card = (author: string) => `<article itemscope itemtype="https://schema.org/Article"><h3>Another story</h3>
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">By ${author}</span></div></article>`;
    const jsonLd = `<script type="application/ld+json">{"@type":"NewsArticle","headline":"Quillmoor ships","author":{"@type":"Person","name":"Ilse Brandvold"}}</script>`;
    const body = `${paragraph('Quillmoor shipped its editor on Monday, Ilse Brandvold writes.')}${card('Tamsin Ore')}${card('Ilse Brandvold')}`;
    const names = (html: string) => [...new Set(capture(html).entities.flatMap((e) => (e.type === 'person' ? [e.name] : [])))];
    expect(names(`<html><head>${jsonLd}</head><body>${body}</body></html>`)).toEqual(['Ilse Brandvold']);
    // Without the JSON-LD's author nothing says which article is the page's: every author stays.
    expect(names(`<html><body>${body}</body></html>`).sort()).toEqual(['Ilse Brandvold', 'Tamsin Ore']);
  });

  it('takes the authors of readers’ comments (microdata Comment) for no entities of the page, unless the page ties them to more', () => {
    const comment = (author: string) => `<li><article itemscope itemtype="https://schema.org/Comment">
      <div itemprop="author" itemscope itemtype="https://schema.org/Person"><cite itemprop="name">${author}</cite></div>
      <div itemprop="text"><p>Great read, thanks!</p></div></article></li>`;
    const byline = `<div itemscope itemtype="https://schema.org/BlogPosting"><span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Orla Fenwick</span></span></div>`;
    const html = `<html><body>${byline}${paragraph('Orla Fenwick tested the Quillmoor skis in Tarvo.')}<ol>${comment('skibum42')}${comment('Pell Aster')}${comment('Orla Fenwick')}</ol></body></html>`;
    const persons = capture(html).entities.flatMap((e) => (e.type === 'person' ? [e.name] : []));
    expect(persons).toEqual(['Orla Fenwick']);
  });

  it('keeps the article’s italic titles (works by the usual typography), not emphasis', () => {
    const html = `<html><body><article>${paragraph('Marta Velasquez starred in <em>The Quiet Harbor</em>, and she was <em>very</em> good in it.')}
      ${paragraph('Her next film, <i>Seven Lanterns for Winter</i>, opens in Tarvo; <em>The Quiet Harbor</em> comes back in May.')}</article></body></html>`;
    expect(capture(html).italicTitles).toEqual(['The Quiet Harbor', 'Seven Lanterns for Winter']);
  });

  it('tolerates malformed JSON-LD and notes what it skipped', () => {
    const html = `<html><head>
      <script type="application/ld+json">{"@type":"Organization","name":"Trailing Comma Co",}</script>
      <script type="application/ld+json">{"@type": "Organization", "name": </script>
      </head><body>${paragraph('Text.')}</body></html>`;
    const c = capture(html);
    expect(c.entities.map((e) => e.name)).toContain('Trailing Comma Co');
    expect(c.notes.some((n) => n.includes('malformed JSON-LD'))).toBe(true);
    expect(pageCaptureSchema.safeParse(c).success).toBe(true);
  });

  it('falls back to body text without navigation, footers and cookie banners when there is no article', () => {
    const html = `<html><body><header>Site Header</header><nav>Menu Item</nav>
      <div id="cookie-banner">We use cookies. Accept all</div>
      <div role="navigation">Breadcrumbs</div><main><p>Short main text about Acme.</p></main>
      <aside>Sidebar promo</aside><footer>Copyright footer</footer></body></html>`;
    const c = capture(html);
    expect(c.text).toContain('Short main text about Acme.');
    for (const junk of ['Site Header', 'Menu Item', 'We use cookies', 'Breadcrumbs', 'Sidebar promo', 'Copyright footer']) {
      expect(c.text).not.toContain(junk);
    }
  });

  it('cleans names: markup, entities, control and zero-width characters', () => {
    const html = `<html><head><script type="application/ld+json">
      {"@type":"Organization","name":"<b>Acme</b>&amp;\\u200bSons\\u0007 Ltd"}</script></head><body><p>x</p></body></html>`;
    const c = capture(html);
    expect(c.entities[0]?.name).toBe('Acme &Sons Ltd');
  });

  it('a body text cut by time is a cut by time (read again later), not a cut by size', () => {
    // 200 short blocks: under one scan stride (the scan never looks at the clock), over one text stride.
    const body = Array.from({ length: 200 }, (_, i) => `<div>Row ${i} of the harbour ledger</div>`).join('');
    const dom = new JSDOM(`<!doctype html><body>${body}</body>`, { url: 'https://ledger.test/' });
    let calls = 0;
    // The clock reads 0 at the start, then the budget is long spent.
    const c = capturePage(dom.window.document, 'https://ledger.test/', { timeBudgetMs: 100, timer: () => (calls++ < 1 ? 0 : 1_000) });
    expect(c.notes).toContain('body text cut: time budget spent');
    expect(c.notes.some((n) => n.startsWith('main text cut at'))).toBe(false);
    expect(readingCut(c)).toBe('time');
    expect(c.text).toContain('Row 0 of the harbour ledger');
    expect(c.text).not.toContain('Row 199');
  });

  it('a reading cut by time on a page over 10,000 elements is a cut by size: never read again', () => {
    const body = '<div><span>Berth</span><span>Crane</span></div>'.repeat(3_400);
    const dom = new JSDOM(`<!doctype html><body>${body}</body>`, { url: 'https://yard.test/' });
    let calls = 0;
    const c = capturePage(dom.window.document, 'https://yard.test/', { timeBudgetMs: 100, timer: () => (calls++ < 1 ? 0 : 1_000) });
    expect(c.notes).toContain('page of 10203 elements: too large to read again');
    expect(readingCut(c)).toBe('size');
  });

  it('cuts long text at maxTextChars with a note, and rejects a non-URL', () => {
    const dom = new JSDOM(`<html><body><p>${'word '.repeat(5000)}</p></body></html>`, { url: URL_ });
    const c = capturePage(dom.window.document, URL_, { now: NOW, maxTextChars: 1000 });
    expect(c.text.length).toBeLessThanOrEqual(1000);
    expect(c.notes.some((n) => n.includes('cut'))).toBe(true);
    expect(() => capturePage(dom.window.document, 'not a url')).toThrowError(expect.objectContaining({ code: 'invalid_arguments' }));
  });

  it('maps a ["Person","Organization"] site owner to a company', () => {
    const html = `<html><head><script type="application/ld+json">{"@type":["Person","Organization"],"name":"Tech Site"}</script></head><body></body></html>`;
    expect(capture(html).entities[0]?.type).toBe('company');
  });
});
