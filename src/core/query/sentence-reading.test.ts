// Answers read from stored page sentences: quoted, cited, low
// confidence, said to be read; never when the graph has the relation, never without a
// trigger word or an entity of the expected type, and not with reading turned off.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import { answerQuestion, createQueryEngine } from './entity-query';
import type { EntityType } from '../graph/types';
import { parseQuestion } from './question';
import { readFromSentences, readingSpec, tightBetween } from './sentence-reading';

const URL = 'https://example.com/agari';
const TITLE = 'Agari raises $22M';

async function world(sentences: readonly string[], readSentences = true) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const agari = await graph.createEntity({ name: 'Agari', type: 'company' });
  const patrick = await graph.createEntity({ name: 'Patrick Peterson', type: 'person' });
  const boston = await graph.createEntity({ name: 'Boston', type: 'location' });
  const cisco = await graph.createEntity({ name: 'Cisco', type: 'company' });
  await graph.recordPage({ url: URL, title: TITLE, entityIds: [agari.id, patrick.id, boston.id, cisco.id], sentences });
  const engine = createQueryEngine({ store, clock, readSentences });
  return { graph, store, ids: { agari: agari.id, patrick: patrick.id }, ask: async (q: string) => answerQuestion(q, { engine, store }) };
}

describe('answers read from stored sentences', () => {
  it('quotes the sentence, cites its page, at low confidence, and says it read it', async () => {
    const { ask } = await world(['Agari fights phishing.', 'Agari, led by CEO Patrick Peterson, raised $22 million.']);
    const r = await ask('Who is the CEO of Agari?');
    expect(r.answer).toContain(
      'I have no stored fact, but "Agari raises $22M" says: “Agari, led by CEO Patrick Peterson, raised $22 million.” (it names Patrick Peterson)',
    );
    expect(r.answer).toContain('read from the page, not a fact in your graph');
    expect(r.confidence).toBe('low');
    expect(r.sources.flatMap((s) => s.pages.map((p) => p.url))).toContain(URL);
  });

  it('reads where an organization is and who a person works for', async () => {
    const { ask } = await world(['Agari is headquartered in Boston.', 'Patrick Peterson is a vice president at Cisco.']);
    expect((await ask('Where is Agari located?')).answer).toContain('it names Boston');
    expect((await ask('Who does Patrick Peterson work for?')).answer).toContain('it names Cisco');
  });

  it('reads a place or a job from the phrase right between the names', async () => {
    const { ask } = await world([
      'Gunmen attacked the famed Agari Museum. Agari in Boston reopened.',
      'said Patrick Peterson, a research astronomer at Cisco, in an email.',
    ]);
    expect((await ask('Where is Agari located?')).answer).toContain('it names Boston');
    expect((await ask('Who does Patrick Peterson work for?')).answer).toContain('it names Cisco');
  });

  it('reads no job from a clause and no place from a farther "in"', async () => {
    const { ask } = await world(['Patrick Peterson, who spoke at Cisco, left.', 'Agari met Cisco staff in Boston.']);
    expect((await ask('Who does Patrick Peterson work for?')).answer).not.toContain('it names Cisco');
    expect((await ask('Where is Agari located?')).answer).not.toContain('it names Boston');
  });

  it('reads no relation a negation denies, and several founders', async () => {
    const denied = await world([
      'Agari is not headquartered in Boston, its chief said.',
      'Agari has said its assets were acquired by Cisco and it will no longer sell.',
    ]);
    expect((await denied.ask('Where is Agari located?')).answer).not.toContain('it names Boston');
    // A negation of another clause, past both names, denies nothing of theirs.
    expect((await denied.ask('What did Cisco acquire?')).answer).toContain('it names Agari');
    const { graph, store, ids } = denied;
    const ada = await graph.createEntity({ name: 'Ada Quinn', type: 'person' });
    await graph.recordPage({
      url: 'https://example.com/founders',
      title: 'Founders',
      entityIds: [ids.agari, ids.patrick, ada.id],
      sentences: ['Patrick Peterson co-founded Agari in 2009.', 'Ada Quinn, who co-founded Agari, left.'],
    });
    const engine = createQueryEngine({ store, clock: fixedClock(), readSentences: true });
    const founders = (await answerQuestion('Who founded Agari?', { engine, store })).answer;
    expect(founders).toContain('it names Patrick Peterson');
    expect(founders).toContain('it names Ada Quinn');
  });

  it('needs a trigger word and an entity of the expected type', async () => {
    const { ask } = await world(['Agari and Patrick Peterson were both at the show in Boston.']);
    const r = await ask('Who is the CEO of Agari?');
    expect(r.answer).not.toContain('Patrick Peterson');
    expect((await ask('Where is Agari located?')).answer).not.toContain('Boston');
  });

  it('answers from the graph when it has the relation, and not from sentences with reading off', async () => {
    const sentences = ['Agari, led by CEO Patrick Peterson, raised $22 million.'];
    const off = await world(sentences, false);
    expect((await off.ask('Who is the CEO of Agari?')).answer).not.toContain('Patrick Peterson');
    const on = await world(sentences);
    await on.graph.relate(on.ids.patrick, 'ceo_of', on.ids.agari);
    const r = await on.ask('Who is the CEO of Agari?');
    expect(r.answer).not.toContain('I have no stored fact');
    expect(r.answer).toContain('Patrick Peterson');
  });
});

describe('readingSpec and readFromSentences', () => {
  it('has specs for typed questions only', () => {
    expect(readingSpec(parseQuestion('What did Agari acquire?'))).toBeDefined();
    expect(readingSpec(parseQuestion('What do we know about Agari?'))).toBeUndefined();
  });

  it('prefers the candidate nearest the trigger', () => {
    const reading = readingSpec(parseQuestion('Who founded Acme?'));
    if (reading === undefined) throw new Error('no spec');
    const ids = sequentialIds();
    const about = ids.entity();
    const other = ids.entity();
    const read = readFromSentences(
      [
        {
          pageUrl: URL,
          pageTitle: TITLE,
          text: 'Ada Lovelace said that Acme was founded by Grace Hopper.',
          names: [
            { id: about, name: 'Acme', type: 'company' },
            { id: other, name: 'Ada Lovelace', type: 'person' },
            { id: other, name: 'Grace Hopper', type: 'person' },
          ],
        },
      ],
      about,
      ['Acme'],
      reading,
    );
    expect(read.map((r) => r.answer.name)).toEqual(['Grace Hopper']);
  });
});

describe('tightBetween', () => {
  it('reads places and jobs by the words between the names', () => {
    expect(tightBetween('place', ['in'], true)).toBe(true);
    expect(tightBetween('place', ['based'], false)).toBe(true);
    expect(tightBetween('place', ['opened', 'in'], true)).toBe(false);
    expect(tightBetween('job', [',', 'now', 'a', 'physical', 'oceanographer', 'at'], true)).toBe(true);
    expect(tightBetween('job', [',', 'who', 'spoke', 'at'], true)).toBe(false);
    expect(tightBetween('job', [',', 'at'], true)).toBe(false);
    // "Ada Quinn of the Fabrikam Institute", "Ada Quinn, co-director of Fabrikam": the organization a title is held at.
    expect(tightBetween('job', ['of', 'the'], true)).toBe(true);
    expect(tightBetween('job', [',', 'co', '-', 'director', 'of'], true)).toBe(true);
    expect(tightBetween('job', [',', 'a', 'critic', 'of'], true)).toBe(false);
    expect(tightBetween('job', ['press', 'secretary'], false)).toBe(true);
    expect(tightBetween('job', ['told', 'reporters'], false)).toBe(false);
    expect(tightBetween('maker', ['s', 'mainstream'], true)).toBe(true);
    expect(tightBetween('maker', ['s', 'new', 'low', 'cost'], true)).toBe(false);
  });
});

// Answering-side misses of the page gold (eval:qa --misses) whose fact was in a stored sentence.
describe('reading what the page gold missed', () => {
  async function page(names: ReadonlyArray<[string, EntityType]>, sentences: readonly string[]) {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const ids = [];
    for (const [name, type] of names) ids.push((await graph.createEntity({ name, type })).id);
    await graph.recordPage({ url: URL, title: TITLE, entityIds: ids, sentences });
    const engine = createQueryEngine({ store, clock: fixedClock() });
    return async (q: string) => (await answerQuestion(q, { engine, store })).answer;
  }

  // [what it guards, the page's entities, its sentence, the question, what the answer names]
  const READS: ReadonlyArray<readonly [string, ReadonlyArray<[string, EntityType]>, string, string, string]> = [
    [
      'people named by surname alone',
      [
        ['Arduino', 'company'],
        ['Massimo Banzi', 'person'],
        ['David Cuartielles', 'person'],
      ],
      'Arduino LLC was incorporated in 2008 by Banzi, Cuartielles, and others.',
      'Who founded Arduino?',
      '(it names Massimo Banzi and David Cuartielles)',
    ],
    [
      'a job given to a person named by surname',
      [
        ['Olga Kay', 'person'],
        ['Ringling Brothers', 'company'],
      ],
      'Years later, Kay, a juggler at Ringling Brothers, moved to Los Angeles.',
      'Who does Olga Kay work for?',
      'it names Ringling Brothers',
    ],
    [
      'a job before an article and a name holding a comma',
      [
        ['Sarah Gille', 'person'],
        ['University of California, San Diego', 'company'],
      ],
      'It turned out that Sarah Gille, now a physical oceanographer at the University of California, San Diego, was their daughter.',
      'Who does Sarah Gille work for?',
      'it names University of California, San Diego',
    ],
    [
      "a maker's possessive before its product, typed loosely and followed by a product noun",
      [
        ['Fabrikam', 'company'],
        ['Zephyr', 'company'],
        ['Contoso', 'company'],
      ],
      "Contoso's chips beat Fabrikam's mainstream Zephyr processors in the test.",
      'What does Fabrikam develop?',
      'it names Zephyr',
    ],
    [
      'an employer named before the title and the person',
      [
        ['Ada Quinn', 'person'],
        ['Harbor House', 'location'],
        ['Blue Jet', 'product'],
      ],
      'Harbor House press secretary Ada Quinn told reporters aboard Blue Jet that talks went well.',
      'Who does Ada Quinn work for?',
      'it names Harbor House',
    ],
    [
      'a title of an organization named right before the person',
      [
        ['Ada Quinn', 'person'],
        ['Northwind Institute of Maps', 'company'],
        ['AI', 'other'],
      ],
      '"We need trustworthy AI," said the director of the Northwind Institute of Maps, Ada Quinn, on Friday.',
      'Who does Ada Quinn work for?',
      'it names Northwind Institute of Maps',
    ],
    [
      'the longer name, not a name inside it',
      [
        ['Kestrel Mobility', 'company'],
        ['Kestrel', 'company'],
        ['Kestrel Group', 'company'],
      ],
      'Kestrel Mobility is a subsidiary of Kestrel Group.',
      'Who owns Kestrel Mobility?',
      'it names Kestrel Group',
    ],
    [
      'the part of a semicolon list about the person asked',
      [
        ['Ada', 'person'],
        ['Initech', 'company'],
        ['Acme', 'company'],
      ],
      'From left: Bo Lind, a partner at Initech; Director Ada Quinn-Lovelace of the Acme Fund.',
      'Who does Ada work for?',
      'it names Acme',
    ],
    [
      'the organization a job\'s organization has ("co-director of MIT’s Lorenz Center")',
      [
        ['Dan Roth', 'person'],
        ['MIT', 'company'],
        ['Lorenz Center', 'company'],
      ],
      'In 2017 the geophysicist Dan Roth, co-director of MIT’s Lorenz Center, was preparing a talk.',
      'Who does Dan Roth work for?',
      'it names Lorenz Center',
    ],
    [
      'an owner by its possessive before the organization asked about',
      [
        ['Lorenz Lab', 'company'],
        ['MIT', 'company'],
        ['Ada Quinn', 'person'],
      ],
      'Ada Quinn, co-director of MIT’s Lorenz Lab, spoke first.',
      'Who owns Lorenz Lab?',
      'it names MIT',
    ],
    [
      'what a thing features as what it uses',
      [
        ['Zen', 'technology'],
        ['SME', 'technology'],
        ['SEV', 'technology'],
      ],
      'The Zen microarchitecture features two technologies: SME and SEV.',
      'What does Zen use?',
      'it names SME and SEV',
    ],
    [
      'a place by its possessive before the entity asked about ("Tunisia’s Bardo Museum")',
      [
        ['Bardo Museum', 'company'],
        ['Tunisia', 'location'],
      ],
      'Tunisia’s Bardo Museum is home to Roman treasures.',
      'Where is Bardo Museum located?',
      'it names Tunisia',
    ],
    [
      'what is adopted at an organization as what it uses',
      [
        ['Segment', 'company'],
        ['nsq.js', 'technology'],
      ],
      'Thanks to Ada for creating nsq.js and helping drive its adoption at Segment.',
      'What does Segment use?',
      'it names nsq.js',
    ],
    [
      'a thing by its maker ("the bzdiff algorithm (by Colin Park)")',
      [
        ['Colin Park', 'person'],
        ['bzdiff', 'technology'],
      ],
      'Earlier this year we started using the bzdiff algorithm (by Colin Park).',
      'What does Colin Park develop?',
      'it names bzdiff',
    ],
  ];
  for (const [guards, names, sentence, question, named] of READS) {
    it(`reads ${guards}`, async () => {
      const ask = await page(names, [sentence]);
      expect(await ask(question)).toContain(named);
    });
  }

  it('falls back to an organization typed as a person, only when no entity of the expected type answers', async () => {
    const ask = await page(
      [
        ['Patrick McHugh', 'person'],
        ['Con Edison', 'person'],
      ],
      ['“It is not safe,” said Patrick McHugh, vice president of engineering for Con Edison, which maintains the cables.'],
    );
    expect(await ask('Who does Patrick McHugh work for?')).toContain('it names Con Edison');
    const typed = await page(
      [
        ['Patrick McHugh', 'person'],
        ['Con Edison', 'person'],
        ['Northwind', 'company'],
      ],
      ['Patrick McHugh, vice president of engineering for Con Edison, spoke.', 'Patrick McHugh works at Northwind.'],
    );
    const answer = await typed('Who does Patrick McHugh work for?');
    expect(answer).toContain('it names Northwind');
    expect(answer).not.toContain('it names Con Edison');
  });

  it('takes no answer from inside the asked name ("PRO" of "Ryzen PRO")', async () => {
    const ask = await page(
      [
        ['Ryzen PRO', 'product'],
        ['PRO', 'technology'],
        ['DASH', 'technology'],
      ],
      ['AMD plans to ship Ryzen PRO using new fabs.', 'First off, the Ryzen PRO platforms support the DASH management protocol.'],
    );
    const answer = await ask('What does Ryzen PRO use?');
    expect(answer).toContain('it names DASH');
    expect(answer).not.toContain('it names PRO');
  });

  it('reads no employer from a former title, and no place typed name without a title', async () => {
    const former = await page(
      [
        ['Ada Quinn', 'person'],
        ['Harbor House', 'location'],
      ],
      ['Former Harbor House spokesperson Ada Quinn joined the board.'],
    );
    expect(await former('Who does Ada Quinn work for?')).not.toContain('it names Harbor House');
    const untitled = await page(
      [
        ['Ada Quinn', 'person'],
        ['Lisbon', 'location'],
      ],
      ['Ada Quinn, one of the loudest voices on Lisbon, spoke.'],
    );
    expect(await untitled('Who does Ada Quinn work for?')).not.toContain('it names Lisbon');
  });

  it('finds a candidate by an alias the sentence uses, never a name that is only an article', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const acme = await graph.createEntity({ name: 'Acme Systems', type: 'company', aliases: ['Acme'] });
    const ada = await graph.createEntity({ name: 'Ada Quinn', type: 'person' });
    const the = await graph.createEntity({ name: 'The', type: 'company' });
    await graph.recordPage({
      url: URL,
      title: TITLE,
      entityIds: [acme.id, ada.id, the.id],
      sentences: ['The board hired Ada Quinn as a director at Acme.'],
    });
    const engine = createQueryEngine({ store, clock: fixedClock() });
    const answer = (await answerQuestion('Who does Ada Quinn work for?', { engine, store })).answer;
    expect(answer).toContain('it names Acme Systems');
    expect(answer).not.toContain('it names The');
  });

  it('says what it does not know in a grammatical sentence', async () => {
    const ask = await page([['Olga Kay', 'person']], []);
    expect(await ask('Who does Olga Kay work for?')).toMatch(/^Your graph does not say what Olga Kay works for\./);
    expect(await ask('Who owns Olga Kay?')).toMatch(/^Your graph has no entities that own Olga Kay\./);
  });

  it('reads a sentence that goes on about the entity the one before opens with, and says whom it is about', async () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Kestrel Mobility', 'company'],
      ['Kestrel Group', 'company'],
      ['Rova', 'product'],
    ];
    const ask = await page(names, [
      'Kestrel Mobility is a subsidiary of Kestrel Group.',
      'It offers Rova, a robot that carries groceries.',
    ]);
    const answer = await ask('What does Kestrel Mobility develop?');
    expect(answer).toContain('says of Kestrel Mobility: “It offers Rova, a robot that carries groceries.” (it names Rova)');
    // The sentence before opens with another entity: "it" is that one, not Kestrel Mobility.
    const other = await page(names, ['Kestrel Group owns Kestrel Mobility.', 'It offers Rova, a robot that carries groceries.']);
    expect(await other('What does Kestrel Mobility develop?')).not.toContain('Rova');
    // Only the sentence right after: one further on may be about anything.
    const far = await page(names, ['Kestrel Mobility is a subsidiary of Kestrel Group.', 'Prices rose.', 'It offers Rova.']);
    expect(await far('What does Kestrel Mobility develop?')).not.toContain('Rova');
  });

  it('adds what the pages state beyond the stored facts of a question with several answers, after the facts', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const fabrikam = await graph.createEntity({ name: 'Fabrikam', type: 'company' });
    const zephyr = await graph.createEntity({ name: 'Zephyr', type: 'product' });
    const stretchy = await graph.createEntity({ name: 'Stretchy', type: 'product' });
    await graph.relate(fabrikam.id, 'develops', zephyr.id);
    await graph.recordPage({
      url: URL,
      title: TITLE,
      entityIds: [fabrikam.id, zephyr.id, stretchy.id],
      sentences: ['Fabrikam makes Zephyr.', 'Fabrikam also offers Stretchy, a warehouse robot.'],
    });
    const engine = createQueryEngine({ store, clock: fixedClock() });
    const develops = await answerQuestion('What does Fabrikam develop?', { engine, store });
    expect(develops.answer).toMatch(
      /^Fabrikam develops Zephyr\. Read from your pages, not stored facts: "Agari raises \$22M" says: “Fabrikam also offers Stretchy, a warehouse robot\.” \(it names Stretchy\)\. In all, 2 products: Zephyr and Stretchy\.$/,
    );
    // One value is read, not stored: the answer is not rated high.
    expect(develops.confidence).toBe('medium');
    // A stored fact is not read again.
    expect(develops.answer).not.toContain('(it names Zephyr)');
  });

  it('reads no trigger word inside a name ("GPS-enabled")', async () => {
    const ask = await page(
      [
        ['Orb', 'product'],
        ['GPS-enabled', 'product'],
      ],
      ['In that sense, Orb is almost like a GPS-enabled watch.'],
    );
    expect(await ask('What does Orb use?')).not.toContain('GPS-enabled');
  });

  it('reads no use the customers of the entity asked about make', async () => {
    const ask = await page(
      [
        ['Acme', 'company'],
        ['Initech', 'company'],
        ['Hooli', 'company'],
      ],
      ["Acme's customers, including Initech and Hooli, are using the new data."],
    );
    expect(await ask('What does Acme use?')).not.toContain('Initech');
  });

  it('reads the sentences of a shorter name of two words the graph keeps apart, not of one word', async () => {
    const ask = await page(
      [
        ['Whole Harvest Market', 'company'],
        ['Whole Harvest', 'person'],
        ['Ada Quinn', 'person'],
      ],
      ['Whole Harvest co-founder and CEO Ada Quinn said prices fell.'],
    );
    expect(await ask('Who founded Whole Harvest Market?')).toContain('it names Ada Quinn');
    const parent = await page(
      [
        ['Kestrel Mobility', 'company'],
        ['Kestrel', 'company'],
        ['Ada Quinn', 'person'],
      ],
      ['Kestrel co-founder Ada Quinn said prices fell.'],
    );
    expect(await parent('Who founded Kestrel Mobility?')).not.toContain('Ada Quinn');
  });

  it('reads a name no entity has in the newest pages, says so, and never with reading off', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const ada = await graph.createEntity({ name: 'Ada Quinn', type: 'person' });
    await graph.recordPage({ url: URL, title: TITLE, entityIds: [ada.id], sentences: ['Propel(x) was founded by Ada Quinn in 2013.'] });
    const ask = async (q: string, readSentences = true) =>
      (await answerQuestion(q, { engine: createQueryEngine({ store, clock: fixedClock(), readSentences }), store })).answer;
    expect(await ask('Who founded Propel(x)?')).toBe(
      'I have no stored fact and no entity named "Propel(x)", but "Agari raises $22M" says: “Propel(x) was founded by Ada Quinn in 2013.” (it names Ada Quinn). This was read from the page, not a fact in your graph.',
    );
    expect(await ask('Who founded Propel(x)?', false)).toMatch(/^I have nothing about "Propel\(x\)" in your graph yet/);
    // A name no sentence holds, or a sentence without the trigger: nothing read.
    expect(await ask('Who founded Kestrel?')).toMatch(/^I have nothing about "Kestrel"/);
    expect(await ask('Where is Propel(x) located?')).toMatch(/^I have nothing about "Propel\(x\)"/);
  });

  it('reads "he" or "she" opening a sentence as the person the sentence before opens with', async () => {
    const names: ReadonlyArray<[string, EntityType]> = [
      ['Ada Quinn', 'person'],
      ['Kestrel', 'company'],
      ['Initech', 'company'],
    ];
    const ask = await page(names, ['Ada Quinn grew up in Lagos.', 'In 2014, she co-founded Kestrel, a payments firm.']);
    expect(await ask('Who founded Kestrel?')).toContain('(it names Ada Quinn)');
    const company = await page(names, ['Initech hired Ada Quinn.', 'In 2014, she co-founded Kestrel, a payments firm.']);
    expect(await company('Who founded Kestrel?')).not.toContain('Ada Quinn');
  });

  it('reads starting a company as founding it, for a name no entity has too', async () => {
    const ask = await page([['Ada Quinn', 'person']], ['Two years later, Ada Quinn moved on to start Kestrel Pay, a payments firm.']);
    expect(await ask('Who founded Kestrel Pay?')).toContain('no entity named "Kestrel Pay", but');
    expect(await ask('Who founded Kestrel Pay?')).toContain('(it names Ada Quinn)');
  });

  it('reads no name inside a dotted word ("NSQ" in "nsq.js")', async () => {
    const ask = await page(
      [
        ['Segment', 'company'],
        ['NSQ', 'technology'],
      ],
      ['Thanks to Ada for creating nsq.js and helping drive its adoption at Segment.'],
    );
    expect(await ask('What does Segment develop?')).not.toContain('it names NSQ');
  });

  it('adds a place a tight phrase gives beyond the stored one, and reads no place of a list that goes on', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const acme = await graph.createEntity({ name: 'Acme', type: 'company' });
    const valley = await graph.createEntity({ name: 'Silicon Valley', type: 'location' });
    const palo = await graph.createEntity({ name: 'Palo Alto', type: 'location' });
    const ny = await graph.createEntity({ name: 'New York', type: 'location' });
    const initech = await graph.createEntity({ name: 'Initech', type: 'company' });
    await graph.relate(acme.id, 'located_in', valley.id);
    await graph.recordPage({
      url: URL,
      title: TITLE,
      entityIds: [acme.id, valley.id, palo.id, ny.id, initech.id],
      sentences: ['Palo Alto-based Acme raised money.', 'Only two firms: Acme, New York and Los Angeles-based Initech.'],
    });
    const engine = createQueryEngine({ store, clock: fixedClock() });
    const answer = (await answerQuestion('Where is Acme located?', { engine, store })).answer;
    expect(answer).toMatch(/^Acme is located in Silicon Valley\. Read from your pages, not stored facts: .*\(it names Palo Alto\)/);
    expect(answer).not.toContain('New York');
  });

  it('reads "The organization" going on about the entity the sentence before names first', async () => {
    const ask = await page(
      [
        ['Kestrel Fund', 'company'],
        ['Rova', 'company'],
      ],
      [
        'The same is true for Kestrel Fund, which backs young firms.',
        'The organization, which took part in a funding round in Rova, was launched in 2015.',
      ],
    );
    const answer = await ask('What did Kestrel Fund invest in?');
    expect(answer).toContain('says of Kestrel Fund: “The organization, which');
    expect(answer).toContain('(it names Rova)');
  });
});
