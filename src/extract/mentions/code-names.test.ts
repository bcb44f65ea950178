import { describe, expect, it } from 'vitest';
import { isCodeWord, lowerCaseCodeNames } from './code-names';
import { tokenize } from '../ner/tokenize';
import { refineMentions } from './web-names';

function names(text: string): string[] {
  return lowerCaseCodeNames(tokenize(text), [], 0.85).map((m) => `${m.text}:${m.type}@${m.start}`);
}

/** The name as `names` reports it at its first occurrence in `text`. */
function at(text: string, name: string): string {
  return `${name}:technology@${text.indexOf(name)}`;
}

describe('lower-case software names', () => {
  it('a code-spelled word next to a software noun is a technology, on each of its mentions', () => {
    const text = 'Our brokers keep qmgrd instances on every host. Restarting qmgrd takes a second.';
    expect(names(text)).toEqual([`qmgrd:technology@${text.indexOf('qmgrd')}`, `qmgrd:technology@${text.lastIndexOf('qmgrd')}`]);
  });

  it('reads the cues before a name too: "based on", "install", "the function"', () => {
    const cases: [string, string][] = [
      ['The archiver is based on xzlib for compression.', 'xzlib'],
      ['First install vkfetch2 from the mirror.', 'vkfetch2'],
      ['Each request calls the function hmac_sha3 twice.', 'hmac_sha3'],
      ['Then add the module “qzlog-kit” to the project.', 'qzlog-kit'],
    ];
    for (const [text, name] of cases) expect(names(text)).toEqual([at(text, name)]);
  });

  it('leaves English words, short words, host names and uncued words alone', () => {
    // "analytics" is missing from the small word lists but spelled as English is.
    expect(names('We compared the analytics tools and the caching server.')).toEqual([]);
    expect(names('The dev tools and a web server.')).toEqual([]);
    expect(names('Download the package downloads from mirror.example.com servers.')).toEqual([]);
    expect(names('We later moved to qmgrd for good.')).toEqual([]);
  });

  it('a code word is spelled as no English word is', () => {
    expect(isCodeWord('etcd')).toBe(true);
    expect(isCodeWord('lib2fa')).toBe(true);
    expect(isCodeWord('foo.js')).toBe(true);
    expect(isCodeWord('analytics')).toBe(false);
    expect(isCodeWord('long-term')).toBe(false);
    expect(isCodeWord('fpn.example.com')).toBe(false);
  });

  it('the page refinement keeps them as sure technologies ("statsd counters")', () => {
    const text = 'At the shop we keep mqtdx counters for every queue.';
    const out = refineMentions(text, []);
    expect(out.map((m) => `${m.text}:${m.type}`)).toEqual(['mqtdx:technology']);
    expect(out[0]?.score).toBeGreaterThanOrEqual(0.85);
  });
});
