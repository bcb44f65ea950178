// Text assembly rules on hand-placed items (the real PDFs are read in adapters/pdf/pdfjs-reader.test.ts).
import { describe, expect, it } from 'vitest';
import type { CaptureAnalysis } from '../../core/capture';
import { assemblePdfText, joinLines } from './assemble';
import { citePdfPages, pageAt } from './cite-pages';

const run = (str: string, x: number, y: number, size = 10) => ({ str, x, y, width: str.length * size * 0.5, size });

describe('joining lines', () => {
  it.each([
    ['a payment com-', 'pany based', 'a payment company based'],
    ['led by Jean-', 'Paul Sartre', 'led by Jean-Paul Sartre'],
    ['the end of', 'the line', 'the end of the line'],
    ['state-of-the-', 'art systems', 'state-of-the-art systems'],
  ])('%s + %s', (before, after, joined) => {
    expect(joinLines(before, after)).toBe(joined);
  });
});

describe('running headers, footers and page numbers', () => {
  it('drops a margin line repeated on most pages and bare page numbers, keeps body lines that repeat', () => {
    const page = (n: number) => ({
      width: 400,
      height: 600,
      items: [run('Annual Report 2024', 100, 580, 8), run('The same body line on every page.', 40, 300), run(String(n), 200, 20, 8)],
    });
    const out = assemblePdfText([page(1), page(2), page(3)]);
    expect(out.text).not.toContain('Annual Report');
    expect(out.text).not.toMatch(/^\d$/m);
    expect(out.text.split('The same body line').length - 1).toBe(3);
    expect(out.droppedLines).toBe(6);
    expect(out.pageStarts).toHaveLength(3);
  });

  it('keeps a one-page document title in the top margin (one page cannot show a running header)', () => {
    const out = assemblePdfText([{ width: 400, height: 600, items: [run('Title At The Top', 100, 590, 14), run('Body.', 40, 300)] }]);
    expect(out.text).toContain('Title At The Top');
  });
});

describe('page-numbered evidence', () => {
  it('prefixes each snippet with the page it is found on, and leaves one it cannot find', () => {
    const text = 'Alpha Corp is on page one.\n\nBeta Labs is on page two.';
    const starts = [0, text.indexOf('Beta')];
    expect(pageAt(text.indexOf('Beta'), starts)).toBe(2);
    const analysis: CaptureAnalysis = {
      url: 'https://x.test/a.pdf',
      title: 'A',
      entities: [
        {
          name: 'Beta Labs',
          type: 'company',
          aliases: [],
          attributes: {},
          salience: 1,
          mentions: 1,
          snippet: 'Beta Labs is on page two.',
          origin: 'text',
        },
        {
          name: 'Gamma',
          type: 'company',
          aliases: [],
          attributes: {},
          salience: 1,
          mentions: 1,
          snippet: 'not in the text',
          origin: 'text',
        },
      ],
      relations: [],
      notes: [],
      analyzeMs: 0,
    };
    const cited = citePdfPages(analysis, text, starts);
    expect(cited.entities.map((e) => e.snippet)).toEqual(['p. 2 · Beta Labs is on page two.', 'not in the text']);
  });
});

describe('blocks set without space between them', () => {
  // A column 300 wide (x 40–340): body lines reach its right edge, the rest stop short.
  const full = (str: string, y: number) => ({ str, x: 40, y, width: 300, size: 10 });
  const short = (str: string, y: number, x = 40) => ({ str, x, y, width: 80, size: 10 });

  it('a short line followed by a capital ends its block; followed by lower case it runs on', () => {
    const out = assemblePdfText([
      {
        width: 400,
        height: 600,
        items: [
          full('Wren Analytics ships a sensor kit for orchards and for', 500),
          short('small farms', 488),
          short('Larkspur Soil', 476),
          full('The second item of the list wraps over a whole line and', 464),
          short('then ends here.', 452),
          full('A paragraph whose lines all reach the right edge of the', 440),
          full('column goes on as one paragraph even when a line starts', 428),
          full('With a capital after a full line.', 416),
        ],
      },
    ]);
    expect(out.text.split('\n\n')).toEqual([
      'Wren Analytics ships a sensor kit for orchards and for small farms',
      'Larkspur Soil',
      'The second item of the list wraps over a whole line and then ends here.',
      'A paragraph whose lines all reach the right edge of the column goes on as one paragraph even when a line starts With a capital after a full line.',
    ]);
  });

  it("a line that left room for the next line's first word ended its item, though it reaches close to the edge", () => {
    // Mean character width 5: every line's width is its length × 5. The widest line sets the edge (x 285).
    const line = (str: string, y: number) => ({ str, x: 40, y, width: str.length * 5, size: 10 });
    const out = assemblePdfText([
      {
        width: 400,
        height: 600,
        items: [
          line('Harbor Bank opens a branch in the old post office', 500),
          line('Quill Robotics hires Ada Brandt as chief', 488),
          line('Oslo ferries now run on batteries alone', 476),
          line('Tern Systems moves its offices to Bergen', 464),
        ],
      },
    ]);
    // Each item ends 45–50 short of the edge: within a quarter of the column, but room for "Oslo " or "Tern " and more.
    expect(out.text.split('\n\n')).toEqual([
      'Harbor Bank opens a branch in the old post office Quill Robotics hires Ada Brandt as chief',
      'Oslo ferries now run on batteries alone',
      'Tern Systems moves its offices to Bergen',
    ]);
  });

  it("wrapped prose stays one paragraph when the next line's first word would not have fitted", () => {
    const line = (str: string, y: number) => ({ str, x: 40, y, width: str.length * 5, size: 10 });
    const out = assemblePdfText([
      {
        width: 400,
        height: 600,
        items: [
          line('The survey of the northern coast was made by the crew of', 500),
          line('the ship over two summers, with the help of the pilots of', 488),
          line('Kestrelwood Harbour, who knew the shoals and currents', 476),
          line('of the fjord better than any chart did in those years.', 464),
        ],
      },
    ]);
    expect(out.text.split('\n\n')).toHaveLength(1);
  });

  it('fragments on one baseline (table cells) are separate paragraphs', () => {
    const out = assemblePdfText([
      {
        width: 400,
        height: 600,
        items: [
          full('App sizes on one tablet, as measured in May.', 500),
          short('Larkspur', 480),
          short('12 MB', 479, 200),
          short('Fieldbook', 466),
          short('8 MB', 465, 200),
        ],
      },
    ]);
    expect(out.text.split('\n\n')).toEqual(['App sizes on one tablet, as measured in May.', 'Larkspur', '12 MB', 'Fieldbook', '8 MB']);
  });
});
