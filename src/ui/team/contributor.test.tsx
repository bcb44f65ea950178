// @vitest-environment jsdom
// Evidence a teammate contributed says "from <member>", as text; this browser's own captures say nothing.
import { describe, expect, it } from 'vitest';
import { asEvidenceId } from '../../core/graph/ids';
import type { Evidence } from '../../core/graph/types';
import { EvidenceList } from '../components/evidence-list';
import { mountEachTest } from '../testing/render';

function evidenceId(raw: string) {
  const id = asEvidenceId(raw);
  if (id === undefined) throw new Error(`not an evidence id: ${raw}`);
  return id;
}

const LOCAL: Evidence = {
  id: evidenceId('v_local'),
  kind: 'mention',
  pageUrl: 'https://a.example/',
  pageTitle: 'A',
  snippet: 'Stripe raised money.',
  capturedAt: 0,
};

describe('evidence rows and their contributor', () => {
  const view = mountEachTest();

  it('marks a teammate’s row "from <member>" and leaves local rows unmarked', async () => {
    const fromBob = { ...LOCAL, id: evidenceId('v_bob'), contributor: 'bob' };
    await view.render(<EvidenceList evidence={[LOCAL, fromBob]} />);
    const rows = [...view.container().querySelectorAll('.evidence li')];
    expect(rows.map((r) => r.querySelector('[data-testid="evidence-contributor"]')?.textContent?.trim() ?? null)).toEqual([
      null,
      '· from bob',
    ]);
  });

  it('shows a contributor name as text, never as markup', async () => {
    const hostile = { ...LOCAL, contributor: '<img src=x onerror=alert(1)>' };
    await view.render(<EvidenceList evidence={[hostile]} />);
    expect(view.container().querySelector('img')).toBeNull();
    expect(view.container().querySelector('[data-testid="evidence-contributor"]')?.textContent).toContain(
      'from <img src=x onerror=alert(1)>',
    );
  });
});
