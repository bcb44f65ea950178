/**
 * What one captured page gave the graph, shown when its row in the Pages view is opened:
 * its entities (typed, each with the sentence it was read from on this page), the
 * relationships it stated (with their sentence), and the notes its capture left. Read live
 * from the graph, bounded; everything here came from the page and is rendered as text. Its
 * entities can be ticked for the bulk bar (delete, retype, merge, one undo).
 */
import type { Entity, Evidence, Page, Relationship } from '../../core/graph/types';
import { verbPhrase } from '../../core/query/sentences';
import { useLiveQuery } from '../live-query';
import { panelGraph } from '../panel-ports';
import { SelectAllShown, SelectBox } from './bulk-bar';
import { EntityLink } from './entity-link';
import { TypeBadge } from './type-badge';

/** Entities and relationships listed at most per page (the entity pages and the export have them all). */
const MAX_SHOWN = 50;
/** Evidence rows read for the sentences (a page with more keeps its first ones' sentences). */
const EVIDENCE_SCAN = 500;

interface Details {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
  /** The first sentence this page gave for each entity id and each relationship id. */
  readonly sentence: ReadonlyMap<string, string>;
  /** Names of the relationships' ends that are not among `entities`. */
  readonly names: ReadonlyMap<string, Entity>;
}

async function readDetails(page: Page): Promise<Details> {
  const graph = panelGraph();
  const [entities, evidence, relationships] = await Promise.all([
    graph.getEntities([...new Set(page.entityIds)].slice(0, MAX_SHOWN)),
    graph.evidenceOfPage(page.url, EVIDENCE_SCAN),
    Promise.all(page.relationshipIds.slice(0, MAX_SHOWN).map((id) => graph.getRelationship(id))),
  ]);
  const rels = relationships.filter((r): r is Relationship => r !== undefined);
  const known = new Map(entities.map((e) => [String(e.id), e]));
  const missing = [...new Set(rels.flatMap((r) => [r.from, r.to]))].filter((id) => !known.has(id));
  for (const e of await graph.getEntities(missing)) known.set(e.id, e);
  return { entities, relationships: rels, sentence: sentences(evidence), names: known };
}

function sentences(evidence: readonly Evidence[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ev of evidence) {
    const key = ev.relationshipId ?? ev.entityId;
    if (key !== undefined && !out.has(key) && ev.snippet.trim() !== '') out.set(key, ev.snippet);
  }
  return out;
}

function Sentence({ text }: { readonly text: string | undefined }) {
  return text === undefined ? null : (
    <blockquote className="small" data-testid="page-detail-sentence">
      {text}
    </blockquote>
  );
}

function More({ shown, total, what }: { readonly shown: number; readonly total: number; readonly what: string }) {
  return total > shown ? (
    <p className="muted small">
      and {total - shown} more {what}: open an entity, or export the graph, to see them all.
    </p>
  ) : null;
}

function EndName({ id, names }: { readonly id: string; readonly names: ReadonlyMap<string, Entity> }) {
  const e = names.get(id);
  return e === undefined ? <span className="muted">(deleted)</span> : <EntityLink id={e.id} name={e.name} type={e.type} />;
}

export function PageDetails({ page, id }: { readonly page: Page; readonly id: string }) {
  const { value, error } = useLiveQuery(() => readDetails(page), [page]);
  return (
    <div id={id} className="page-details" data-testid="page-details">
      {error && (
        <p role="alert" className="error">
          Could not read what this page gave ({error.message}).
        </p>
      )}
      {value === undefined && !error && <p className="muted">Loading…</p>}
      {value !== undefined && (
        <>
          <h3>Entities</h3>
          {value.entities.length === 0 ? (
            <p className="muted small">This page gave no entities.</p>
          ) : (
            <ul className="plain">
              {value.entities.map((e) => (
                <li key={e.id} data-testid="page-detail-entity" data-entity-type={e.type}>
                  <SelectBox entity={{ id: e.id, name: e.name, type: e.type }} /> <EntityLink id={e.id} name={e.name} type={e.type} />{' '}
                  <TypeBadge type={e.type} />
                  <Sentence text={value.sentence.get(e.id)} />
                </li>
              ))}
            </ul>
          )}
          <SelectAllShown entities={value.entities.map((e) => ({ id: e.id, name: e.name, type: e.type }))} />
          <More shown={value.entities.length} total={new Set(page.entityIds).size} what="entities" />
          {value.relationships.length > 0 && (
            <>
              <h3>Relationships</h3>
              <ul className="plain">
                {value.relationships.map((r) => (
                  <li key={r.id} data-testid="page-detail-relationship">
                    <EndName id={r.from} names={value.names} /> {verbPhrase(r.label)} <EndName id={r.to} names={value.names} />
                    <Sentence text={value.sentence.get(r.id)} />
                  </li>
                ))}
              </ul>
              <More shown={value.relationships.length} total={page.relationshipIds.length} what="relationships" />
            </>
          )}
          {(page.notes?.length ?? 0) > 0 && (
            <>
              <h3>Notes from the capture</h3>
              <ul className="plain small" data-testid="page-detail-notes">
                {page.notes?.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}
