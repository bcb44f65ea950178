/**
 * An entity's relationships in both directions, live, each read as a phrase from this
 * entity's side ("founded by", "led by"), with a remove button and its evidence on
 * demand; and a form to add one.
 */
import { useState } from 'react';
import type { EntityId } from '../../core/graph/ids';
import { relationPhrase } from '../../core/graph/relation-phrases';
import type { Entity, Relationship } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { userError } from '../user-error';
import { EntityLink } from './entity-link';
import { EvidenceList } from './evidence-list';
import { RelationAdder } from './relation-adder';

/** Relationships listed per entity at most (hubs can have thousands). */
const MAX_RELATIONSHIPS = 200;

function RelationEvidence({ id }: { readonly id: Relationship['id'] }) {
  const { value } = useLiveQuery(() => panelGraph().evidenceOfRelationship(id, 20), [id]);
  return <EvidenceList evidence={value ?? []} empty="Added by hand: no page says it." />;
}

export function RelationshipList({ entity }: { readonly entity: Entity }) {
  const [error, setError] = useState<string>();
  const { value } = useLiveQuery(async () => {
    const rels = await panelGraph().relationshipsOf(entity.id, 'both', MAX_RELATIONSHIPS);
    const others = await panelGraph().getEntities(rels.map((r) => (r.from === entity.id ? r.to : r.from)));
    return { rels, others: new Map<EntityId, Entity>(others.map((e) => [e.id, e])) };
  }, [entity.id]);

  const remove = async (id: string) => {
    try {
      await callTool('entity_unrelate', { relationship_id: id });
    } catch (e) {
      setError(userError(e));
    }
  };

  return (
    <section aria-labelledby="rels-heading">
      <h3 id="rels-heading">
        Relationships <span className="count">{value?.rels.length ?? 0}</span>
      </h3>
      {value && value.rels.length === 0 && (
        <p className="muted">No relationships yet. Add one below, or capture a page that links it to something.</p>
      )}
      <ul className="relationships" data-testid="relationships">
        {(value?.rels ?? []).map((r) => {
          const outgoing = r.from === entity.id;
          const other = value?.others.get(outgoing ? r.to : r.from);
          return (
            <li key={r.id} data-testid="relationship">
              <em title={r.label} data-testid="relation-phrase">
                {relationPhrase(r.label, outgoing)}
              </em>{' '}
              {other ? <EntityLink id={other.id} name={other.name} type={other.type} /> : <span className="muted">(missing)</span>}
              <details>
                <summary className="small">Evidence and actions</summary>
                <RelationEvidence id={r.id} />
                <button type="button" className="small danger" onClick={() => void remove(r.id)}>
                  Remove this relationship
                </button>
              </details>
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <RelationAdder entity={entity} />
    </section>
  );
}
