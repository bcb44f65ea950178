/**
 * An entity's page: everything known about it, read live from the database (name,
 * type, aliases, attributes, description, relationships both ways with their
 * evidence, the pages it appeared on), with edit, merge, add/remove relationship
 * and delete (confirmed). Its evidence comes ranked by how much each passage says;
 * Escape goes back to the view underneath (unless a field or a dialog took it).
 */
import { useEffect, useState } from 'react';
import { rankEvidence } from '../../core/graph/evidence-rank';
import { asEntityId } from '../../core/graph/ids';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { usePanelStore } from '../store';
import { EntityActions } from './entity-actions';
import { EntityEditor } from './entity-editor';
import { EvidenceList } from './evidence-list';
import { mentionWords } from './mention-count';
import { PageLink } from './page-link';
import { RelationshipList } from './relationship-list';
import { TypeBadge } from './type-badge';

/** Pages and evidence rows read at most. */
const MAX_ROWS = 100;

/** Escape closes the entity page, unless a field, a menu or an open dialog used it first. */
function useEscapeToClose(close: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : undefined;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="menu"]')) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);
}

export function EntityPage({ entityId }: { readonly entityId: string }) {
  const closeEntity = usePanelStore((s) => s.closeEntity);
  const touchEntity = usePanelStore((s) => s.touchEntity);
  const [editing, setEditing] = useState(false);
  useEscapeToClose(closeEntity);
  const id = asEntityId(entityId);
  const { value: entity } = useLiveQuery(async () => (id ? ((await panelGraph().getEntity(id)) ?? null) : null), [id]);
  const { value: pages } = useLiveQuery(async () => (id ? panelGraph().pagesOfEntity(id, MAX_ROWS) : []), [id]);
  const { value: evidence } = useLiveQuery(async () => (id ? rankEvidence(await panelGraph().evidenceOfEntity(id, MAX_ROWS)) : []), [id]);

  useEffect(() => {
    if (entity) touchEntity({ id: entity.id, name: entity.name, type: entity.type });
    // Remembered once per opened entity, not on every live update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity?.id]);

  if (entity === undefined) return <p className="muted">Loading…</p>;
  if (entity === null) {
    return (
      <section className="stack">
        <button type="button" onClick={closeEntity}>
          ← Back
        </button>
        <p className="muted">This entity no longer exists (it was deleted or merged into another). Search for it again.</p>
      </section>
    );
  }
  return (
    <article className="stack entity-page" aria-labelledby="entity-name" data-testid="entity-page">
      <button type="button" onClick={closeEntity} className="back">
        ← Back
      </button>
      <header>
        <h2 id="entity-name" data-testid="entity-name">
          {entity.name}
        </h2>
        <TypeBadge type={entity.type} />{' '}
        <span className="count" data-testid="mention-count">
          {mentionWords(entity.mentionCount)}
        </span>
      </header>
      {editing ? (
        <EntityEditor entity={entity} onDone={() => setEditing(false)} />
      ) : (
        <>
          {entity.aliases.length > 0 && (
            <p>
              <span className="muted">Also known as </span>
              {entity.aliases.join(', ')}
            </p>
          )}
          {entity.description && <p>{entity.description}</p>}
          {Object.keys(entity.attributes).length > 0 && (
            <dl className="attributes">
              {Object.entries(entity.attributes).map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          )}
          <EntityActions entity={entity} onEdit={() => setEditing(true)} />
        </>
      )}
      <RelationshipList entity={entity} />
      <section aria-labelledby="evidence-heading">
        <h3 id="evidence-heading">Where it was read</h3>
        <EvidenceList evidence={evidence ?? []} empty="No page mentions it: it was added by hand or by an agent." />
      </section>
      <section aria-labelledby="pages-heading">
        <h3 id="pages-heading">
          Pages <span className="count">{pages?.length ?? 0}</span>
        </h3>
        <ul className="plain">
          {(pages ?? []).map((p) => (
            <li key={p.url}>
              <PageLink url={p.url} title={p.title} /> <span className="muted">{new Date(p.capturedAt).toLocaleDateString()}</span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
