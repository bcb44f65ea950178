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
import { parseAnswerReadersOff, readFromSentences, readingSpec, switchedSpec, tightBetween } from './sentence-reading';

const URL = 'https://example.com/velora';
const TITLE = 'Velora raises $9M';

async function world(sentences: readonly string[], readSentences = true) {
  const store = new InMemoryGraphStore();
  const clock = fixedClock();
  const graph = new GraphService({ store, ids: sequentialIds(), clock });
  const velora = await graph.createEntity({ name: 'Velora', type: 'company' });
  const tomas = await graph.createEntity({ name: 'Tomas Ferreira', type: 'person' });
  const boston = await graph.createEntity({ name: 'Tartu', type: 'location' });
  const pallwick = await graph.createEntity({ name: 'Pallwick', type: 'company' });
  await graph.recordPage({ url: URL, title: TITLE, entityIds: [velora.id, tomas.id, boston.id, pallwick.id], sentences });
  const engine = createQueryEngine({ store, clock, readSentences });
  return { graph, store, ids: { velora: velora.id, tomas: tomas.id }, ask: async (q: string) => answerQuestion(q, { engine, store }) };
}

describe('answers read from stored sentences', () => {
  it('quotes the sentence, cites its page, at low confidence, and says it read it', async () => {
    const { ask } = await world(['Velora fights phishing.', 'Velora, led by CEO Tomas Ferreira, closed a $9 million round.']);
    const r = await ask('Who is the CEO of Velora?');
    expect(r.answer).toContain(
      'I have no stored fact, but "Velora raises $9M" says: “Velora, led by CEO Tomas Ferreira, closed a $9 million round.” (it names Tomas Ferreira)',
    );
    expect(r.answer).toContain('read from the page, not a fact in your graph');
    expect(r.confidence).toBe('low');
    expect(r.sources.flatMap((s) => s.pages.map((p) => p.url))).toContain(URL);
  });

  it('reads where an organization is and who a person works for', async () => {
    const { ask } = await world(['Velora is headquartered in Tartu.', 'Tomas Ferreira is a vice president at Pallwick.']);
    expect((await ask('Where is Velora located?')).answer).toContain('it names Tartu');
    expect((await ask('Who does Tomas Ferreira work for?')).answer).toContain('it names Pallwick');
  });

  it('reads a place or a job from the phrase right between the names', async () => {
    const { ask } = await world([
      'Crowds visited the old Velora Museum. Velora in Tartu reopened.',
      'said Tomas Ferreira, a research astronomer at Pallwick, in an email.',
    ]);
    expect((await ask('Where is Velora located?')).answer).toContain('it names Tartu');
    expect((await ask('Who does Tomas Ferreira work for?')).answer).toContain('it names Pallwick');
  });

  it('reads no job from a clause and no place from a farther "in"', async () => {
    const { ask } = await world(['Tomas Ferreira, who spoke at Pallwick, left.', 'Velora met Pallwick staff in Tartu.']);
    expect((await ask('Who does Tomas Ferreira work for?')).answer).not.toContain('it names Pallwick');
    expect((await ask('Where is Velora located?')).answer).not.toContain('it names Tartu');
  });

  it('reads no relation a negation denies, and several founders', async () => {
    const denied = await world([
      'Velora is not headquartered in Tartu, its chief said.',
      'Velora has said its assets were acquired by Pallwick and it will not ship again.',
    ]);
    expect((await denied.ask('Where is Velora located?')).answer).not.toContain('it names Tartu');
    // A negation of another clause, past both names, denies nothing of theirs.
    expect((await denied.ask('What did Pallwick acquire?')).answer).toContain('it names Velora');
    const { graph, store, ids } = denied;
    const ada = await graph.createEntity({ name: 'Ada Quinn', type: 'person' });
    await graph.recordPage({
      url: 'https://example.com/founders',
      title: 'Founders',
      entityIds: [ids.velora, ids.tomas, ada.id],
      sentences: ['Tomas Ferreira co-founded Velora in 2009.', 'Ada Quinn, who co-founded Velora, left.'],
    });
    const engine = createQueryEngine({ store, clock: fixedClock(), readSentences: true });
    const founders = (await answerQuestion('Who founded Velora?', { engine, store })).answer;
    expect(founders).toContain('it names Tomas Ferreira');
    expect(founders).toContain('it names Ada Quinn');
  });

  it('needs a trigger word and an entity of the expected type', async () => {
    const { ask } = await world(['Velora and Tomas Ferreira were both at the show in Tartu.']);
    const r = await ask('Who is the CEO of Velora?');
    expect(r.answer).not.toContain('Tomas Ferreira');
    expect((await ask('Where is Velora located?')).answer).not.toContain('Tartu');
  });

  it('answers from the graph when it has the relation, and not from sentences with reading off', async () => {
    const sentences = ['Velora, led by CEO Tomas Ferreira, closed a $9 million round.'];
    const off = await world(sentences, false);
    expect((await off.ask('Who is the CEO of Velora?')).answer).not.toContain('Tomas Ferreira');
    const on = await world(sentences);
    await on.graph.relate(on.ids.tomas, 'ceo_of', on.ids.velora);
    const r = await on.ask('Who is the CEO of Velora?');
    expect(r.answer).not.toContain('I have no stored fact');
    expect(r.answer).toContain('Tomas Ferreira');
  });
});

describe('readingSpec and readFromSentences', () => {
  it('has specs for typed questions only', () => {
    expect(readingSpec(parseQuestion('What did Velora acquire?'))).toBeDefined();
    expect(readingSpec(parseQuestion('What do we know about Velora?'))).toBeUndefined();
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
    expect(tightBetween('job', [',', 'now', 'a', 'marine', 'geologist', 'at'], true)).toBe(true);
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
        ['Brightloom', 'company'],
        ['Chidi Okafor', 'person'],
        ['Elin Lindqvist', 'person'],
      ],
      'Brightloom LLC was incorporated in 2011 by Okafor, Lindqvist, and others.',
      'Who founded Brightloom?',
      '(it names Chidi Okafor and Elin Lindqvist)',
    ],
    [
      'a job given to a person named by surname',
      [
        ['Vera Holm', 'person'],
        ['Harrow Circus', 'company'],
      ],
      'Years later, Holm, a juggler at Harrow Circus, moved to Port Ellery.',
      'Who does Vera Holm work for?',
      'it names Harrow Circus',
    ],
    [
      'a job before an article and a name holding a comma',
      [
        ['Mira Castell', 'person'],
        ['University of Cascadia, Port Ellery', 'company'],
      ],
      'It turned out that Mira Castell, now a marine geologist at the University of Cascadia, Port Ellery, was their niece.',
      'Who does Mira Castell work for?',
      'it names University of Cascadia, Port Ellery',
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
      '"Open AI tools matter," says the director of the Northwind Institute of Maps, Ada Quinn, on Tuesday.',
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
      'an owner by its possessive before the organization asked about',
      [
        ['Halden Lab', 'company'],
        ['Ridgeway', 'company'],
        ['Ada Quinn', 'person'],
      ],
      'Ada Quinn, co-director of Ridgeway’s Halden Lab, spoke first.',
      'Who owns Halden Lab?',
      'it names Ridgeway',
    ],
    [
      'what a thing features as what it uses',
      [
        ['Kestrel', 'technology'],
        ['QSE', 'technology'],
        ['VTX', 'technology'],
      ],
      'The Kestrel core features two technologies: QSE and VTX.',
      'What does Kestrel use?',
      'it names QSE and VTX',
    ],
    [
      'a place by its possessive before the entity asked about ("Freedonia’s Halden Museum")',
      [
        ['Halden Museum', 'company'],
        ['Freedonia', 'location'],
      ],
      'Freedonia’s Halden Museum holds old maps.',
      'Where is Halden Museum located?',
      'it names Freedonia',
    ],
    [
      'what is adopted at an organization as what it uses',
      [
        ['Quokka', 'company'],
        ['kite.js', 'technology'],
      ],
      'Thanks to Ada for writing kite.js and pushing its adoption at Quokka.',
      'What does Quokka use?',
      'it names kite.js',
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
        ['Noor Haddad', 'person'],
        ['Harrow Power', 'person'],
      ],
      ['“It is not ready,” said Noor Haddad, vice president of operations for Harrow Power, which runs the grid.'],
    );
    expect(await ask('Who does Noor Haddad work for?')).toContain('it names Harrow Power');
    const typed = await page(
      [
        ['Noor Haddad', 'person'],
        ['Harrow Power', 'person'],
        ['Northwind', 'company'],
      ],
      ['Noor Haddad, vice president of operations for Harrow Power, spoke.', 'Noor Haddad works at Northwind.'],
    );
    const answer = await typed('Who does Noor Haddad work for?');
    expect(answer).toContain('it names Northwind');
    expect(answer).not.toContain('it names Harrow Power');
  });

  it('takes no answer from inside the asked name ("PRO" of "Vela PRO")', async () => {
    const ask = await page(
      [
        ['Vela PRO', 'product'],
        ['PRO', 'technology'],
        ['KITE', 'technology'],
      ],
      ['Zorblax plans to ship Vela PRO using new fabs.', 'For a start, the Vela PRO boards support the KITE management protocol.'],
    );
    const answer = await ask('What does Vela PRO use?');
    expect(answer).toContain('it names KITE');
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
      /^Fabrikam develops Zephyr\. Read from your pages, not stored facts: "Velora raises \$9M" says: “Fabrikam also offers Stretchy, a warehouse robot\.” \(it names Stretchy\)\. In all, 2 products: Zephyr and Stretchy\.$/,
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
      'I have no stored fact and no entity named "Propel(x)", but "Velora raises $9M" says: “Propel(x) was founded by Ada Quinn in 2013.” (it names Ada Quinn). This was read from the page, not a fact in your graph.',
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

  it('reads no name inside a dotted word ("KITE" in "kite.js")', async () => {
    const ask = await page(
      [
        ['Quokka', 'company'],
        ['KITE', 'technology'],
      ],
      ['Thanks to Ada for creating kite.js and pushing its adoption at Quokka.'],
    );
    expect(await ask('What does Quokka develop?')).not.toContain('it names KITE');
  });

  it('adds a place a tight phrase gives beyond the stored one, and reads no place of a list that goes on', async () => {
    const store = new InMemoryGraphStore();
    const graph = new GraphService({ store, ids: sequentialIds(), clock: fixedClock() });
    const acme = await graph.createEntity({ name: 'Acme', type: 'company' });
    const valley = await graph.createEntity({ name: 'Cascadia', type: 'location' });
    const palo = await graph.createEntity({ name: 'Port Ellery', type: 'location' });
    const ny = await graph.createEntity({ name: 'Tartu', type: 'location' });
    const initech = await graph.createEntity({ name: 'Initech', type: 'company' });
    await graph.relate(acme.id, 'located_in', valley.id);
    await graph.recordPage({
      url: URL,
      title: TITLE,
      entityIds: [acme.id, valley.id, palo.id, ny.id, initech.id],
      sentences: ['Port Ellery-based Acme raised money.', 'Only two firms: Acme, Tartu and Vale City-based Initech.'],
    });
    const engine = createQueryEngine({ store, clock: fixedClock() });
    const answer = (await answerQuestion('Where is Acme located?', { engine, store })).answer;
    expect(answer).toMatch(/^Acme is located in Cascadia\. Read from your pages, not stored facts: .*\(it names Port Ellery\)/);
    expect(answer).not.toContain('Tartu');
  });

  it('reads "The organization" going on about the entity the sentence before names first', async () => {
    const ask = await page(
      [
        ['Kestrel Fund', 'company'],
        ['Rova', 'company'],
      ],
      [
        'The same holds for Kestrel Fund, which backs small labs.',
        'The organization, which joined a funding round in Rova, was set up in 2012.',
      ],
    );
    const answer = await ask('What did Kestrel Fund invest in?');
    expect(answer).toContain('says of Kestrel Fund: “The organization, which');
    expect(answer).toContain('(it names Rova)');
  });
});

describe('the answer readers, each switchable', () => {
  it('reads a tight place phrase only while its reader is on', async () => {
    const { store } = await world(['Tartu-based Velora hired ten engineers.']);
    const clock = fixedClock();
    const ask = async (off: readonly string[]) =>
      (await answerQuestion('Where is Velora?', { engine: createQueryEngine({ store, clock, answerReadersOff: new Set(off) }), store }))
        .answer;
    // The trigger words off in both: "based" is one of them.
    expect(await ask(['answer-trigger-words'])).toContain('Tartu');
    expect(await ask(['answer-trigger-words', 'answer-tight-phrases'])).not.toContain('Tartu');
  });

  it('reads no trigger word with its reader off, and keeps the other readers', () => {
    const spec = readingSpec(parseQuestion('Who founded Velora?'));
    if (spec === undefined) throw new Error('no reading spec');
    const off = switchedSpec(spec, new Set(['answer-trigger-words']));
    expect(off.words.size).toBe(0);
    expect(off.prefixes).toEqual([]);
    expect(off.types).toEqual(spec.types);
    expect(switchedSpec(spec, new Set())).toEqual(spec);
  });

  it('refuses an unknown reader with invalid_arguments', () => {
    expect(parseAnswerReadersOff(' answer-tight-phrases, answer-fallback-types ,')).toEqual([
      'answer-tight-phrases',
      'answer-fallback-types',
    ]);
    expect(() => parseAnswerReadersOff('answer-tight-phrase')).toThrow(expect.objectContaining({ code: 'invalid_arguments' }));
  });
});

describe('a cut list of read answers says so', () => {
  it('gives the first read values and says the pages name more', async () => {
    const store = new InMemoryGraphStore();
    const clock = fixedClock();
    const graph = new GraphService({ store, ids: sequentialIds(), clock });
    const owner = await graph.createEntity({ name: 'Quorvane', type: 'company' });
    const tools = ['Zephlin', 'Marrowkit', 'Tessaloom', 'Quibberly', 'Vantrix', 'Ollowen', 'Brisketta', 'Caldrum', 'Fennimod', 'Lurkwell'];
    const ids = [owner.id];
    for (const t of tools) ids.push((await graph.createEntity({ name: t, type: 'technology' })).id);
    const sentence = `Quorvane uses ${tools.slice(0, -1).join(', ')} and ${tools.at(-1) ?? ''} in its build.`;
    await graph.recordPage({ url: URL, title: TITLE, entityIds: ids, sentences: [sentence] });
    const engine = createQueryEngine({ store, clock });
    const result = await answerQuestion('What does Quorvane use?', { engine, store });
    // The quote names every tool: what the answer gives are its claims.
    const given = (result.claims ?? []).map((c) => c.value);
    expect(given.length).toBeGreaterThan(0);
    expect(given.length).toBeLessThan(tools.length);
    expect(result.answer).toContain(`only the first ${given.length} read are given`);
  });
});
