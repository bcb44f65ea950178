import { describe, expect, it } from 'vitest';
import { tokenize } from '../ner/tokenize';
import {
  cueType,
  exampleOfType,
  headType,
  institutionType,
  orgContextType,
  serviceNounType,
  serviceUseType,
  weakCueType,
} from './type-cues';

/** Cue type of the first occurrence of `name` (whole tokens) in `text`. */
function cue(text: string, name: string, read = cueType): string | undefined {
  const tokens = tokenize(text);
  const words = tokenize(name).length;
  const first = tokens.findIndex((t) => text.slice(t.start).startsWith(name));
  return read(tokens, first, first + words);
}

describe('context cues', () => {
  it('"written in X" and "X framework" make a technology', () => {
    expect(cue('The service is written in Zig today.', 'Zig')).toBe('technology');
    expect(cue('We moved to the Phoenix framework last year.', 'Phoenix')).toBe('technology');
    expect(cue('We embed the Lua programming language.', 'Lua')).toBe('technology');
  });
  it('"the X app" makes a product, but only with the noun in lower case', () => {
    expect(cue('I listen with the Overcast app every day.', 'Overcast')).toBe('product');
    expect(cue('She wore an Apple Watch to the meeting.', 'Apple')).toBeUndefined();
  });
  it('"X Inc." and "startup X" make a company', () => {
    expect(cue('Shares of Acme Inc. rose.', 'Acme')).toBe('company');
    expect(cue('The startup Wyzerr raised money.', 'Wyzerr')).toBe('company');
  });
  it('a name in apposition with a device noun is a product ("its delivery robot, Rover", "Pilo, a robot that …"), with a firm noun a company', () => {
    expect(cue('Quokka Labs is known for its four-legged robot, Rover – a star online.', 'Rover')).toBe('product');
    expect(cue('So Quokka Labs developed another product, CodeKite, in 2013.', 'CodeKite')).toBe('product');
    expect(cue('It offers Pilo, a robot that can carry bags.', 'Pilo')).toBe('product');
    expect(cue('Fans love Pilo, a small four-legged robot.', 'Pilo')).toBe('product');
    // Not a firm described as a service, nor a name that goes on as the subject of a verb.
    expect(cue('Orders go through Quokka, a delivery service.', 'Quokka')).toBeUndefined();
    expect(cue('They built the robot, Dana said on Monday.', 'Dana')).toBeUndefined();
    // A firm noun as the apposition's head makes a company, not as a describing word.
    expect(cue('I work at Quokka, a Danish company that makes puzzle games.', 'Quokka')).toBe('company');
    expect(cue('We spoke to Dana, a company spokeswoman, on Monday.', 'Dana')).toBeUndefined();
  });
  it('a work noun right before a name, heading its apposition or as a kind of examples makes a work ("other")', () => {
    expect(cue('Maria Tenn starred in the film Harbor Lights last year.', 'Harbor Lights')).toBe('other');
    expect(cue('The 2019 documentary Salt Roads won a prize.', 'Salt Roads')).toBe('other');
    expect(cue('Critics loved Harbor Lights, a film by Maria Tenn.', 'Harbor Lights')).toBe('other');
    expect(cue('She read novels like Seven Lanterns and The Tide Keeper.', 'The Tide Keeper', exampleOfType)).toBe('other');
    // A noun that is no work's ("a game", "the app") and a work noun as a describing word say otherwise or nothing.
    expect(cue('Fans love Lantern Rift, a game that runs on phones.', 'Lantern Rift')).toBe('product');
    expect(cue('We spoke to Dana, a film critic, on Monday.', 'Dana')).toBeUndefined();
    // A verb's object and an adjective are no work: "to play Lantern Rift", "a single Kestrel instance".
    expect(cue('Fans wanted to play Lantern Rift all night.', 'Lantern Rift')).toBeUndefined();
    expect(cue('It ran on a single Kestrel instance.', 'Kestrel')).toBeUndefined();
  });
  it('says nothing without a cue', () => {
    expect(cue('Stewart met Dana in Paris.', 'Dana')).toBeUndefined();
  });
  it('a head noun types a multi-word name', () => {
    expect(headType('Cache API')).toBe('technology');
    expect(headType('Tor Browser')).toBe('product');
    expect(headType('Boston Dynamics')).toBe('company');
    expect(headType('Browser')).toBeUndefined();
    // A named building is a place; a head that is also a surname or a brand is not read so.
    expect(headType('Velmont Stadium')).toBe('location');
    expect(headType('North Quay Bridge')).toBe('location');
    expect(headType('Dana Hall')).toBeUndefined();
    expect(headType('Kestrel Terminal')).toBeUndefined();
  });
  it('weak cues ("CORS headers", "based on zlib") suggest a technology', () => {
    expect(cue('Servers send CORS headers back.', 'CORS', weakCueType)).toBe('technology');
    expect(cue('It is based on Deflate here.', 'Deflate', weakCueType)).toBe('technology');
    expect(cue('Dell said so.', 'Dell', weakCueType)).toBeUndefined();
  });

  it('an acronym or acronym-led camel-case name near a technology word is a technology; alone it is not', () => {
    expect(cue('Messages go through NSQ, a queue library we run.', 'NSQ', weakCueType)).toBe('technology');
    expect(cue('Build the query with the URLSearchParams API first.', 'URLSearchParams', weakCueType)).toBe('technology');
    expect(cue('The NSQ team met on Monday.', 'NSQ', weakCueType)).toBeUndefined();
    // Shape alone is not enough: organizations have acronyms too.
    expect(cue('Shares of IBM rose on Monday.', 'IBM', weakCueType)).toBeUndefined();
    expect(cue('A framework by Greylock Partners.', 'Greylock', weakCueType)).toBeUndefined();
  });
});

describe('service use', () => {
  it('"via X", "using X", "X reviews", "X users" say the page uses a brand as a service', () => {
    expect(cue('I saved it via Instapaper yesterday.', 'Instapaper', serviceUseType)).toBe('product');
    expect(cue('The place has great Yelp reviews.', 'Yelp', serviceUseType)).toBe('product');
    expect(cue('Most Tumblr users are young.', 'Tumblr', serviceUseType)).toBe('product');
  });
  it('"on X" is not one ("reported on TechCrunch"), nor a plain mention', () => {
    expect(cue('It was reported on TechCrunch first.', 'TechCrunch', serviceUseType)).toBeUndefined();
    expect(cue('Yelp hired a new chief.', 'Yelp', serviceUseType)).toBeUndefined();
  });
});

describe('exampleOfType', () => {
  const example = (text: string, name: string) => cue(text, name, (tokens, first) => exampleOfType(tokens, first));
  it('a name a plural kind "includes" is of that kind ("Its main products include the Kestrel", "cities, including Tarvale")', () => {
    expect(cue('Its main products include the Kestrel for route planning.', 'Kestrel', exampleOfType)).toBe('product');
    expect(cue('It opened offices in cities, including Tarvale and Ossory.', 'Ossory', exampleOfType)).toBe('location');
    expect(cue('Its customers include Fabrikam.', 'Fabrikam', exampleOfType)).toBeUndefined();
    // A name glued to an adjective ("… Initiative-backed") is not the example: the name after it is.
    expect(cue('Startups, including the Quokka Initiative-backed Fabrikam, grew.', 'Quokka Initiative-backed')).toBeUndefined();
  });
  it('a name given as an example of a kind is of that kind, in every place of the list', () => {
    const text = 'It books tables through apps like Tablio, Dinr and Yumly, and Kestrel has waited.';
    expect(example(text, 'Tablio')).toBe('product');
    expect(example(text, 'Dinr')).toBe('product');
    expect(example(text, 'Yumly')).toBe('product');
    // The list ended at its "and": what follows ", and" is the next clause.
    expect(example(text, 'Kestrel')).toBeUndefined();
    expect(example('They hired firms such as Zorblax Labs in Leeds.', 'Zorblax Labs')).toBe('company');
    expect(example('Written in languages like Quokka or Brindle.', 'Brindle')).toBe('technology');
  });
  it('says nothing after another noun or for an adjective compound', () => {
    expect(example('Things like Tablio matter.', 'Tablio')).toBeUndefined();
    expect(example('It sells goods like FSC-certified timber.', 'FSC-certified')).toBeUndefined();
    expect(example('They use apps, and Tablio is one.', 'Tablio')).toBeUndefined();
  });
  it('is a cue of cueType', () => {
    expect(cue('Siri works with apps like Tablio today.', 'Tablio')).toBe('product');
  });
});

describe('institutionType', () => {
  it('a place with a spokesman or a press secretary is the institution seated there', () => {
    expect(cue('Elm Palace press secretary Dana Roe said no.', 'Elm Palace', institutionType)).toBe('company');
    expect(cue('A Kestrel Hall spokeswoman declined.', 'Kestrel Hall', institutionType)).toBe('company');
    expect(cue('Elm Palace press officers left.', 'Elm Palace', institutionType)).toBeUndefined();
    expect(cue('They toured Elm Palace on Monday.', 'Elm Palace', institutionType)).toBeUndefined();
  });
});

describe('serviceNounType', () => {
  it('a service noun after a name makes it a product', () => {
    expect(cue('my Zorblix account', 'Zorblix', (tokens, _first, last) => serviceNounType(tokens, last))).toBe('product');
    expect(cue('via Zorblix today', 'Zorblix', (tokens, _first, last) => serviceNounType(tokens, last))).toBeUndefined();
  });
});

describe('orgContextType', () => {
  it('reads an organization from a role held at it or from what only an organization has', () => {
    expect(cue('said Ada, CEO of Kestrel.', 'Kestrel', orgContextType)).toBe('company');
    expect(cue('says Ada, director analyst for Kestrel’s team.', 'Kestrel', orgContextType)).toBe('company');
    expect(cue('Kestrel’s customers include banks.', 'Kestrel', orgContextType)).toBe('company');
    expect(cue('Kestrel’s daughter is a physicist.', 'Kestrel', orgContextType)).toBeUndefined();
    expect(cue('a friend of Kestrel came.', 'Kestrel', orgContextType)).toBeUndefined();
    expect(cue('Omar is a member of Kestrel’s recovery team.', 'Kestrel', orgContextType)).toBeUndefined();
    expect(cue('The leader of Kestrel, Omar, spoke.', 'Kestrel', orgContextType)).toBe('company');
  });
  it('a place head types a place ("Stewart Island", "Sand Hill Road"), not a person', () => {
    expect(headType('Stewart Island')).toBe('location');
    expect(headType('Ninety Mile Beach')).toBe('location');
    expect(headType('Sand Hill Road')).toBe('location');
  });
  it('a code name is neither a person nor a firm ("Project Harmony")', () => {
    expect(headType('Project Harmony')).toBe('other');
    expect(headType('Operation Quokka')).toBe('other');
  });
  it('a law, treaty or licence head types a work of law, its year included ("Fair Pay Act 2019")', () => {
    expect(headType('Fair Pay Act')).toBe('other');
    expect(headType('Fair Pay Act 2019')).toBe('other');
    expect(headType('Zorblax Public License')).toBe('other');
    expect(headType('Kestrel 2019')).toBeUndefined();
  });
  it('an event head types an event ("AI Summit")', () => {
    expect(headType('AI Summit')).toBe('other');
    expect(headType('Zorblax Conference')).toBe('other');
  });
  it('a model word types a product line ("Gita Plus", "Mac Mini")', () => {
    expect(headType('Gita Plus')).toBe('product');
    expect(headType('Quokka Mini')).toBe('product');
  });
  it('organization heads beyond firms ("Trunk Club", "Brookings Institution", "Lorenz Center", "Korea Times")', () => {
    expect(headType('Trunk Club')).toBe('company');
    expect(headType('Brookings Institution')).toBe('company');
    expect(headType('Lorenz Center')).toBe('company');
    expect(headType('The Korea Times')).toBe('company');
    expect(headType('Startup52 Accelerator')).toBe('company');
  });
});
