// The diagram opens on what the user was looking at: the entity page, else the top search
// hit, else the first entity of the last answer; a centre is applied once, so going back to
// the tab does not undo the user's own choice.
import { beforeEach, describe, expect, it } from 'vitest';
import { usePanelStore } from '../store';
import { contextCentre, REASON } from './viz-slice';

const initial = usePanelStore.getState();
beforeEach(() => usePanelStore.setState(initial, true));

const hit = { id: 'e_hit', name: 'Hit', entity_type: 'company' as const, score: 1 };
const answer = {
  id: 'm1',
  role: 'assistant' as const,
  text: 'x',
  sources: [{ entityId: 'e_ans', name: 'Ans', type: 'company', pages: [] }],
};

describe('contextCentre', () => {
  it('prefers the entity page, then the top search hit, then the last answer', () => {
    const s = usePanelStore.getState();
    expect(contextCentre(s)).toBeUndefined();
    usePanelStore.setState({ qa: { ...s.qa, messages: [answer] } });
    expect(contextCentre(usePanelStore.getState())).toEqual({ id: 'e_ans', reason: 'named first in the last answer' });
    usePanelStore.setState({ search: { ...s.search, query: 'hit ', results: [hit] } });
    expect(contextCentre(usePanelStore.getState())).toEqual({ id: 'e_hit', reason: 'the top search hit for “hit”' });
    usePanelStore.setState({ nav: { view: 'search', entityId: 'e_page' } });
    expect(contextCentre(usePanelStore.getState())).toEqual({ id: 'e_page', reason: REASON.entityPage });
  });

  it('opening the Diagram tab centres on it once; the user’s own choice then stays', () => {
    usePanelStore.setState({ nav: { view: 'search', entityId: 'e_page' } });
    usePanelStore.getState().show('diagram');
    expect(usePanelStore.getState().viz.filters).toMatchObject({ around: 'e_page', reason: REASON.entityPage });
    usePanelStore.setState((s) => ({ viz: { ...s.viz, filters: { ...s.viz.filters, around: undefined, reason: undefined } } }));
    // The same entity page open again: already applied, the user's choice stays.
    usePanelStore.setState({ nav: { view: 'search', entityId: 'e_page' } });
    usePanelStore.getState().show('diagram');
    expect(usePanelStore.getState().viz.filters.around).toBeUndefined();
    // Another entity: a new context, applied.
    usePanelStore.setState({ nav: { view: 'search', entityId: 'e_other' } });
    usePanelStore.getState().show('diagram');
    expect(usePanelStore.getState().viz.filters.around).toBe('e_other');
  });
});
