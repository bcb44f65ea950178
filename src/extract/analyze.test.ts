import { describe, expect, it } from 'vitest';
import type { PageCapture } from '../core/capture';
import { analyzeCapture } from './analyze';
import { createRuleRecognizer } from './rules/rule-recognizer';

const recognizer = createRuleRecognizer();

function capture(partial: Partial<PageCapture>): PageCapture {
  return {
    url: 'https://example.com/a', title: '', text: '', headings: [], entities: [], relations: [],
    trigger: 'auto', capturedAt: 0, notes: [], ...partial,
  };
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

  it('keeps a once-mentioned weak name that an explicit statement ties to another name', () => {
    const quote = 'Watch the burn rate closely as you hire, says Tim Goetz, CEO and co-founder of Aplos.';
    const tied = analyzeCapture(capture({ title: 'Startup advice', text: quote }), { recognizer });
    expect(tied.entities.map((e) => e.name)).toContain('Aplos');
    expect(tied.relations).toContainEqual(expect.objectContaining({ from: 'Tim Goetz', label: 'ceo_of', to: 'Aplos', origin: 'text' }));
    // Control: the same weak name without the statement is not kept.
    const loose = analyzeCapture(capture({ title: 'Startup advice', text: 'Watch the burn rate closely as you hire, says the team at Aplos.' }), { recognizer });
    expect(loose.entities.map((e) => e.name)).not.toContain('Aplos');
  });

  it('puts structured entities first and maps structured relations to kept names', () => {
    const a = analyzeCapture(capture({
      title: 'About', text: 'Acme Robotics builds robots. Jane Roe leads Acme Robotics.',
      entities: [
        { ref: '#acme', name: 'Acme Robotics', type: 'company', aliases: ['Acme'], attributes: { url: 'https://acme.example' }, origin: 'json-ld' },
        { ref: '#jane', name: 'Jane Roe', type: 'person', aliases: [], attributes: {}, origin: 'json-ld' },
      ],
      relations: [{ from: '#acme', to: '#jane', label: 'founded_by' }],
    }), { recognizer });
    const acme = a.entities.find((e) => e.name === 'Acme Robotics');
    expect(acme?.origin).toBe('both');
    expect(acme?.attributes.url).toBe('https://acme.example');
    expect(acme?.ref).toBe('#acme');
    expect(a.relations).toContainEqual(expect.objectContaining({ from: 'Acme Robotics', to: 'Jane Roe', label: 'founded_by', origin: 'structured' }));
  });

  it('a structured name that is a path or a URL is not kept as another name', () => {
    const a = analyzeCapture(capture({
      title: 'A column', text: 'Hazel Sheffield writes about cities.',
      entities: [{ ref: '#h', name: 'Hazel Sheffield', type: 'person', aliases: ['/author/hazel-sheffield', 'https://example.com/hazel', 'H. Sheffield'], attributes: {}, origin: 'json-ld' }],
    }), { recognizer });
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
    const a = analyzeCapture(capture({ title: 't', text: 'We rebuilt it on zetaflux. Then zetaflux got faster.' }), { recognizer, gazetteer });
    expect(a.entities.find((e) => e.name === 'zetaflux')?.type).toBe('technology');
  });
});
