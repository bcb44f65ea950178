import { describe, expect, it } from 'vitest';
import { acceptCapture } from './capture';

const good = {
  url: 'https://example.test/stripe',
  title: 'Stripe',
  text: 'Stripe is a payments company.',
  headings: ['About'],
  entities: [{ ref: 'e1', name: 'Stripe', type: 'company', origin: 'json-ld', aliases: [], attributes: {} }],
  relations: [],
  trigger: 'auto',
  capturedAt: 1,
  notes: [],
};

describe('acceptCapture (the background side of the capture contract)', () => {
  it('takes a valid capture as sent', () => {
    const accepted = acceptCapture(good);
    expect(accepted).toMatchObject({ ok: true, salvaged: false, capture: { title: 'Stripe', entities: [{ name: 'Stripe' }] } });
  });

  it('keeps the page when only its structured data breaks the contract, and says what was dropped', () => {
    const hostile = { ...good, entities: [{ ...good.entities[0], type: 'weapon' }], headings: ['x'.repeat(5000)] };
    const accepted = acceptCapture(hostile);
    expect(accepted.ok).toBe(true);
    if (!accepted.ok) return;
    expect(accepted.salvaged).toBe(true);
    expect(accepted.capture).toMatchObject({ url: good.url, title: 'Stripe', text: good.text, entities: [], relations: [], headings: [] });
    expect(accepted.capture.notes[0]).toMatch(/^structured data dropped: it did not pass validation \(/);
  });

  it('keeps the page when its italic titles break the contract, without them', () => {
    expect(acceptCapture({ ...good, italicTitles: ['The Quiet Harbor'] })).toMatchObject({ ok: true, salvaged: false });
    const tooMany = acceptCapture({ ...good, italicTitles: Array.from({ length: 201 }, (_, i) => `Title ${i}`) });
    expect(tooMany).toMatchObject({ ok: true, salvaged: true, capture: { text: good.text, italicTitles: [] } });
    expect(acceptCapture({ ...good, italicTitles: ['x'.repeat(121)] })).toMatchObject({ ok: true, salvaged: true });
  });

  it('refuses a capture whose page itself is bad, with where and why', () => {
    const refused = acceptCapture({ ...good, url: 'not a url' });
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok) expect(refused.message).toMatch(/^the capture is not valid \(url: /);
    expect(acceptCapture({ ...good, text: 'x'.repeat(200_001) }).ok).toBe(false);
    expect(acceptCapture('not a capture')).toMatchObject({ ok: false });
    expect(acceptCapture(undefined)).toMatchObject({ ok: false });
  });
});
