import { describe, expect, it } from 'vitest';
import { rankEvidence } from './evidence-rank';
import type { EvidenceKind } from './types';

const ev = (snippet: string, kind: EvidenceKind = 'mention') => ({ kind, snippet });

describe('rankEvidence', () => {
  it('puts a sentence stating something above a photo caption and a bare mention', () => {
    const caption = ev('Larry Page in 2019');
    const mention = ev('Larry Page');
    const sentence = ev('Larry Page co-founded Google with Sergey Brin in 1998.');
    expect(rankEvidence([caption, mention, sentence])).toEqual([sentence, caption, mention]);
  });

  it('puts a clipped passage first, and keeps the capture order among equals', () => {
    const a = ev('Stripe uses Ruby for most of its API code today.');
    const b = ev('Stripe uses Ruby for most of its API code today.');
    const clip = ev('Stripe', 'clip');
    expect(rankEvidence([a, b, clip])).toEqual([clip, a, b]);
  });

  it('does not reward a sentence for running past thirty words', () => {
    const long = ev(`${'word '.repeat(60)}end.`);
    const fair = ev(`${'word '.repeat(35)}end.`);
    expect(rankEvidence([long, fair])).toEqual([long, fair]);
    expect(rankEvidence([fair, long])).toEqual([fair, long]);
  });
});
