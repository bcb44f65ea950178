import { describe, expect, it } from 'vitest';
import { tokenize, type Span } from './features';
import { LABEL_THRESHOLDS, listBetween, triggered } from './triggers';

/** The token span of `name` in `tokens` of `text`. */
function span(text: string, name: string, type: Span['type']): Span {
  const tokens = tokenize(text);
  const at = text.indexOf(name);
  const start = tokens.findIndex((t) => t.start >= at);
  let end = start;
  while (end < tokens.length && (tokens[end]?.end ?? 0) <= at + name.length) end += 1;
  return { start, end, type };
}

describe('triggered', () => {
  it('needs a location word for an organization located_in a place', () => {
    const a = 'Fabrikam and Contoso were both at the show in Lisbon.';
    expect(triggered('located_in', tokenize(a), span(a, 'Fabrikam', 'org'), span(a, 'Lisbon', 'loc'), [span(a, 'Contoso', 'org')])).toBe(
      false,
    );
    const b = 'Fabrikam, which is based in Lisbon, grew.';
    expect(triggered('located_in', tokenize(b), span(b, 'Fabrikam', 'org'), span(b, 'Lisbon', 'loc'), [])).toBe(true);
    const c = 'The Lisbon-based Fabrikam grew.';
    expect(triggered('located_in', tokenize(c), span(c, 'Fabrikam', 'org'), span(c, 'Lisbon', 'loc'), [])).toBe(true);
  });

  it('does not place a newsroom where its reporter is based', () => {
    const a = 'Ada Quinn is the Asia editor for Northwind News, based in Lisbon.';
    expect(triggered('located_in', tokenize(a), span(a, 'Northwind News', 'org'), span(a, 'Lisbon', 'loc'), [])).toBe(false);
  });

  it('reads "Redwood City, California" as one place in another, but not a list of places', () => {
    const a = 'We met in Redwood City, California, on Monday.';
    expect(triggered('located_in', tokenize(a), span(a, 'Redwood City', 'loc'), span(a, 'California', 'loc'), [])).toBe(true);
    const w = 'In Tartu, Town Hall spokesman Ivo Berg spoke.';
    expect(triggered('located_in', tokenize(w), span(w, 'Tartu', 'loc'), span(w, 'Town Hall', 'loc'), [])).toBe(false);
    const b = 'Offices in Rwanda, Nigeria and Malawi.';
    expect(triggered('located_in', tokenize(b), span(b, 'Rwanda', 'loc'), span(b, 'Nigeria', 'loc'), [span(b, 'Malawi', 'loc')])).toBe(
      false,
    );
  });

  it('reads a place in a place from a possessive or a country word', () => {
    const a = 'Ada Quinn cycled through Tartu’s Old Harbour District.';
    expect(triggered('located_in', tokenize(a), span(a, 'Old Harbour District', 'loc'), span(a, 'Tartu', 'loc'), [])).toBe(true);
    const b = 'Freedonia is one of the smallest countries in Europe.';
    expect(triggered('located_in', tokenize(b), span(b, 'Freedonia', 'loc'), span(b, 'Europe', 'loc'), [])).toBe(true);
  });

  it('needs a founding word for founded_by and a role word for works_for', () => {
    const a = 'Migicovsky thanked the Kickstarter community.';
    expect(triggered('founded_by', tokenize(a), span(a, 'Kickstarter', 'org'), span(a, 'Migicovsky', 'per'), [])).toBe(false);
    const b = 'Mira Castell, founder and CEO of Velora, said so.';
    expect(triggered('founded_by', tokenize(b), span(b, 'Velora', 'org'), span(b, 'Mira Castell', 'per'), [])).toBe(true);
    expect(triggered('works_for', tokenize(b), span(b, 'Mira Castell', 'per'), span(b, 'Velora', 'org'), [])).toBe(true);
  });

  it('takes a maker’s possessive as develops, not as subsidiary_of', () => {
    const a = 'AMD’s Ryzen is fast.';
    expect(triggered('develops', tokenize(a), span(a, 'AMD', 'org'), span(a, 'Ryzen', 'misc'), [])).toBe(true);
    expect(triggered('subsidiary_of', tokenize(a), span(a, 'Ryzen', 'org'), span(a, 'AMD', 'org'), [])).toBe(false);
  });

  it('finds lists between two names', () => {
    const a = 'Atlassian, Bonobos, Instacart';
    expect(listBetween(tokenize(a), span(a, 'Atlassian', 'org'), span(a, 'Instacart', 'org'), [span(a, 'Bonobos', 'org')])).toBe(true);
    expect(listBetween(tokenize(a), span(a, 'Atlassian', 'org'), span(a, 'Bonobos', 'org'), [])).toBe(true);
  });

  it('asks more of the labels the classifier reads worst', () => {
    expect(LABEL_THRESHOLDS.get('uses')).toBeGreaterThan(LABEL_THRESHOLDS.get('located_in') ?? 1);
  });
});
