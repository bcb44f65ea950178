import { describe, expect, it } from 'vitest';
import type { PageCapture } from '../../core/capture';
import { publicationOwner, speaksAs, withPublisherNames } from './publisher';

describe('publicationOwner', () => {
  it('reduces a blog’s or newsroom’s site name to the organization its text names', () => {
    expect(publicationOwner('Fabrikam Blog', 'Since Fabrikam’s first launch, we have used queues.')).toBe('Fabrikam');
    expect(publicationOwner('Fabrikam Engineering Blog', 'At Fabrikam we run Kestrel.')).toBe('Fabrikam');
  });

  it('keeps the name when the text names the whole, names nothing, or the last word is not a publication', () => {
    // "Contoso News" is the outlet the page speaks of; the text never says "Tailspin"; "Fabrikam Labs" is a name.
    expect(publicationOwner('Contoso News', 'Contoso News reported that Contoso grew.')).toBe('Contoso News');
    expect(publicationOwner('Tailspin Blog', 'We have used queues.')).toBe('Tailspin Blog');
    expect(publicationOwner('Fabrikam Labs', 'Fabrikam grew.')).toBe('Fabrikam Labs');
    // A word inside another ("Fabrikamia") is not the name.
    expect(publicationOwner('Fabrikam Blog', 'Fabrikamia grew.')).toBe('Fabrikam Blog');
  });
});

describe('speaksAs', () => {
  it('needs the organization named more than once', () => {
    expect(speaksAs('Fabrikam', 'At Fabrikam, we run Kestrel. Thanks to Ada for its adoption at Fabrikam.')).toBe(true);
    expect(speaksAs('Fabrikam', 'We run Kestrel, Ada told Fabrikam.')).toBe(false);
  });
});

describe('withPublisherNames', () => {
  const entity = (ref: string, name: string): PageCapture['entities'][number] => ({
    ref,
    name,
    type: 'company',
    aliases: [],
    attributes: {},
    origin: 'opengraph',
  });

  it('renames the site’s and the JSON-LD publisher’s entity, keeping the site name as an alias', () => {
    const out = withPublisherNames({
      text: 'At Fabrikam we run Kestrel. Contoso grew.',
      entities: [entity('meta:site', 'Fabrikam Blog'), entity('#pub', 'Contoso Newsroom'), entity('#other', 'Tailspin Blog')],
      relations: [{ from: '#article', to: '#pub', label: 'published_by' }],
    });
    expect(out.map((e) => [e.name, e.aliases])).toEqual([
      ['Fabrikam', ['Fabrikam Blog']],
      ['Contoso', ['Contoso Newsroom']],
      ['Tailspin Blog', []],
    ]);
  });
});
