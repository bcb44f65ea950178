import { describe, expect, it } from 'vitest';
import type { PageCapture } from '../../core/capture';
import { analyzeCapture } from '../analysis/analyze';
import { createRuleRecognizer } from '../rules/rule-recognizer';
import { textCapture } from '../../../tooling/testing/text-capture';

const recognizer = createRuleRecognizer();

function blogPage(siteName: string, text: string): PageCapture {
  return textCapture(text, {
    url: 'https://fabrikam.example/blog/queues',
    title: 'Scaling our queues',
    entities: [{ ref: 'meta:site', name: siteName, type: 'company', aliases: [], attributes: {}, origin: 'opengraph' }],
  });
}

describe('the publisher on its own blog', () => {
  const text = [
    'Since Fabrikam’s first launch in 2012, our services have talked through queues.',
    'In fact, simplicity was the main reason we decided to adopt PostgreSQL in the first place.',
    'Thanks to the team for driving its adoption at Fabrikam.',
  ].join('\n');

  it('is the organization the site name reduces to, and what "we" stands for', () => {
    const a = analyzeCapture(blogPage('Fabrikam Blog', text), { recognizer });
    const fabrikam = a.entities.find((e) => e.name === 'Fabrikam');
    expect(fabrikam?.type).toBe('company');
    expect(fabrikam?.aliases).toContain('Fabrikam Blog');
    expect(a.entities.some((e) => e.name === 'Fabrikam Blog')).toBe(false);
    expect(a.relations).toContainEqual(expect.objectContaining({ from: 'Fabrikam', label: 'uses', to: 'PostgreSQL' }));
  });

  it('is not what "we" stands for when the text names the site only once (a news site quoted)', () => {
    const once = text.replace('adoption at Fabrikam', 'adoption');
    const a = analyzeCapture(blogPage('Fabrikam Blog', once), { recognizer });
    expect(a.relations.filter((r) => r.label === 'uses')).toEqual([]);
  });
});
