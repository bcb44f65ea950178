import { describe, expect, it } from 'vitest';
import type { Mention } from '../../core/capture';
import type { PageCapture } from '../../core/capture';
import { analyzeCapture } from '../analysis/analyze';
import { createTrainedRecognizer } from '../ner';
import { isPlaceUse, isSportsPage, withTeamSense } from './team-sense';

/** The location mentions of `names` in `text`, as a recognizer would report them. */
function places(text: string, ...names: string[]): Mention[] {
  const out: Mention[] = [];
  for (const name of names) {
    for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1))
      out.push({ text: name, type: 'location', start: i, end: i + name.length, score: 0.9 });
  }
  return out.sort((a, b) => a.start - b.start);
}

const report = [
  'CRICKET - ENGLAND BEAT PAKISTAN BY 107 RUNS .',
  'BIRMINGHAM , England 1996-08-31',
  'England beat Pakistan by 107 runs in the second one-day international at Edgbaston on Saturday.',
  'Nick Knight , playing in Birmingham for the first time , scored 113 .',
].join('\n');

describe('team sense: place names that name teams', () => {
  it('tells a sports page by its title or headline, or by the density of match words', () => {
    expect(isSportsPage('', report)).toBe(true);
    expect(isSportsPage('Rugby: All Blacks name squad', 'New Zealand named their squad.')).toBe(true);
    const matchReport =
      'Ajax beat Feyenoord 3-1 in the league on Sunday. The captain scored two goals and the coach praised the squad after the match; the victory keeps the title race open this season.';
    expect(isSportsPage('Ajax 3 Feyenoord 1', matchReport)).toBe(true);
    const markets =
      'Stocks won back some ground as the Dow beat forecasts. '.repeat(3) + 'Traders said earnings had started to come in. '.repeat(20);
    expect(isSportsPage('Wall Street rallies', markets)).toBe(false);
    // Enough match words, but spread over a long article: an encyclopedia page, not a match report.
    const biography =
      'He won the title and a cup with the league champion that season. '.repeat(2) +
      'The singer toured Europe and recorded albums with his band in New York. '.repeat(30);
    expect(isSportsPage('Bob Dylan - Wikipedia', biography)).toBe(false);
    expect(isSportsPage('Stripe raises $600m', 'Stripe, the payments company, raised money in Dublin.')).toBe(false);
  });

  it('keeps a place name used as a place: nationality in brackets, datelines, after a locative word', () => {
    const text =
      'Mark Cairns ( England ) beat Jansher Khan . BIRMINGHAM , England 1996-08-31 . LONDON 1996-08-30 . The finals in Belgium , at Headingley , ( at Edgbaston , Birmingham ) .';
    for (const name of ['England', 'BIRMINGHAM', 'LONDON', 'Belgium', 'Headingley', 'Edgbaston', 'Birmingham']) {
      for (const m of places(text, name)) expect(isPlaceUse(text, m.start, m.end), `${name} at ${m.start}`).toBe(true);
    }
    const team = 'England beat Pakistan . Teams : England - Mike Atherton . CLEVELAND AT TEXAS . scored for Atlanta .';
    for (const m of places(team, 'England', 'Pakistan', 'TEXAS', 'Atlanta'))
      expect(isPlaceUse(team, m.start, m.end), `${m.text} at ${m.start}`).toBe(false);
  });

  it('retypes team uses as organizations on sports pages only', () => {
    const mentions = places(report, 'England', 'Pakistan', 'BIRMINGHAM', 'Birmingham', 'Edgbaston');
    const typed = withTeamSense(mentions, report, '');
    const typeOf = (name: string, nth = 0) => typed.filter((m) => m.text === name)[nth]?.type;
    expect(typeOf('Pakistan')).toBe('company');
    expect(typed.filter((m) => m.text === 'England').map((m) => m.type)).toEqual(['location', 'company']);
    expect(typeOf('BIRMINGHAM')).toBe('location');
    expect(typeOf('Birmingham')).toBe('location');
    expect(typeOf('Edgbaston')).toBe('location');
    const news = 'France expels African . PARIS 1996-08-30 France on Friday expelled another African man.';
    expect(withTeamSense(places(news, 'France'), news, 'France expels African')).toEqual(places(news, 'France'));
  });

  it('the page analysis types a national team as an organization and the host country as a place', () => {
    const text = [
      'England beat Pakistan by 107 runs at Edgbaston on Saturday to take the one-day series 2-0.',
      'Nick Knight scored 113 for England and Pakistan lost eight wickets.',
      'Pakistan play England again at Trent Bridge on Thursday.',
      'Saeed Anwar ( Pakistan ) was the only batsman to pass 50 .',
    ].join('\n');
    const capture: PageCapture = {
      url: 'https://example.com/cricket',
      title: 'Cricket: England beat Pakistan',
      text,
      headings: [],
      entities: [],
      relations: [],
      trigger: 'auto',
      capturedAt: 0,
      notes: [],
    };
    const recognizer = createTrainedRecognizer();
    if (recognizer === undefined) throw new Error('the shipped model is missing');
    const a = analyzeCapture(capture, { recognizer });
    const byName = new Map(a.entities.map((e) => [e.name, e.type]));
    expect(byName.get('England')).toBe('company');
    expect(byName.get('Pakistan')).toBe('company');
    const plain = analyzeCapture(
      {
        ...capture,
        title: 'England and Pakistan sign a trade deal',
        text: text.replace(/runs|wickets|batsman|one-day series|scored/g, 'points'),
      },
      { recognizer },
    );
    expect(new Map(plain.entities.map((e) => [e.name, e.type])).get('England')).toBe('location');
  });
});
