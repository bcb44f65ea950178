import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { EntityType } from '../../core/graph/types';
import type { EntityRecognizer } from './recognizer';
import { coordinateTypes, fillGaps, isIdentifierShaped, nameShaped, refineMentions, withWebNames } from './web-names';

/** A stand-in model: the given surfaces, at their first occurrences, with the given type and score. */
function m(text: string, surface: string, type: EntityType, score = 0.6, from = 0): Mention {
  const start = text.indexOf(surface, from);
  if (start < 0) throw new Error(`${surface} not in text`);
  return { text: surface, type, start, end: start + surface.length, score };
}

function typed(mentions: readonly Mention[]): string[] {
  return mentions.map((x) => `${x.text}:${x.type}`);
}

describe('web names over the model (page fixtures written for name folding)', () => {
  it('a listed programming language the model missed or called a company is a technology', () => {
    const text = 'The new runtime is built in Rust, and the team said JavaScript support comes later.';
    const out = refineMentions(text, [m(text, 'JavaScript', 'company')]);
    expect(typed(out)).toEqual(['Rust:technology', 'JavaScript:technology']);
    expect(out.every((x) => x.score >= 0.85)).toBe(true);
  });

  it('a listed brand the page uses as a service is a product on every mention ("Yelp reviews")', () => {
    const text = 'Yelp is based in San Francisco. Diners trust Yelp reviews more than ads.';
    const out = refineMentions(text, [m(text, 'Yelp', 'company', 0.9), m(text, 'Yelp', 'company', 0.9, 20)]);
    expect(typed(out).filter((x) => x.startsWith('Yelp'))).toEqual(['Yelp:product', 'Yelp:product']);
  });

  it('"Pebble Core" is a product where the page uses "Pebble" alone as a brand, not a person', () => {
    const text = 'Pebble unveiled two watches. Pebble says the Pebble Core clips to a keychain, and Pebble ships it in May.';
    const model = [
      m(text, 'Pebble', 'company', 0.9),
      m(text, 'Pebble', 'company', 0.9, 10),
      m(text, 'Pebble Core', 'person', 0.5),
      m(text, 'Pebble', 'company', 0.8, 70),
    ];
    expect(typed(refineMentions(text, model))).toContain('Pebble Core:product');
  });

  it('"Dylan" after "Bob Dylan" stays the person, although a programming language has the name', () => {
    const text = 'Bob Dylan played in Newport. Later Dylan went electric.';
    const out = refineMentions(text, [m(text, 'Bob Dylan', 'person', 0.9), m(text, 'Dylan', 'person', 0.9, 20)]);
    expect(typed(out).filter((x) => x.includes('Dylan'))).toEqual(['Bob Dylan:person', 'Dylan:person']);
  });

  it('a capitalized common word at the start of a line is dropped ("Values", "Retrieved")', () => {
    const text = 'Values\nThe values we hold matter to the firm.\nRetrieved 3 May 2021.';
    const out = refineMentions(text, [m(text, 'Values', 'company'), m(text, 'Retrieved', 'company')]);
    expect(out).toEqual([]);
  });

  it('a cue alone finds a name the model missed ("written in Zig")', () => {
    const text = 'The tool is written in Zig and uses the Yosys toolchain.';
    expect(typed(refineMentions(text, []))).toEqual(['Zig:technology', 'Yosys:technology']);
  });

  it('a model number after a brand names a product ("Pebble 2"), an amount does not', () => {
    const text = 'The Pebble 2 costs less. Fitbit 2 million units shipped.';
    const out = refineMentions(text, [m(text, 'Pebble', 'company', 0.9), m(text, 'Fitbit', 'company', 0.9)]);
    expect(typed(out)).toEqual(['Pebble 2:product', 'Fitbit:company']);
  });

  it('one name, one type: a list type holds for every mention of the name', () => {
    const text = 'Kubernetes runs it. We chose Kubernetes for scale.';
    const out = refineMentions(text, [m(text, 'Kubernetes', 'person', 0.4), m(text, 'Kubernetes', 'company', 0.4, 10)]);
    expect(typed(out)).toEqual(['Kubernetes:technology', 'Kubernetes:technology']);
  });

  it('a second recognizer fills only the gaps of the first', () => {
    const text = 'Acme hired Jane Roe in Oslo.';
    const found = [m(text, 'Jane Roe', 'person')];
    const extra = [m(text, 'Acme', 'company'), m(text, 'Jane', 'person'), m(text, 'Oslo', 'location')];
    expect(typed(fillGaps(found, extra))).toEqual(['Acme:company', 'Jane Roe:person', 'Oslo:location']);
    const model: EntityRecognizer = { name: 'stub', recognize: () => found };
    const rules: EntityRecognizer = { name: 'rules', recognize: () => extra };
    expect(
      withWebNames(model, rules)
        .recognize(text)
        .map((x) => x.text),
    ).toContain('Acme');
  });

  it('a listed owner before "’s" and a leading "the" are not part of the name ("Samsung’s Quokka Band", "the Quokka Company")', () => {
    const text = 'Reviewers liked Samsung’s Quokka Band more than anything from the Quokka Company this year.';
    const out = refineMentions(text, [m(text, 'Samsung’s Quokka Band', 'product', 0.8), m(text, 'the Quokka Company', 'company', 0.8)]);
    expect(typed(out)).toEqual(['Samsung:company', 'Quokka Band:product', 'Quokka Company:company']);
    expect(out.map((x) => text.slice(x.start, x.end))).toEqual(['Samsung', 'Quokka Band', 'Quokka Company']);
    // An unlisted owner keeps the whole name ("Jodorowsky’s Dune" is a film).
    const film = 'Critics loved Jodorowsky’s Dune at the festival.';
    expect(typed(refineMentions(film, [m(film, 'Jodorowsky’s Dune', 'other', 0.8)]))).toEqual(['Jodorowsky’s Dune:other']);
  });
  it('splits a name swallowed with its link word ("Fabrikam-owned Contoso Market", "Lisbon-based")', () => {
    const text = 'Shoppers at Fabrikam-owned Contoso Market and the Lisbon-based Northwind Trust agree.';
    const out = refineMentions(text, [
      m(text, 'Fabrikam-owned Contoso Market', 'company', 0.8),
      m(text, 'Lisbon-based', 'other', 0.9),
      m(text, 'Northwind Trust', 'company', 0.8),
    ]);
    expect(typed(out)).toEqual(['Fabrikam:company', 'Contoso Market:company', 'Lisbon:location', 'Northwind Trust:company']);
    expect(out.map((x) => text.slice(x.start, x.end))).toEqual(['Fabrikam', 'Contoso Market', 'Lisbon', 'Northwind Trust']);
  });

  it('a sentence-opening "The" before a name and its link word is not part of the name ("The Tarvale-based")', () => {
    const text = 'The Tarvale-based Northwind Trust grew. The Fabrikam-owned Contoso Market shrank.';
    const out = refineMentions(text, [
      m(text, 'The Tarvale-based Northwind Trust', 'company', 0.8),
      m(text, 'The Fabrikam-owned Contoso Market', 'company', 0.8),
    ]);
    expect(typed(out)).toEqual(['Tarvale:location', 'Northwind Trust:company', 'Fabrikam:company', 'Contoso Market:company']);
    expect(out.map((x) => text.slice(x.start, x.end))).toEqual(['Tarvale', 'Northwind Trust', 'Fabrikam', 'Contoso Market']);
  });

  it('an executive title is cut off the name before it, which is an organization ("Zorbix VP")', () => {
    const text = 'That was the plan, explains Ramzi Kestrel, Zorbix VP of cloud technologies.';
    const out = refineMentions(text, [m(text, 'Ramzi Kestrel', 'person', 0.8), m(text, 'Zorbix VP', 'product', 0.6)]);
    expect(typed(out)).toEqual(['Ramzi Kestrel:person', 'Zorbix:company']);
    expect(out.map((x) => text.slice(x.start, x.end))).toEqual(['Ramzi Kestrel', 'Zorbix']);
  });

  it('reads the place glued to "-based" that no recognizer read ("the Tarvale-based Northwind Trust")', () => {
    const text = 'According to the Tarvale-based Northwind Trust, sales of FPGA-based boards rose.';
    const out = refineMentions(text, [m(text, 'Northwind Trust', 'company', 0.8)]);
    expect(typed(out)).toEqual(['Tarvale:location', 'Northwind Trust:company']);
  });

  it('keeps no common word or unlisted acronym a link word was attached to ("State-owned", "FPGA-based")', () => {
    const text = 'The state said State-owned Contoso Bank lends more. The bank is state property.';
    expect(typed(refineMentions(text, [m(text, 'State-owned Contoso Bank', 'company', 0.8)]))).toEqual(['Contoso Bank:company']);
    const board = 'It has FPGA-based analog inputs on each port.';
    expect(typed(refineMentions(board, [m(board, 'FPGA-based', 'other', 0.8)]))).toEqual([]);
  });

  it('a listed place with a press secretary is an organization on every mention ("White House press secretary")', () => {
    const text = 'In the capital, White House press secretary Dana Roe condemned the attack. She spoke at the White House later.';
    const model = [
      m(text, 'White House', 'location', 0.95),
      m(text, 'Dana Roe', 'person', 0.9),
      m(text, 'White House', 'location', 0.95, 60),
    ];
    expect(typed(refineMentions(text, model))).toEqual(['White House:company', 'Dana Roe:person', 'White House:company']);
    // A place the model read, unlisted, the same way; a person's spokesman stays the person's.
    const unlisted = 'Elm Palace spokesman Dana Roe declined. Senator Obrecht spokesman Lee Park said no.';
    const read = [m(unlisted, 'Elm Palace', 'location', 0.8), m(unlisted, 'Obrecht', 'person', 0.8)];
    expect(typed(refineMentions(unlisted, read))).toEqual(['Elm Palace:company', 'Obrecht:person']);
  });

  it('a rare name the capitals alone made a firm is a product where the page uses it as a service ("my Adsense account")', () => {
    const text = 'Today I keep hundreds of euros in my Zorblix account. It is odd.';
    expect(typed(refineMentions(text, [m(text, 'Zorblix', 'company', 0.5)]))).toEqual(['Zorblix:product']);
    // A sure guess, or a plain word, stays as it was.
    expect(typed(refineMentions(text, [m(text, 'Zorblix', 'company', 0.9)]))).toEqual(['Zorblix:company']);
    const plain = 'Fans filled the Life page with photos.';
    expect(typed(refineMentions(plain, [m(plain, 'Life', 'company', 0.5)]))).not.toContain('Life:product');
  });

  it('a listed brand no recognizer read takes the type of its head word ("App Store": a product)', () => {
    const text = 'The developer pulled the game from the App Store last week.';
    expect(typed(refineMentions(text, []))).toEqual(['App Store:product']);
  });

  it('a law is a work, with the year written after its name ("Fair Pay Act 2019")', () => {
    const text = 'Last month the governor signed the Fair Pay Act 2019 into law.';
    expect(typed(refineMentions(text, [m(text, 'Fair Pay Act', 'company', 0.6)]))).toEqual(['Fair Pay Act 2019:other']);
    // A product's year stays a date ("Pebble 2016" is no model).
    const watch = 'The Kestrel Watch 2016 lineup sold out.';
    expect(typed(refineMentions(watch, [m(watch, 'Kestrel Watch', 'product', 0.9)]))).toEqual(['Kestrel Watch:product']);
  });

  it('a name the model took for a person is a company where only an organization fits ("CEO of X", "X’s customers")', () => {
    const text = 'said Ada Quinn, CEO and co-founder of Kestrel. Kestrel’s customers include banks. Kestrel grew.';
    const model = [
      m(text, 'Ada Quinn', 'person', 0.9),
      m(text, 'Kestrel', 'person', 0.5),
      m(text, 'Kestrel', 'person', 0.5, 40),
      m(text, 'Kestrel', 'person', 0.5, 60),
    ];
    expect(typed(refineMentions(text, model))).toEqual(['Ada Quinn:person', 'Kestrel:company', 'Kestrel:company', 'Kestrel:company']);
    const blog = 'Omar Reyes Co-Founder at Kestrel. At Kestrel, we keep counters.';
    expect(
      typed(
        refineMentions(blog, [
          m(blog, 'Omar Reyes', 'person', 0.9),
          m(blog, 'Kestrel', 'location', 0.6),
          m(blog, 'Kestrel', 'location', 0.6, 30),
        ]),
      ),
    ).toEqual(['Omar Reyes:person', 'Kestrel:company', 'Kestrel:company']);
  });
  it('a camel-case name guessed a company is a technology on a technical page, not elsewhere', () => {
    const tech = 'Pages written in JavaScript call the FetchQueue interface over HTTP.';
    expect(typed(refineMentions(tech, [m(tech, 'FetchQueue', 'company', 0.55)]))).toContain('FetchQueue:technology');
    const news = 'Investors met the founders of FetchQueue in Lagos last week.';
    expect(typed(refineMentions(news, [m(news, 'FetchQueue', 'company', 0.55)]))).toContain('FetchQueue:company');
    // A sure guess stands.
    expect(typed(refineMentions(tech, [m(tech, 'FetchQueue', 'company', 0.9)]))).toContain('FetchQueue:company');
  });
  it('identifier shape: camel case inside one capitalized word', () => {
    expect(isIdentifierShaped('XMLHttpRequest')).toBe(true);
    expect(isIdentifierShaped('WebFinger')).toBe(true);
    expect(isIdentifierShaped('Segment')).toBe(false);
    expect(isIdentifierShaped('iMovie')).toBe(false);
    expect(isIdentifierShaped('Fetch Queue')).toBe(false);
  });
});

describe('span and type repairs on real-page shapes', () => {
  it('a place name cut at its head word is joined ("Ninety Mile" + "Beach", "Sand" + "Hill Road")', () => {
    const beach = 'The pod swam past Ninety Mile Beach on Friday.';
    expect(typed(refineMentions(beach, [m(beach, 'Ninety Mile', 'person', 0.5)]))).toEqual(['Ninety Mile Beach:location']);
    const road = 'The firm moved to an office on Sand Hill Road last year.';
    expect(typed(refineMentions(road, [m(road, 'Hill Road', 'location', 0.6)]))).toEqual(['Sand Hill Road:location']);
    // A sentence's first word is not pulled in.
    const start = 'Hill Road was closed.';
    expect(typed(refineMentions(start, [m(start, 'Hill Road', 'location', 0.6)]))).toEqual(['Hill Road:location']);
  });

  it('a model word the recognizer read as its own name joins the product before it ("Vela 7" + "PRO")', () => {
    const text = 'Zorblax sells the Vela 7 PRO and the Vela 5 PRO to schools.';
    const out = refineMentions(text, [
      m(text, 'Vela 7', 'product', 0.9),
      m(text, 'PRO', 'company', 0.55),
      m(text, 'Vela', 'company', 0.5, 30),
    ]);
    expect(typed(out)).toEqual(['Vela 7 PRO:product', 'Vela 5 PRO:product']);
  });

  it('an acronym owner is split from what it owns ("MIT’s Lorenz Center")', () => {
    const text = 'Researchers at MIT’s Lorenz Center studied the weather.';
    expect(typed(refineMentions(text, [m(text, 'MIT’s Lorenz Center', 'company', 0.7)]))).toEqual(['MIT:company', 'Lorenz Center:company']);
  });

  it('on a technical page a word only the capitals called a company is a technology ("Deflate")', () => {
    const text = 'The patcher is written in Java and C++. It recompresses the entries with Deflate before the upload.';
    expect(typed(refineMentions(text, [m(text, 'Deflate', 'company', 0.5)]))).toContain('Deflate:technology');
    // Not on a page that names no technologies, and not for a plural acronym.
    const news = 'The shop sold its stores to Deflate, a retailer.';
    expect(typed(refineMentions(news, [m(news, 'Deflate', 'company', 0.5)]))).toEqual(['Deflate:company']);
    const plural = 'The patcher is written in Java and C++. Our PCs arrived late.';
    expect(typed(refineMentions(plural, [m(plural, 'PCs', 'company', 0.5)]))).toContain('PCs:company');
  });

  it('business news naming more firms than technologies is no technical page ("Fossil" stays a company)', () => {
    const text = 'Google, Apple and Intel all showed watches that run Python and Rust apps. Fossil showed one too.';
    expect(typed(refineMentions(text, [m(text, 'Fossil', 'company', 0.5)]))).toContain('Fossil:company');
    // A listed technology that is an English word the page writes in lower case ("Spring", "spring") does not count.
    const season = 'The Spring release and Kafka support came late; in spring the team met Veltrix engineers.';
    expect(typed(refineMentions(season, [m(season, 'Veltrix', 'company', 0.5)]))).toContain('Veltrix:company');
    // More technologies than firms is one.
    const tech = 'Intel engineers ported the Kafka client from Python to Rust. Fossil builds the package.';
    expect(typed(refineMentions(tech, [m(tech, 'Fossil', 'company', 0.5)]))).toContain('Fossil:technology');
  });
});

describe('names listed together are of one kind', () => {
  it('unsure members take the type two sure members share ("Contoso, Fabrikam, … Zorvane and Quellby")', () => {
    const text = 'The firms include Contoso, Fabrikam, Zorvane and Quellby.';
    const out = coordinateTypes(text, [
      m(text, 'Contoso', 'company', 0.9),
      m(text, 'Fabrikam', 'company', 0.9),
      m(text, 'Zorvane', 'person', 0.41),
      m(text, 'Quellby', 'location', 0.34),
    ]);
    expect(typed(out)).toEqual(['Contoso:company', 'Fabrikam:company', 'Zorvane:company', 'Quellby:company']);
    expect(out[2]?.score).toBe(0.7);
  });
  it('a given name stays a person, and a list whose sure members disagree is left alone', () => {
    const people = 'Speakers: Apple, Google and Tim Cook.';
    expect(
      typed(
        coordinateTypes(people, [
          m(people, 'Apple', 'company', 0.9),
          m(people, 'Google', 'company', 0.9),
          m(people, 'Tim Cook', 'person', 0.5),
        ]),
      ),
    ).toEqual(['Apple:company', 'Google:company', 'Tim Cook:person']);
    const mixed = 'Rust, Mozilla and Servo shipped.';
    expect(
      typed(
        coordinateTypes(mixed, [
          m(mixed, 'Rust', 'technology', 0.9),
          m(mixed, 'Mozilla', 'company', 0.9),
          m(mixed, 'Servo', 'person', 0.4),
        ]),
      ),
    ).toContain('Servo:person');
  });
  it('an unread name opening a list of sure names of one kind takes their kind ("systems: Quillon, Redis, …")', () => {
    const text = 'We weighed a few queues: Quillon, Redis, Kestrel, and Kafka.';
    const model = [m(text, 'Redis', 'technology', 0.9), m(text, 'Kestrel', 'technology', 0.9), m(text, 'Kafka', 'technology', 0.9)];
    const out = coordinateTypes(text, model);
    expect(typed(out)).toEqual(['Quillon:technology', 'Redis:technology', 'Kestrel:technology', 'Kafka:technology']);
    expect(out[0]?.start).toBe(text.indexOf('Quillon'));
    expect(out[0]?.score).toBe(0.7);
    // Not at a sentence's start, not a plain word, not before a list of mixed kinds.
    const opening = 'Quillon, Redis, Kestrel, and Kafka were weighed.';
    const shifted = model.map((x) => m(opening, x.text, x.type, x.score));
    expect(typed(coordinateTypes(opening, shifted))).not.toContain('Quillon:technology');
    expect(typed(coordinateTypes(text, model, (w) => w === 'Quillon'))).not.toContain('Quillon:technology');
  });
  it('names not separated by list glue are no list', () => {
    const text = 'Contoso bought Fabrikam; Zorvane watched.';
    const out = coordinateTypes(text, [
      m(text, 'Contoso', 'company', 0.9),
      m(text, 'Fabrikam', 'company', 0.9),
      m(text, 'Zorvane', 'person', 0.41),
    ]);
    expect(typed(out)).toContain('Zorvane:person');
  });
});

describe('a listed maker before a product name is its product line', () => {
  it('joins the maker and the product or new name after it ("Samsung" + "Gear S2", "Google" + "SkyBender")', () => {
    const text = 'We tested the Samsung Gear S2 and read about Google SkyBender, a drone project.';
    const out = refineMentions(text, [
      m(text, 'Samsung', 'company', 0.9),
      m(text, 'Gear S2', 'product', 0.6),
      m(text, 'Google', 'company', 0.9),
    ]);
    expect(typed(out)).toEqual(['Samsung Gear S2:product', 'Google SkyBender:product']);
  });
  it('leaves roles, organization words and model words apart ("Google CEO", "AMD PRO")', () => {
    const text = 'Google CEO Sundar Pichai spoke. AMD PRO chips shipped.';
    const out = refineMentions(text, [
      m(text, 'Google', 'company', 0.9),
      m(text, 'Sundar Pichai', 'person', 0.9),
      m(text, 'AMD', 'company', 0.9),
    ]);
    expect(typed(out)).toEqual(['Google:company', 'Sundar Pichai:person', 'AMD:company']);
  });
});

describe('titles in curly quotes', () => {
  it('on a page about games a quoted title is a product, replacing unsure names read inside it', () => {
    const text = 'The eight games worth a look.\n“Job Simulator” ($30)\nThe best games include “Thumper.” “I’m Batman,” he said.';
    const out = refineMentions(text, [m(text, 'Simulator', 'technology', 0.5)]);
    expect(typed(out)).toEqual(['Job Simulator:product', 'Thumper:product']);
  });
  it('elsewhere it is a work, and quoted speech is no title', () => {
    const text = 'She wrote “The Long Quiet Road” in May. “It took me ages,” she said. “Don’t Stop” too.';
    expect(typed(refineMentions(text, []))).toEqual(['The Long Quiet Road:other']);
  });
});

describe('a technology guessed on a technical page holds for the name', () => {
  it('every mention of a word retyped a technology takes that type ("Deflate" twice)', () => {
    const text = 'The patcher is written in Java and C++. Deflate streams are recompressed. It reads Deflate first.';
    const out = refineMentions(text, [m(text, 'Deflate', 'company', 0.5), m(text, 'Deflate', 'company', 0.7, 50)]);
    expect(typed(out).filter((x) => x.startsWith('Deflate'))).toEqual(['Deflate:technology', 'Deflate:technology']);
  });
});

describe('products by what the page says of them', () => {
  it('"an app called X" makes X a product', () => {
    const text = 'He sold a hugely popular app called Readwell years ago.';
    expect(typed(refineMentions(text, [m(text, 'Readwell', 'company', 0.6)]))).toEqual(['Readwell:product']);
  });
  it('what a sure company has by name is its product; a person, a unit or a listed firm is not', () => {
    const text = 'Dell’s APEX grew. Apple’s Tim Cook spoke. Dell’s Research Group met.';
    const out = refineMentions(text, [
      m(text, 'Dell', 'company', 0.9),
      m(text, 'APEX', 'company', 0.55),
      m(text, 'Apple', 'company', 0.9),
      m(text, 'Tim Cook', 'person', 0.9),
      m(text, 'Dell', 'company', 0.9, 30),
      m(text, 'Research Group', 'company', 0.6),
    ]);
    expect(typed(out)).toEqual([
      'Dell:company',
      'APEX:product',
      'Apple:company',
      'Tim Cook:person',
      'Dell:company',
      'Research Group:company',
    ]);
  });
});

describe('the fallback fills the model’s gaps only with name-shaped spans (shaped-fallback)', () => {
  const text = 'Yesterday Quiet Allies met the Zentrixa team and the QVRN group near Tolbar9.';
  const at = (name: string, type: EntityType = 'company') => {
    const start = text.indexOf(name);
    return { text: name, type, start, end: start + name.length, score: 0.6 };
  };
  const none: EntityRecognizer = { name: 'none', recognize: () => [] };
  const fallback: EntityRecognizer = { name: 'rules', recognize: () => [at('Quiet Allies'), at('Zentrixa'), at('QVRN'), at('Tolbar9')] };

  it('keeps a rare word, an acronym and a name with a digit, not a run of English words', () => {
    const found = withWebNames(none, fallback)
      .recognize(text)
      .map((m) => m.text);
    expect(found).toEqual(expect.arrayContaining(['Zentrixa', 'QVRN', 'Tolbar9']));
    expect(found).not.toContain('Quiet Allies');
  });

  it('takes every fallback span when the rule is off', () => {
    const found = withWebNames(none, fallback, { shapedFallback: false })
      .recognize(text)
      .map((m) => m.text);
    expect(found).toContain('Quiet Allies');
  });

  it('judges the shape alone', () => {
    expect(nameShaped('Zentrixa')).toBe(true);
    expect(nameShaped('WebQuill')).toBe(true);
    expect(nameShaped('Quiet Allies')).toBe(false);
    expect(nameShaped('Window')).toBe(false);
  });
});
