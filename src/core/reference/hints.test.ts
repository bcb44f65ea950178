// The upstream hint extractor: five languages map to the same normalized hints, and
// sentences without a reference are left alone.
import { describe, expect, it } from 'vitest';
import { extractReferenceHints, MAX_HINT_TEXT_CHARS } from './hints';
import type { NormalizedReferenceHints } from './schema';

const cases: readonly [string, string | undefined, NormalizedReferenceHints, string][] = [
  // English
  ['who founded this company?', 'en', { target_kind_hint: 'company', recency_hint: 'currently_active' }, 'this company'],
  ['what did that answer cite?', 'en', { target_kind_hint: 'answer' }, 'that answer'],
  ['show the image above', 'en', { positional_hint: 'above', target_kind_hint: 'image' }, 'the image above'],
  ['close my last poll', 'en', { ordinal_hint: 'last', target_kind_hint: 'poll', ownership_hint: 'mine' }, 'my last poll'],
  ['compare with the previous one', 'en', { positional_hint: 'previous' }, 'the previous one'],
  ['what is this?', 'en', { recency_hint: 'currently_active' }, 'this'],
  ['what is mentioned here?', 'en', { positional_hint: 'current_topic_recent' }, 'here'],
  // Russian (inflected forms through stems; й and ё folded)
  ['кто основал эту компанию?', 'ru', { target_kind_hint: 'company', recency_hint: 'currently_active' }, 'эту компанию'],
  ['закрой мой последний опрос', 'ru', { ordinal_hint: 'last', target_kind_hint: 'poll', ownership_hint: 'mine' }, 'мой последний опрос'],
  ['покажи предыдущий ответ', 'ru', { positional_hint: 'previous', target_kind_hint: 'answer' }, 'предыдущий ответ'],
  // German
  ['Fasse diese Seite zusammen', 'de', { target_kind_hint: 'article', recency_hint: 'currently_active' }, 'diese Seite'],
  ['Was stand in der vorherigen Antwort?', 'de', { positional_hint: 'previous', target_kind_hint: 'answer' }, 'der vorherigen Antwort'],
  [
    'meine erste Erinnerung',
    'de',
    { ordinal_hint: 'first', target_kind_hint: 'reminder', ownership_hint: 'mine' },
    'meine erste Erinnerung',
  ],
  // French
  ['relis la dernière réponse', 'fr', { ordinal_hint: 'last', target_kind_hint: 'answer' }, 'la dernière réponse'],
  ['résume cette page', 'fr', { target_kind_hint: 'article', recency_hint: 'currently_active' }, 'cette page'],
  ['ouvre le lien précédent', 'fr', { positional_hint: 'previous', target_kind_hint: 'link' }, 'le lien précédent'],
  // Spanish
  ['¿quién fundó esta empresa?', 'es', { target_kind_hint: 'company', recency_hint: 'currently_active' }, 'esta empresa'],
  ['compáralo con el anterior', 'es', { positional_hint: 'previous' }, 'el anterior'],
  ['mi segunda imagen', 'es', { ordinal_hint: 'second', target_kind_hint: 'image', ownership_hint: 'mine' }, 'mi segunda imagen'],
  // No language given: all lexicons are tried
  ['la dernière réponse', undefined, { ordinal_hint: 'last', target_kind_hint: 'answer' }, 'la dernière réponse'],
  ['diese Seite', undefined, { target_kind_hint: 'article', recency_hint: 'currently_active' }, 'diese Seite'],
];

describe('extractReferenceHints', () => {
  it.each(cases)('%s (%s)', (text, lang, hints, phrase) => {
    const out = extractReferenceHints(text, lang);
    expect(out.found).toBe(true);
    expect(out.hints).toEqual(hints);
    expect(out.span && text.slice(out.span.start, out.span.end)).toBe(phrase);
  });

  it.each([
    'who was the previous CEO of Stripe?',
    'what companies use React?',
    'the latest news about Stripe',
    'Wer hat Stripe gegründet?',
    '',
  ])('finds no reference in %j', (text) => {
    const out = extractReferenceHints(text, 'en');
    expect(out.found).toBe(false);
    expect(out.hints).toEqual({});
  });

  it('the same reference in five languages gives one set of hints', () => {
    const phrases: [string, string][] = [
      ['my latest image', 'en'],
      ['моя последняя картинка', 'ru'],
      ['mein letztes Bild', 'de'],
      ['ma dernière image', 'fr'],
      ['mi última imagen', 'es'],
    ];
    const kinds = phrases.map(([t, l]) => extractReferenceHints(t, l).hints);
    for (const h of kinds) expect(h).toMatchObject({ target_kind_hint: 'image', ownership_hint: 'mine' });
  });

  it('reports merge verbs as cues without making them part of the phrase', () => {
    const out = extractReferenceHints('merge it with the previous one', 'en');
    expect(out.cues.map((c) => c.type)).toEqual(['merge', 'pronoun', 'filler', 'previous', 'filler']);
  });

  it('reads only the first MAX_HINT_TEXT_CHARS characters of untrusted text', () => {
    const out = extractReferenceHints(`${'x '.repeat(MAX_HINT_TEXT_CHARS)} this company`, 'en');
    expect(out.found).toBe(false);
  });

  it('picks the longest stem: a Russian poll is not a voice message', () => {
    expect(extractReferenceHints('последнее голосование', 'ru').hints.target_kind_hint).toBe('poll');
    expect(extractReferenceHints('последнее голосовое', 'ru').hints.target_kind_hint).toBe('voice');
  });
});
