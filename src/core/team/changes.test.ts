// Change records on the wire: ids, batch ids, and the schema every pulled change is checked against.
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds } from '../graph/ids';
import { InMemoryGraphStore } from '../graph/memory-store';
import { GraphService } from '../graph/service';
import {
  CHANGE_ID,
  changeIds,
  entityUpsert,
  evidenceAdd,
  evidenceDelete,
  mergeApply,
  relationshipUpsert,
  teamChangeSchema,
} from './changes';
import { batchOf } from './team-sync';

async function sample() {
  const clock = fixedClock();
  const graph = new GraphService({ store: new InMemoryGraphStore(), ids: sequentialIds(), clock });
  const ids = changeIds(clock, () => 0.5);
  const stripe = await graph.createEntity({
    name: 'Stripe',
    type: 'company',
    attributes: { ['__proto__']: 'kept as data', founded: '2010' },
  });
  const rust = await graph.createEntity({ name: 'Rust', type: 'technology' });
  const { relationship } = await graph.relate(stripe.id, 'uses', rust.id);
  const evidence = await graph.recordEvidence({
    kind: 'mention',
    entityId: stripe.id,
    pageUrl: 'https://stripe.com',
    pageTitle: 'Stripe',
    snippet: 'Stripe uses Rust.',
  });
  return {
    stripe,
    rust,
    ids,
    changes: [
      entityUpsert(ids.next(), stripe),
      relationshipUpsert(ids.next(), relationship),
      evidenceAdd(ids.next(), evidence),
      evidenceDelete(ids.next(), evidence.id, 7),
    ],
  };
}

describe('team changes', () => {
  it('change ids are unique within one millisecond and look like change ids', () => {
    const ids = changeIds(fixedClock(), () => 0);
    const minted = Array.from({ length: 1000 }, () => ids.next());
    expect(new Set(minted).size).toBe(1000);
    expect(minted.every((id) => CHANGE_ID.test(id))).toBe(true);
  });

  it('a change survives JSON and the schema unchanged, a `__proto__` attribute included as an own key', async () => {
    const { changes } = await sample();
    const back = changes.map((c) => teamChangeSchema.parse(JSON.parse(JSON.stringify(c))));
    expect(back).toEqual(changes);
    const entity = back[0]?.kind === 'entity.upsert' ? back[0].entity : undefined;
    expect(Object.hasOwn(entity?.attributes ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(entity?.attributes)).toBe(null);
  });

  it('refuses a change with a bad id, kind, name or evidence target, saying where', async () => {
    const { changes, stripe, rust } = await sample();
    const [upsert, , evidence] = changes;
    const bad = [
      { ...upsert, changeId: 'nope' },
      { ...upsert, kind: 'entity.explode' },
      upsert?.kind === 'entity.upsert' ? { ...upsert, entity: { ...upsert.entity, id: 'r_1', name: '' } } : undefined,
      evidence?.kind === 'evidence.add' ? { ...evidence, evidence: { ...evidence.evidence, relationshipId: 'r_000001' } } : undefined,
      mergeApply('c_00000000x', sequentialIds().merge(), stripe.id, rust.id, -1),
    ];
    for (const change of bad)
      expect(teamChangeSchema.safeParse(JSON.parse(JSON.stringify(change))).success, JSON.stringify(change)).toBe(false);
    const issue = teamChangeSchema.safeParse({ ...upsert, changeId: 'nope' });
    expect(issue.success ? [] : issue.error.issues.map((i) => i.path.join('.'))).toEqual(['changeId']);
  });

  it('refuses a teammate’s evidence whose page is not an http(s) URL, as local evidence and imports are', async () => {
    const { changes } = await sample();
    const evidence = changes[2];
    if (evidence?.kind !== 'evidence.add') throw new Error('fixture');
    for (const pageUrl of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'stripe.com/about']) {
      const parsed = teamChangeSchema.safeParse({ ...evidence, evidence: { ...evidence.evidence, pageUrl } });
      expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')), pageUrl).toEqual(['evidence.pageUrl']);
    }
    expect(teamChangeSchema.safeParse({ ...evidence, evidence: { ...evidence.evidence, pageUrl: 'HTTP://Stripe.com/a' } }).success).toBe(
      true,
    );
  });

  it('a batch id depends on the changes and their order only', async () => {
    const { changes } = await sample();
    expect(batchOf(changes).batchId).toBe(batchOf([...changes]).batchId);
    expect(batchOf(changes).batchId).not.toBe(batchOf([...changes].reverse()).batchId);
    expect(batchOf(changes).batchId).not.toBe(batchOf(changes.slice(1)).batchId);
  });
});
