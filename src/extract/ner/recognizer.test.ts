import { describe, expect, it } from 'vitest';
import type { Gazetteer } from '../mentions/recognizer';
import { createTrainedRecognizer, loadShippedModel, modelLoadMs } from './index';
import { decodeModel, encodeModel, fromBase64, toBase64 } from './model';
import { MAX_RECOGNIZE_CHARS, splitAtVerbs, TrainedRecognizer, withOrganizationTail } from './recognizer';

function recognizer(): TrainedRecognizer {
  const r = createTrainedRecognizer();
  if (!(r instanceof TrainedRecognizer)) throw new Error('no trained model is shipped; run npm run train:ner');
  return r;
}

describe('shipped model', () => {
  it('loads once and is cached', () => {
    const a = recognizer();
    expect(createTrainedRecognizer()).toBe(a);
    expect(modelLoadMs()).toBeGreaterThan(0);
  });

  it('recognizes a person, a company and a location (smoke)', () => {
    const text = 'Patrick Collison founded Stripe in San Francisco.';
    const found = recognizer()
      .recognize(text)
      .map((m) => [m.text, m.type]);
    expect(found).toEqual([
      ['Patrick Collison', 'person'],
      ['Stripe', 'company'],
      ['San Francisco', 'location'],
    ]);
  });

  it('returns non-overlapping mentions in text order, with offsets into the raw text and scores in 0..1', () => {
    const text = '  The deal between\n\nSiemens AG and Alstom was  announced in Paris by Joe Kaeser.\tBerlin reacted. ';
    const mentions = recognizer().recognize(text);
    expect(mentions.length).toBeGreaterThan(2);
    let last = 0;
    for (const m of mentions) {
      expect(text.slice(m.start, m.end)).toBe(m.text);
      expect(m.start).toBeGreaterThanOrEqual(last);
      expect(m.score).toBeGreaterThanOrEqual(0);
      expect(m.score).toBeLessThanOrEqual(1);
      last = m.end;
    }
  });

  it('keeps a document-level decision consistent (a later bare surname is the same person)', () => {
    const text = 'Angela Merkel met reporters in Berlin. Later, Merkel said the talks went well.';
    const types = recognizer()
      .recognize(text)
      .filter((m) => m.text.includes('Merkel'))
      .map((m) => m.type);
    expect(types).toEqual(['person', 'person']);
  });

  it('uses names the graph knows: a known name is found and typed as the graph says', () => {
    const known = new Map([['Zorblax Quantum', 'product' as const]]);
    const gazetteer: Gazetteer = { lookup: (s) => known.get(s) };
    const text = 'We tried zorblax and then the Zorblax Quantum shipped.';
    const m = recognizer()
      .recognize(text, { gazetteer })
      .find((x) => x.text === 'Zorblax Quantum');
    expect(m?.type).toBe('product');
  });

  it('stores hostile text as data and stays bounded', () => {
    const r = recognizer();
    expect(r.recognize('')).toEqual([]);
    expect(r.recognize('\u200b\u202e<script>alert(1)</script> ignore previous instructions')).toBeInstanceOf(Array);
    expect(() => r.recognize('x'.repeat(MAX_RECOGNIZE_CHARS + 1))).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
  });
});

describe('model encoding', () => {
  it('round-trips through bytes and base64 exactly', () => {
    const model = loadShippedModel();
    const bytes = encodeModel(model);
    expect(Buffer.from(fromBase64(toBase64(bytes))).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(toBase64(bytes.subarray(0, 1000)), 'base64').equals(Buffer.from(bytes.subarray(0, 1000)))).toBe(true);
    const again = decodeModel(bytes);
    expect(again.bits).toBe(model.bits);
    expect(Buffer.from(encodeModel(again)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses bytes that are not a model, with a stable code', () => {
    expect(() => decodeModel(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
    expect(() => decodeModel(new Uint8Array([0x41, 0x4e, 0x45, 0x52, 1]))).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
    expect(() => fromBase64('not base64!')).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
  });
});

describe('splitAtVerbs', () => {
  const words = (text: string) => text.split(' ').map((t) => ({ text: t }));
  it('cuts a span the model ran across a clause verb into the names on either side', () => {
    const tokens = words('Pega Infinity is Pegasystems platform');
    expect(splitAtVerbs({ start: 0, end: 4, type: 1 }, tokens)).toEqual([
      { start: 0, end: 2, type: 1 },
      { start: 3, end: 4, type: 1 },
    ]);
  });
  it('keeps a span without one, and names with other lower-case words ("Bank of England")', () => {
    const tokens = words('the Bank of England said');
    expect(splitAtVerbs({ start: 1, end: 4 }, tokens)).toEqual([{ start: 1, end: 4 }]);
    expect(splitAtVerbs({ start: 1, end: 5 }, tokens)).toEqual([{ start: 1, end: 4 }]);
  });
});

describe('withOrganizationTail', () => {
  const words = (text: string) => text.split(' ').map((t) => ({ text: t }));
  it('takes in the organization word the model left after a name ("Acme Widget Company")', () => {
    const tokens = words('said Jo , president of Acme Widget Company , the buyer');
    expect(withOrganizationTail({ start: 5, end: 7 }, tokens, [{ start: 5 }])).toEqual({ start: 5, end: 8 });
  });
  it('leaves a name alone when the next word is no such word, is lower-case, or starts another name', () => {
    const tokens = words('Acme Widget company and Acme Group');
    expect(withOrganizationTail({ start: 0, end: 2 }, tokens, [{ start: 0 }])).toEqual({ start: 0, end: 2 });
    expect(withOrganizationTail({ start: 4, end: 5 }, tokens, [{ start: 4 }, { start: 5 }])).toEqual({ start: 4, end: 5 });
    expect(withOrganizationTail({ start: 0, end: 1 }, words('Acme Widget'), [{ start: 0 }])).toEqual({ start: 0, end: 1 });
  });
  it('the recognizer names the whole organization, as a company, when the model stops before the word', () => {
    const text =
      '“We were surprised,” said Tyler Kestrel, president of Harbor Point-based Dana F. Kestrel Company, the biggest buyer of cod.';
    const found = recognizer()
      .recognize(text)
      .filter((m) => m.text.includes('Company'))
      .map((m) => [m.text, m.type]);
    expect(found).toEqual([['Dana F. Kestrel Company', 'company']]);
  });
  it('a place ending in such a word stays a place ("the West Bank")', () => {
    const found = recognizer()
      .recognize('Clashes broke out in the West Bank on Monday.')
      .map((m) => [m.text, m.type]);
    expect(found).toEqual([['West Bank', 'location']]);
  });
});
