/**
 * An entity's relationships in both directions, live, each with a remove button and
 * its evidence on demand; and a form to add one.
 */
import { useState } from 'react';
import type { EntityId } from '../../core/graph/ids';
import type { Entity, Relationship } from '../../core/graph/types';
import { callTool } from '../../messaging/client';
import { panelDb, readStore } from '../database';
import { useLiveQuery } from '../live-query';
import { userError } from '../user-error';
import { EntityLink } from './entity-link';
import { EvidenceList } from './evidence-list';
import { RelationAdder } from './relation-adder';

/** Relationships listed per entity at most (hubs can have thousands). */
const MAX_RELATIONSHIPS = 200;

function RelationEvidence({ id }: { readonly id: Relationship['id'] }) {
  const { value } = useLiveQuery(() => readStore.evidenceOfRelationship(id, 20), [id]);
  return <EvidenceList evidence={value ?? []} empty="Added by hand: no page says it." />;
}

export function RelationshipList({ entity }: { readonly entity: Entity }) {
  const [error, setError] = useState<string>();
  const { value } = useLiveQuery(async () => {
    const rels = await readStore.relationshipsOf(entity.id, 'both', MAX_RELATIONSHIPS);
    const others = await panelDb.entities.bulkGet(rels.map((r) => (r.from === entity.id ? r.to : r.from)));
    return { rels, others: new Map(others.flatMap((e) => (e ? [[e.id, e] as [EntityId, Entity]] : []))) };
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
      <h3 id="rels-heading">Relationships <span className="count">{value?.rels.length ?? 0}</span></h3>
      {value && value.rels.length === 0 && <p className="muted">No relationships yet. Add one below, or capture a page that links it to something.</p>}
      <ul className="relationships" data-testid="relationships">
        {(value?.rels ?? []).map((r) => {
          const outgoing = r.from === entity.id;
          const other = value?.others.get(outgoing ? r.to : r.from);
          return (
            <li key={r.id} data-testid="relationship">
              {outgoing ? <>→ <em>{r.label}</em> </> : <>← <em>{r.label}</em> of </>}
              {other ? <EntityLink id={other.id} name={other.name} type={other.type} /> : <span className="muted">(missing)</span>}
              <details>
                <summary className="small">Evidence and actions</summary>
                <RelationEvidence id={r.id} />
                <button type="button" className="small danger" onClick={() => void remove(r.id)}>Remove this relationship</button>
              </details>
            </li>
          );
        })}
      </ul>
      {error && <p role="alert" className="error">{error}</p>}
      <RelationAdder entity={entity} />
    </section>
  );
}
