/**
 * Merge two entities: pick the one to keep and the one to remove and fold into it,
 * see what moves, then confirm. Both are named with their type throughout (two
 * entities can share a name). The preview is read live from the database.
 */
import { asEntityId } from '../../core/graph/ids';
import { attributeMergePreview } from '../attribute-edits';
import { panelGraph } from '../panel-ports';
import { useLiveQuery } from '../live-query';
import { usePanelStore } from '../store';
import { namedWithType, typeWarning } from '../merge-words';
import type { Picked } from '../slices/merge-slice';
import { EntityPicker } from './entity-picker';
import { TypeBadge } from './type-badge';

/** Relationships and evidence counted at most for the preview. */
const PREVIEW_LIMIT = 1000;

function MergePreview({ a, b }: { readonly a: Picked; readonly b: Picked }) {
  const { value } = useLiveQuery(async () => {
    const ia = asEntityId(a.id);
    const ib = asEntityId(b.id);
    if (!ia || !ib) return undefined;
    const graph = panelGraph();
    const [ea, eb] = [await graph.getEntity(ia), await graph.getEntity(ib)];
    if (!ea || !eb) return undefined;
    const rels = await graph.relationshipsOf(ib, 'both', PREVIEW_LIMIT);
    const evidence = await graph.evidenceOfEntity(ib, PREVIEW_LIMIT);
    const { gained, kept } = attributeMergePreview(ea.attributes, eb.attributes);
    return { ea, eb, rels: rels.length, evidence: evidence.length, gained, kept };
  }, [a.id, b.id]);
  if (!value) return null;
  const { ea, eb } = value;
  return (
    <div className="preview" data-testid="merge-preview">
      <p>
        Keep {namedWithType(ea)}; remove {namedWithType(eb)} and fold it in. What moves to {namedWithType(ea)}:
      </p>
      <ul>
        <li>
          {eb.name === ea.name && eb.aliases.length === 0
            ? 'Names: nothing new (the same name).'
            : `Names: “${eb.name}”${eb.aliases.length > 0 ? ` and ${eb.aliases.length} alias(es)` : ''} become aliases of “${ea.name}”.`}
        </li>
        <li>
          {value.rels} relationship(s) and {value.evidence} evidence row(s).
        </li>
        <li>Attributes gained: {value.gained.length > 0 ? value.gained.join(', ') : 'none'}.</li>
        {value.kept.length > 0 && <li>Different values, the kept one keeps its own: {value.kept.join(', ')}.</li>}
      </ul>
      {typeWarning(ea, eb) !== undefined && <p className="warning">{typeWarning(ea, eb)}</p>}
    </div>
  );
}

export function MergeBox() {
  const merge = usePanelStore((s) => s.merge);
  const pickForMerge = usePanelStore((s) => s.pickForMerge);
  const swapMerge = usePanelStore((s) => s.swapMerge);
  const clearMerge = usePanelStore((s) => s.clearMerge);
  const confirmMerge = usePanelStore((s) => s.confirmMerge);
  const undoMerge = usePanelStore((s) => s.undoMerge);
  const slot = (side: 'a' | 'b', label: string) => {
    const picked = merge[side];
    return picked ? (
      <p data-testid={`merge-${side}`}>
        {label}: <strong>{picked.name}</strong>
        {picked.type !== undefined && (
          <>
            {' '}
            <TypeBadge type={picked.type} />
          </>
        )}
      </p>
    ) : (
      <EntityPicker
        label={label}
        onPick={(h) => pickForMerge(side, { id: h.id, name: h.name, type: h.entity_type })}
        {...(side === 'a' ? (merge.b ? { exclude: merge.b.id } : {}) : merge.a ? { exclude: merge.a.id } : {})}
      />
    );
  };
  return (
    <section aria-labelledby="merge-heading" className="stack card">
      <h2 id="merge-heading">Merge duplicates</h2>
      {!merge.a && !merge.b && (
        <p className="muted">
          Two entities that are one thing (“Stripe” and “Stripe, Inc.”)? Pick the one to keep and the one to remove here, or start from an
          entity's page.
        </p>
      )}
      {slot('a', 'Keep')}
      {slot('b', 'Remove and fold into the kept one')}
      {merge.a && merge.b && <MergePreview a={merge.a} b={merge.b} />}
      <div className="actions">
        <button type="button" disabled={!merge.a || !merge.b || merge.busy} onClick={() => void confirmMerge()} data-testid="confirm-merge">
          Merge
        </button>
        <button type="button" disabled={!merge.a && !merge.b} onClick={swapMerge}>
          Swap
        </button>
        <button type="button" disabled={!merge.a && !merge.b} onClick={clearMerge}>
          Clear
        </button>
      </div>
      {merge.done && (
        <p role="status" data-testid="merge-done">
          {merge.done}{' '}
          {merge.lastMergeId && (
            <button type="button" onClick={() => merge.lastMergeId && void undoMerge(merge.lastMergeId)} data-testid="undo-last-merge">
              Undo
            </button>
          )}
        </p>
      )}
      {merge.error && (
        <p role="alert" className="error">
          {merge.error}
        </p>
      )}
    </section>
  );
}
