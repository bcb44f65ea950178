import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { italicTitles, isTitleShaped } from './italic-titles';

describe('italic titles: works as the page sets them', () => {
  it('reads title-shaped texts only', () => {
    for (const t of ['The Quiet Harbor', 'Twelve Years a Slave', 'Lakemont', 'Songs of the Tarvo Valley', '1999'])
      expect(isTitleShaped(t), t).toBe(true);
    for (const t of [
      'really',
      'I never said that.',
      'see above',
      'one two Three',
      'Figure 1 -',
      'Address Bar Preferences',
      'Privacy & Security',
      '"Prefer',
      'A Very Long Title That Goes On And On Forever More',
    ])
      expect(isTitleShaped(t), t).toBe(false);
  });

  it('collects the distinct italic titles of an article in page order', () => {
    const { document } = new JSDOM(
      `<article><p>We watched <em>The Quiet Harbor</em> and read <i>Songs of the Tarvo Valley</i>; it was <em>so</em> good.</p>
       <p>Later, <cite>The Quiet Harbor</cite> won again, and <em><a href="#">Lakemont</a></em> too.</p></article>`,
    ).window;
    expect(italicTitles(document.body)).toEqual(['The Quiet Harbor', 'Songs of the Tarvo Valley', 'Lakemont']);
  });
});
