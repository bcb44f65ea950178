import { describe, expect, it } from 'vitest';
import type { PageCapture } from '../../core/capture';
import { analyzeCapture, analyzeCaptureAsync, SLICE_CHARS, sliceText } from './analyze';
import { createPageRecognizer } from '../../background/ingest';
import { createRuleRecognizer } from '../rules/rule-recognizer';
import { KEEP_FEATURES } from '../keep/features';
import { textCapture } from '../../../tooling/testing/text-capture';

const recognizer = createRuleRecognizer();

function capture(partial: Partial<PageCapture>): PageCapture {
  return textCapture('', partial);
}

describe('analyzeCapture', () => {
  const text = [
    'Stripe was founded by Patrick Collison in 2010.',
    'Stripe is headquartered in San Francisco.',
    'Collison said the company acquired Paystack last year.',
    'Stripe acquired Paystack to grow in Nigeria.',
    'The Stripe dashboard is written in Ruby and uses TypeScript and React for its front end.',
    'Read more. Sign up. Privacy Policy.',
  ].join('\n');

  it('keeps central entities with types, folds a surname into the full name, drops boilerplate', () => {
    const a = analyzeCapture(capture({ title: 'How Stripe grew', text }), { recognizer });
    const byName = new Map(a.entities.map((e) => [e.name, e]));
    expect(byName.get('Stripe')?.type).toBe('company');
    expect(byName.get('Patrick Collison')?.type).toBe('person');
    // "Collison" alone is the same person on this page.
    expect(byName.has('Collison')).toBe(false);
    expect(byName.get('Patrick Collison')?.mentions).toBe(2);
    expect(byName.get('San Francisco')?.type).toBe('location');
    for (const junk of ['Read more', 'Sign up', 'Privacy Policy']) expect(byName.has(junk)).toBe(false);
    // Stripe is in the title and mentioned most: the most salient.
    expect(a.entities[0]?.name).toBe('Stripe');
    expect(byName.get('Stripe')?.snippet).toBe('Stripe was founded by Patrick Collison in 2010.');
  });

  it('reads explicit textual relations with their sentence as evidence', () => {
    const a = analyzeCapture(capture({ title: 'Stripe', text }), { recognizer });
    const has = (from: string, label: string, to: string) => a.relations.some((r) => r.from === from && r.label === label && r.to === to);
    expect(has('Stripe', 'founded_by', 'Patrick Collison')).toBe(true);
    expect(has('Stripe', 'located_in', 'San Francisco')).toBe(true);
    expect(has('Stripe', 'acquired', 'Paystack')).toBe(true);
    expect(a.relations.find((r) => r.label === 'acquired')?.snippet).toBe('Stripe acquired Paystack to grow in Nigeria.');
    expect(a.relations.every((r) => r.origin === 'text')).toBe(true);
  });

  it('a company called by its short form is one entity, and the person with its title works for it ("Quin VP")', () => {
    const page = [
      'Quintronics Inc. builds workflow software for banks.',
      '“We were rebuilding the whole stack,” explains Ramzi Kestrel, Quin VP of data products.',
      'Quin wanted to move faster, so Quin hired a partner.',
    ].join('\n');
    // The recognizer captures are read with (the model and the page's names), where the title is cut.
    const a = analyzeCapture(capture({ title: 'How Quintronics grew', text: page }), { recognizer: createPageRecognizer() });
    const names = a.entities.map((e) => e.name);
    const company = names.find((n) => n.startsWith('Quintronics'));
    expect(company).toBeDefined();
    expect(names.filter((n) => n.startsWith('Quin') && n !== company)).toEqual([]);
    expect(a.relations.some((r) => r.from === 'Ramzi Kestrel' && r.label === 'works_for' && r.to === company)).toBe(true);
  });

  it('the author its metadata or byline names is who "I" is on the page ("I work at Quokkasoft")', () => {
    const author = {
      ref: 'meta:author:0',
      name: 'Vin Kestrel',
      type: 'person' as const,
      aliases: [],
      attributes: {},
      origin: 'meta' as const,
    };
    const page = 'I work at Quokkasoft, a Danish company that makes puzzle games for phones.';
    const a = analyzeCapture(capture({ title: 'Profiling Node.js', text: page, entities: [author] }), {
      recognizer: createPageRecognizer(),
    });
    expect(a.relations.some((r) => r.from === 'Vin Kestrel' && r.label === 'works_for' && r.to === 'Quokkasoft')).toBe(true);
    // A person of the structured data whom the byline names is the author too.
    const jsonLdPerson = { ...author, ref: '_:b1' };
    const bylined = analyzeCapture(capture({ title: 'Profiling Node.js', text: page, entities: [jsonLdPerson], byline: 'Vin Kestrel' }), {
      recognizer: createPageRecognizer(),
    });
    expect(bylined.relations.some((r) => r.from === 'Vin Kestrel' && r.label === 'works_for' && r.to === 'Quokkasoft')).toBe(true);
    // Without an author, nobody.
    const anonymous = analyzeCapture(capture({ title: 'Profiling Node.js', text: page }), { recognizer: createPageRecognizer() });
    expect(anonymous.relations.filter((r) => r.label === 'works_for')).toEqual([]);
  });

  it('keeps a once-mentioned weak name that an explicit statement ties to another name', () => {
    const quote = 'Keep an eye on cash as you grow, says Tam Gorse, CEO and co-founder of Aplix.';
    const tied = analyzeCapture(capture({ title: 'Startup advice', text: quote }), { recognizer });
    expect(tied.entities.map((e) => e.name)).toContain('Aplix');
    expect(tied.relations).toContainEqual(expect.objectContaining({ from: 'Tam Gorse', label: 'ceo_of', to: 'Aplix', origin: 'text' }));
    // Control: the same weak name without the statement is not kept (below even the score a
    // rare name of proper-name shape needs alone).
    const weak = (t: string) => [
      { text: 'Aplix', type: 'company' as const, start: t.indexOf('Aplix'), end: t.indexOf('Aplix') + 5, score: 0.2 },
    ];
    const loose = analyzeCapture(
      capture({ title: 'Startup advice', text: 'Watch the burn rate closely as you hire, says the team at Aplos.' }),
      { recognizer: { name: 'weak', recognize: weak } },
    );
    expect(loose.entities.map((e) => e.name)).not.toContain('Aplix');
    const tiedWeak = analyzeCapture(capture({ title: 'Startup advice', text: quote }), {
      recognizer: { name: 'weak', recognize: (t: string) => [...recognizer.recognize(t).filter((m) => m.text !== 'Aplix'), ...weak(t)] },
    });
    expect(tiedWeak.entities.map((e) => e.name)).toContain('Aplix');
  });

  it('keeps a rare name mentioned once with a low score, but not an everyday word', () => {
    const text = 'The companies include VMware, Fidessa and others. Furthermore, the platform grew in the region.';
    const at = (name: string, score: number) => ({
      text: name,
      type: 'company' as const,
      start: text.indexOf(name),
      end: text.indexOf(name) + name.length,
      score,
    });
    const unsure = analyzeCapture(capture({ title: 'Jobs platform', text }), {
      recognizer: { name: 'unsure', recognize: () => [at('Fidessa', 0.35), at('Furthermore', 0.35)] },
    });
    expect(unsure.entities.map((e) => e.name)).toEqual(['Fidessa']);
  });

  it('drops an everyday word capitalized only where a sentence or a list item starts, keeps one written capitalized mid-sentence', () => {
    const text = [
      'Release notes for the Quillmoor editor, version 4.',
      '* Buttons can now be placed on any toolbar of the editor window.',
      '* Lanterns are drawn faster on older machines than before.',
      'The team thanks everyone who tested it with Lanterns last month.',
    ].join('\n');
    const all = (name: string) =>
      [...text.matchAll(new RegExp(name, 'g'))].map((m) => ({
        text: name,
        type: 'company' as const,
        start: m.index,
        end: m.index + name.length,
        score: 0.9,
      }));
    const analysis = analyzeCapture(capture({ title: 'Quillmoor release notes', text }), {
      recognizer: { name: 'sure', recognize: () => [...all('Buttons'), ...all('Lanterns')] },
    });
    expect(analysis.entities.map((e) => e.name)).toEqual(['Lanterns']);
    const ruleOff = analyzeCapture(capture({ title: 'Quillmoor release notes', text }), {
      recognizer: { name: 'sure', recognize: () => [...all('Buttons'), ...all('Lanterns')] },
      rulesOff: new Set(['capital-at-starts']),
    });
    expect(ruleOff.entities.map((e) => e.name).sort()).toEqual(['Buttons', 'Lanterns']);
  });

  it('drops the plural of an acronym ("CTOs", "Quillmoor X GPUs") unless the page writes the acronym alone ("QRK" beside "QRKs")', () => {
    const text =
      'Several CTOs said the Quillmoor suite ships QRKs for every team. A QRK bundles the editor settings. Quillmoor X GPUs follow.';
    const at = (name: string, type: 'company' | 'technology' | 'product') => ({
      text: name,
      type,
      start: text.indexOf(name),
      end: text.indexOf(name) + name.length,
      score: 0.9,
    });
    const analysis = analyzeCapture(capture({ title: 'Quillmoor suite', text }), {
      recognizer: {
        name: 'sure',
        recognize: () => [at('CTOs', 'company'), at('QRKs', 'technology'), at('Quillmoor X GPUs', 'product')],
      },
    });
    expect(analysis.entities.map((e) => e.name)).toEqual(['QRKs']);
  });

  it('reads a short finished sentence listing names with commas as prose, a menu line as none', () => {
    const name = 'Quillfeather Labs';
    const proseShare = (text: string) => {
      let share = -1;
      analyzeCapture(capture({ title: 'Jobs platform', text }), {
        recognizer: {
          name: 'cue',
          recognize: () => [{ text: name, type: 'company', start: text.indexOf(name), end: text.indexOf(name) + name.length, score: 0.85 }],
        },
        observeCandidates: (c) => {
          const f = c.find((x) => x.name === name)?.features;
          share = f === undefined ? -1 : (f[KEEP_FEATURES.indexOf('prose_share')] ?? -1);
        },
      });
      return share;
    };
    expect(proseShare('The firms include Zorbit, Nuvola, Quillfeather Labs, Brightpath and Kestrelon.\nNEXT STORY')).toBe(1);
    // The same names as a menu line (no full stop) are labels: no prose, and a name only there is not kept.
    expect(proseShare('Home, Zorbit, Nuvola, Quillfeather Labs, Brightpath, Kestrelon')).toBe(-1);
    const menu = 'Home, Zorbit, Nuvola, Quillfeather Labs, Brightpath, Kestrelon';
    const labels = analyzeCapture(capture({ title: 'Jobs platform', text: menu }), {
      recognizer: {
        name: 'cue',
        recognize: () => [{ text: name, type: 'company', start: menu.indexOf(name), end: menu.indexOf(name) + name.length, score: 0.85 }],
      },
    });
    expect(labels.entities).toEqual([]);
  });

  it('a name the structured data gives both as a person (the author) and as an organization is the organization', () => {
    const a = analyzeCapture(
      capture({
        title: 'Segment Launches Sources',
        text: 'Segment launched Sources today.',
        entities: [
          { ref: '_:b2', name: 'Segment', type: 'person', aliases: [], attributes: {}, origin: 'json-ld' },
          { ref: '_:b3', name: 'Segment', type: 'company', aliases: [], attributes: {}, origin: 'json-ld' },
        ],
      }),
      { recognizer },
    );
    expect(a.entities.find((e) => e.name === 'Segment')?.type).toBe('company');
  });

  it('reads a hard-wrapped paragraph line that starts in lower case as prose ("the CORS protocol.")', () => {
    const text = 'Calls to other hosts are meant to follow\nthe CORS protocol.\nNEXT';
    const at = text.indexOf('CORS');
    const wrapped = analyzeCapture(capture({ title: 'Fetch', text }), {
      recognizer: { name: 'cue', recognize: () => [{ text: 'CORS', type: 'technology', start: at, end: at + 4, score: 0.85 }] },
    });
    expect(wrapped.entities.map((e) => e.name)).toEqual(['CORS']);
  });

  it('puts structured entities first and maps structured relations to kept names', () => {
    const a = analyzeCapture(
      capture({
        title: 'About',
        text: 'Acme Robotics builds robots. Jane Roe leads Acme Robotics.',
        entities: [
          {
            ref: '#acme',
            name: 'Acme Robotics',
            type: 'company',
            aliases: ['Acme'],
            attributes: { url: 'https://acme.example' },
            origin: 'json-ld',
          },
          { ref: '#jane', name: 'Jane Roe', type: 'person', aliases: [], attributes: {}, origin: 'json-ld' },
        ],
        relations: [{ from: '#acme', to: '#jane', label: 'founded_by' }],
      }),
      { recognizer },
    );
    const acme = a.entities.find((e) => e.name === 'Acme Robotics');
    expect(acme?.origin).toBe('both');
    expect(acme?.attributes.url).toBe('https://acme.example');
    expect(acme?.ref).toBe('#acme');
    expect(a.relations).toContainEqual(
      expect.objectContaining({ from: 'Acme Robotics', to: 'Jane Roe', label: 'founded_by', origin: 'structured' }),
    );
  });

  it('a structured name that is a path or a URL is not kept as another name', () => {
    const a = analyzeCapture(
      capture({
        title: 'A column',
        text: 'Hazel Sheffield writes about cities.',
        entities: [
          {
            ref: '#h',
            name: 'Hazel Sheffield',
            type: 'person',
            aliases: ['/author/hazel-sheffield', 'https://example.com/hazel', 'H. Sheffield'],
            attributes: {},
            origin: 'json-ld',
          },
        ],
      }),
      { recognizer },
    );
    expect(a.entities.find((e) => e.name === 'Hazel Sheffield')?.aliases).toEqual(['H. Sheffield']);
  });

  it('caps the entity count and is deterministic', () => {
    const many = Array.from({ length: 60 }, (_, i) => `Company${String.fromCharCode(65 + (i % 26))}${i} Inc said hello.`).join('\n');
    const first = analyzeCapture(capture({ title: 't', text: many }), { recognizer, maxEntities: 10 });
    const second = analyzeCapture(capture({ title: 't', text: many }), { recognizer, maxEntities: 10 });
    expect(first.entities.length).toBe(10);
    expect(first.entities).toEqual(second.entities);
    expect(first.notes.some((n) => n.includes('most salient'))).toBe(true);
  });

  it('uses the graph as a gazetteer', () => {
    const gazetteer = { lookup: (s: string) => (s === 'zetaflux' ? ('technology' as const) : undefined) };
    const a = analyzeCapture(capture({ title: 't', text: 'We rebuilt it on zetaflux. Then zetaflux got faster.' }), {
      recognizer,
      gazetteer,
    });
    expect(a.entities.find((e) => e.name === 'zetaflux')?.type).toBe('technology');
  });
});

describe('analyzeCaptureAsync: sliced, with a time budget', () => {
  // One line per company, ~60k characters: several slices.
  const lines = Array.from({ length: 1_500 }, (_, i) => `Company${String.fromCharCode(65 + (i % 26))}${i} Inc said hello to the market.`);
  const text = lines.join('\n');

  it('gives what the synchronous analysis gives when the budget is not spent, yielding between slices', async () => {
    let yields = 0;
    const sync = analyzeCapture(capture({ title: 'Stripe', text }), { recognizer, timer: () => 0 });
    const sliced = await analyzeCaptureAsync(capture({ title: 'Stripe', text }), {
      recognizer,
      timer: () => 0,
      now: () => 0,
      yieldNow: async () => {
        yields += 1;
      },
    });
    expect(sliced).toEqual(sync);
    expect(yields).toBeGreaterThanOrEqual(Math.ceil(text.length / SLICE_CHARS));
  });

  it('stops when the budget is spent, keeps what it found and says how much it read', async () => {
    // A clock that advances 1 s per reading: the 5 s budget runs out after a few slices.
    let clock = 0;
    const now = () => (clock += 1_000);
    const a = await analyzeCaptureAsync(capture({ title: 't', text }), { recognizer, budgetMs: 5_000, now, yieldNow: async () => {} });
    const note = a.notes.find((n) => n.startsWith('analysis stopped'));
    expect(note).toMatch(/^analysis stopped after 5 s: \d+% of the text read$/);
    const percent = Number(/: (\d+)%/.exec(note ?? '')?.[1]);
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    // Found so far: names from the first lines, none from the last.
    expect(a.entities.length).toBeGreaterThan(0);
    expect(a.entities.some((e) => e.name.includes('1499'))).toBe(false);
  });

  it('keeps its budget note even when the page sends twenty notes of its own', async () => {
    const notes = Array.from({ length: 20 }, (_, i) => `page note ${i}`);
    const a = await analyzeCaptureAsync(capture({ title: 't', text, notes }), { recognizer, budgetMs: 0, yieldNow: async () => {} });
    expect(a.notes).toHaveLength(20);
    expect(a.notes.at(-1)).toMatch(/^analysis stopped after 0 ms: 0% of the text read$/);
    expect(a.entities).toEqual([]);
  });

  it('folds white space the content script did not (the background does not trust it)', () => {
    const a = analyzeCapture(
      capture({
        title: 't',
        text: 'Patrick\u202fCollison founded Stripe in\u2028San\u205fFrancisco.\nCollison is\u202f\u202fthe CEO of Stripe.',
      }),
      { recognizer },
    );
    expect(a.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Patrick Collison', 'Stripe', 'San Francisco']));
  });
});

describe('sliceText', () => {
  it('cuts at line breaks in the second half of a slice, else at spaces, and covers the text', () => {
    expect(sliceText('ab\ncd', 4)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 5 },
    ]);
    expect(sliceText('abc def ghi', 6)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 11 },
    ]);
    expect(sliceText('abcdefgh', 3)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 6 },
      { start: 6, end: 8 },
    ]);
    // Never between the halves of a surrogate pair.
    expect(sliceText('ab\u{1F600}c', 3)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 5 },
    ]);
    expect(sliceText('', 10)).toEqual([]);
  });

  it('an untyped ("other") mention counts for a name typed elsewhere on the page, and never stands alone', () => {
    const text = 'Zorblax shipped a new build. Engineers at Zorblax said the build is faster. Quintessa was also there.';
    const fake = {
      name: 'fake',
      recognize: (t: string) => [
        { text: 'Zorblax', type: 'company' as const, start: t.indexOf('Zorblax'), end: t.indexOf('Zorblax') + 7, score: 0.5 },
        { text: 'Zorblax', type: 'other' as const, start: t.lastIndexOf('Zorblax'), end: t.lastIndexOf('Zorblax') + 7, score: 0.5 },
        { text: 'Quintessa', type: 'other' as const, start: t.indexOf('Quintessa'), end: t.indexOf('Quintessa') + 9, score: 0.9 },
      ],
    };
    const a = analyzeCapture(capture({ title: 'News', text }), { recognizer: fake });
    // Once typed at 0.5, it would fall under the single-mention threshold; the untyped mention makes two.
    expect(a.entities.map((e) => [e.name, e.type, e.mentions])).toEqual([['Zorblax', 'company', 2]]);
  });

  /** A stand-in recognizer: each surface at every occurrence, with its type and score. */
  function fixed(found: ReadonlyArray<readonly [string, 'company' | 'person' | 'other' | 'product', number]>) {
    return {
      name: 'fixed',
      recognize: (t: string) =>
        found
          .flatMap(([surface, type, score]) => {
            const out = [];
            for (let at = t.indexOf(surface); at >= 0; at = t.indexOf(surface, at + surface.length))
              out.push({ text: surface, type, start: at, end: at + surface.length, score });
            return out;
          })
          .sort((a, b) => a.start - b.start),
    };
  }

  it('a once-mentioned name of proper-name shape is kept from a lower score, a capitalized phrase is not', () => {
    const text = 'The fund also backed Quokkapay and said it would help Small Business owners across the region this year.';
    const a = analyzeCapture(capture({ title: 'News', text }), {
      recognizer: fixed([
        ['Quokkapay', 'company', 0.55],
        ['Small Business', 'company', 0.55],
      ]),
    });
    expect(a.entities.map((e) => e.name)).toEqual(['Quokkapay']);
  });

  it('an untyped name the page repeats is kept when shaped like a name (a model number makes it a product), a nationality is not', () => {
    const text =
      'The ZX4810Q board costs less than the old one. We flashed the ZX4810Q twice and it worked. ' +
      'South Korean engineers tested it, and South Korean buyers liked it. The American press wrote about it, and the American buyers too.';
    const a = analyzeCapture(capture({ title: 'Review', text }), {
      recognizer: fixed([
        ['ZX4810Q', 'other', 0.8],
        ['South Korean', 'other', 0.9],
        ['American', 'other', 0.9],
      ]),
    });
    expect(a.entities.map((e) => [e.name, e.type, e.mentions])).toEqual([['ZX4810Q', 'product', 2]]);
  });

  it('a page signed by an organization (a meta author the text only names as a company) is that company, not a person', () => {
    const text = 'Quokkapay launched a new card today. Quokkapay said the card works in Lagos. Engineers at Quokkapay built it.';
    const author = {
      ref: 'meta:author:0',
      name: 'Quokkapay',
      type: 'person' as const,
      aliases: [],
      attributes: {},
      origin: 'meta' as const,
    };
    const a = analyzeCapture(capture({ title: 'News', text, entities: [author] }), {
      recognizer: fixed([['Quokkapay', 'company', 0.9]]),
    });
    expect(a.entities.find((e) => e.name === 'Quokkapay')?.type).toBe('company');
    // Control: a person the text also calls a person stays one.
    const jane = { ...author, name: 'Jane Roe' };
    const b = analyzeCapture(capture({ title: 'News', text: 'Jane Roe wrote this. Jane Roe lives in Lagos.', entities: [jane] }), {
      recognizer: fixed([['Jane Roe', 'person', 0.9]]),
    });
    expect(b.entities.find((e) => e.name === 'Jane Roe')?.type).toBe('person');
  });

  it('an institution named with "of" and "and" is kept up to nine words, a longer run of capitals is not', () => {
    const name = 'National Institute of Weights and Measures';
    const text = `The rules come from the US ${name} this year, and the agency said so.`;
    const a = analyzeCapture(capture({ title: 'News', text }), { recognizer: fixed([[`US ${name}`, 'company', 0.8]]) });
    expect(a.entities.map((e) => e.name)).toEqual([`US ${name}`]);
    const run = 'Read The Best New Quokka Gadgets Of The Whole Year Here';
    const b = analyzeCapture(capture({ title: 'News', text: `${run} and more news this year from the team.` }), {
      recognizer: fixed([[run, 'company', 0.8]]),
    });
    expect(b.entities).toEqual([]);
  });
});

describe('the keep stage', () => {
  const text = [
    'Quillfeather Labs builds a new CPU for small drones, and its SDK is open.',
    'Marta Velasquez, who runs Quillfeather Labs, said the CPUs ship in May.',
    'Quillfeather Labs sells the chip to VCs and to Northwind Traders.',
  ].join(' ');

  it('never keeps a generic term in capitals, alone or plural, and keeps the names around it', () => {
    const names = analyzeCapture(capture({ text }), { recognizer: createPageRecognizer() }).entities.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Quillfeather Labs', 'Marta Velasquez']));
    for (const generic of ['CPU', 'CPUs', 'SDK', 'VCs']) expect(names).not.toContain(generic);
  });

  it('shows every candidate it judged to an observer, and keeps them all when switched off', () => {
    let seen: readonly { name: string; kept: boolean; features: readonly number[] }[] = [];
    const off = analyzeCapture(capture({ text }), {
      recognizer: createPageRecognizer(),
      keepModel: null,
      observeCandidates: (c) => (seen = c),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((c) => c.kept && c.features.length > 0)).toBe(true);
    const dropAll = { features: [], weights: [], threshold: 0.9 };
    const none = analyzeCapture(capture({ text }), { recognizer: createPageRecognizer(), keepModel: dropAll });
    // A model that keeps nothing leaves only what structured data gives (nothing here).
    expect(none.entities).toEqual([]);
    expect(off.entities.length).toBeGreaterThan(0);
  });
});
