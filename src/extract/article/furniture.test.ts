import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { blockText } from '../dom/block-text';
import { dropFurniture, type FurnitureOptions } from './furniture';

/** Invented prose: long enough to be the article's paragraphs. */
const PROSE = [
  'Zentrix, the kettle maker based in Quillby, said on Tuesday that it would open a second workshop next spring, hiring forty people.',
  'Mira Osk, who founded Zentrix with Teo Vance in a garage behind the Quillby library, said the new workshop would build induction models.',
  'The company sells most of its kettles through the Ostrava Cooperative, a buyers group that Osk says has doubled its orders this year.',
];
const paragraphs = (lines: readonly string[] = PROSE) => lines.map((line) => `<p>${line}</p>`).join('');

function pass(body: string, options: FurnitureOptions = {}): { text: string; blocks: number } {
  const root = new JSDOM(`<!doctype html><body><div id="root">${body}</div></body>`).window.document.getElementById('root');
  if (root === null) throw new Error('no root');
  const drop = dropFurniture(root, options);
  return { text: blockText(root, { maxChars: 10_000 }).text, blocks: drop.blocks };
}

describe('dropFurniture', () => {
  it('drops a "Most popular" rail after the page\'s article element and keeps the article', () => {
    const { text } = pass(
      `<article>${paragraphs()}</article>` +
        '<div><h3>Most popular</h3><ol><li><a href="/a">Harbin Labs wins the Pell cup again</a></li>' +
        '<li><a href="/b">Why Dunmore Freight left the valley</a></li><li><a href="/c">Gorse Bank cuts its rates</a></li></ol></div>',
    );
    expect(text).toContain('Ostrava Cooperative');
    expect(text).not.toContain('Harbin Labs');
    expect(text).not.toContain('Gorse Bank');
  });

  it("drops a list of other pages' headlines after the prose, in plain divs with no heading", () => {
    const cards = ['Harbin Labs wins the Pell cup again', 'Why Dunmore Freight left the valley', 'Gorse Bank cuts its rates for savers']
      .map((h) => `<div><div><a href="/x">${h}</a></div><div>Two days ago</div></div>`)
      .join('');
    const { text } = pass(`<div>${paragraphs()}</div><div>${cards}</div>`);
    expect(text).toContain('Teo Vance');
    expect(text).not.toContain('Dunmore Freight');
  });

  it("keeps a list of linked names inside the article's prose", () => {
    const list =
      '<ul><li><a href="/1">Pell Kettle Course (Harbin Labs)</a></li><li><a href="/2">Induction Basics with Gorse Bank</a></li>' +
      '<li><a href="/3">Workshop Safety for Makers (Dunmore)</a></li></ul>';
    const { text, blocks } = pass(`<div>${paragraphs(PROSE.slice(0, 2))}${list}${paragraphs(PROSE.slice(2))}</div>`);
    expect(text).toContain('Harbin Labs');
    expect(blocks).toBe(0);
  });

  it('drops a newsletter box that sits inside the article container', () => {
    const box = '<div><p>The Morning Lark</p><p>Sign up for the Morning Lark, delivered to your inbox every weekday.</p></div>';
    const { text } = pass(`<div>${paragraphs(PROSE.slice(0, 2))}${box}${paragraphs(PROSE.slice(2))}</div>`);
    expect(text).toContain('Ostrava Cooperative');
    expect(text).not.toContain('Morning Lark');
  });

  it("drops the author's bio after the prose and keeps a journalist quoted in the middle of it", () => {
    const quoted = 'Pia Lund is a reporter at the Quillby Gazette who first wrote about the garage in 2019.';
    const bio = '<p>Cato Brisk is a staff writer covering small manufacturers. Follow him on Mastodon.</p>';
    const { text } = pass(`<div>${paragraphs([PROSE[0] ?? '', quoted, ...PROSE.slice(1)])}</div>${bio}`, { byline: 'By Cato Brisk' });
    expect(text).toContain('Pia Lund');
    expect(text).not.toContain('Cato Brisk');
  });

  it('drops a comment section opened by its heading, up to the next heading of its rank', () => {
    const comments =
      '<h2>2 comments on “Zentrix opens a second workshop”</h2><ol><li>Edda Holm wrote: great kettles.</li></ol>' +
      '<p>Rolf Aske wrote: when do they ship to Brno?</p>';
    const { text } = pass(`<div>${paragraphs()}${comments}<h2>Corrections</h2><p>An earlier version misspelled Quillby.</p></div>`);
    expect(text).not.toContain('Edda Holm');
    expect(text).not.toContain('Rolf Aske');
    expect(text).toContain('An earlier version misspelled Quillby.');
  });

  it("stops a furniture heading's section at the article's next paragraph", () => {
    const box = '<h3>Sign up for the Morning Lark</h3><p>Every Friday.</p>';
    const { text } = pass(`<div>${paragraphs(PROSE.slice(0, 2))}${box}${paragraphs(PROSE.slice(2))}</div>`);
    expect(text).not.toContain('Morning Lark');
    expect(text).not.toContain('Every Friday.');
    expect(text).toContain('Ostrava Cooperative');
  });

  it('keeps a run of the article that opens with a small related-stories widget', () => {
    const run =
      '<div><div>Related stories</div><p>Harbin Labs, a supplier of kettle lids, said the workshop would need its parts by March.</p>' +
      '<p>Gorse Bank lent Brindle the money for the building, its loan officer said in a statement.</p></div>';
    const { text } = pass(`<div>${paragraphs()}${paragraphs()}</div>${run}<div>${paragraphs(PROSE.slice(1))}</div>`);
    expect(text).toContain('Harbin Labs, a supplier');
    expect(text).toContain('Gorse Bank lent');
    expect(text).not.toContain('Related stories');
  });

  it("never drops the article's core, whatever its class says", () => {
    const { text, blocks } = pass(`<div class="post has-comments related-content">${paragraphs()}</div>`);
    expect(text).toContain('Mira Osk');
    expect(blocks).toBe(0);
  });

  it('keeps an article section whose heading only starts like furniture', () => {
    const { text } = pass(`<div>${paragraphs()}<h2>Related party transactions</h2><p>Zentrix leases its garage from Teo Vance.</p></div>`);
    expect(text).toContain('Zentrix leases its garage from Teo Vance.');
  });

  it('tells the caller what it judged, and why', () => {
    const seen: string[] = [];
    pass(`<article>${paragraphs()}</article><div class="newsletter-inline"><p>Get the Morning Lark.</p></div>`, {
      explain: (judged) => seen.push(`${judged.dropped ? 'drop' : 'keep'}:${judged.signals.join('+')}`),
    });
    expect(seen).toContain('drop:classWords+afterProse');
  });
});
