import { describe, expect, it } from 'vitest';
import { createPageRecognizer } from '../../background/ingest';
import { textCapture } from '../../../tooling/testing/text-capture';
import { parseRulesOff } from '../rules/registry';
import { analyzeCapture } from './analyze';
import { withItalicTitles } from './mention-stage';

const typeOf = (text: string, titles: readonly string[], name: string, off = '') =>
  analyzeCapture(textCapture(text, { italicTitles: [...titles] }), {
    recognizer: createPageRecognizer(),
    rulesOff: parseRulesOff(off),
  }).entities.find((e) => e.name === name)?.type;

describe('italic works: a name the page sets in italics as a title (italic-works)', () => {
  const film =
    'Marta Velasquez starred in The Quiet Harbor, a film shot in Tarvo. Critics at the festival praised The Quiet Harbor for its score.';

  it('is a work, found even where no recognizer read it', () => {
    expect(typeOf(film, ['The Quiet Harbor'], 'The Quiet Harbor')).toBe('other');
    // "Seven Lanterns" alone was read, unsure, as a person: the whole title replaces it.
    const book = 'Anna Quist wrote Seven Lanterns for Winter in a cabin near Oslo, and the critics loved it.';
    expect(typeOf(book, ['Seven Lanterns for Winter'], 'Seven Lanterns for Winter')).toBe('other');
    expect(typeOf(book, [], 'Seven Lanterns for Winter')).toBeUndefined();
  });

  it('is a product on a page about games', () => {
    const games = 'Critics called Lantern Rift the best of the games this year. Fans of strategy games bought Lantern Rift in millions.';
    expect(typeOf(games, ['Lantern Rift'], 'Lantern Rift')).toBe('product');
  });

  it('leaves publications, listed names and first-named persons their type', () => {
    const news = 'The Tarvo Times reported the sale. Anna Quist told The Tarvo Times that Google would buy the studio.';
    expect(typeOf(news, ['The Tarvo Times', 'Google'], 'The Tarvo Times')).not.toBe('other');
    expect(typeOf(news, ['The Tarvo Times', 'Google'], 'Google')).toBe('company');
    expect(typeOf(news, ['Anna Quist'], 'Anna Quist')).toBe('person');
    const reported = 'According to Quillpost, the studio will close. Quillpost reported that Anna Quist sold it to the Tarvo Group.';
    expect(typeOf(reported, ['Quillpost'], 'Quillpost')).toBe('company');
  });

  it('does nothing when its family is off', () => {
    expect(typeOf(film, ['The Quiet Harbor'], 'The Quiet Harbor', 'italic-works')).not.toBe('other');
  });

  it('looks at a bounded number of occurrences of each title, however often a page repeats it', () => {
    const text = 'Lantern Rift and more. '.repeat(10_000);
    const added = withItalicTitles(text, [], ['Lantern Rift', 'A']);
    expect(added.filter((m) => m.text === 'Lantern Rift')).toHaveLength(40);
    expect(added.length).toBeLessThanOrEqual(80);
  });
});
