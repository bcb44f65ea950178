/**
 * `npm run eval:miss-shapes -- --gold <dir>`: each gold page built into its own graph as
 * `eval:relations` builds it, and every gold relation the graph misses put in one class of
 * shape (`tooling/eval/miss-shape.ts`: an end not recognized or typed wrong, another
 * label, an anaphor, not in one sentence, a list, an apposition, far apart, no known
 * trigger). Prints the table of counts (and shares) only, never the sentences: the check
 * set's table locates its losses without its text being read to write rules.
 *
 *   npm run eval:miss-shapes -- --gold bench/check-pages [--pages ../shared/corpus/pages]
 *   npm run eval:miss-shapes -- --gold <dev or rule-dev dir> --list   (also each miss: shape, label, ends, sentence;
 *                                                                        refused on a folder holding a check page)
 *
 * Last line: JSON `{ pages, gold, missed, shapes: { <shape>: n } }`.
 */
import { readFileSync } from 'node:fs';
import type { EntityId } from '../src/core/graph/ids';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import { goldKey } from '../tooling/eval/page-score';
import { MISS_SHAPES, missShape, sentenceShape, type MissShape } from '../tooling/eval/miss-shape';
import {
  allEntities,
  allRelationships,
  buildGraph,
  goldArgs,
  matchGoldRelation,
  namesOf,
  pageFile,
  holdsCheckPages,
  pageUrl,
  readGoldRelations,
} from './relations-gold';

const { goldDir, pagesDir } = goldArgs('eval:miss-shapes', '');
const list = process.argv.includes('--list');
if (list && holdsCheckPages(goldDir)) {
  console.error(
    `eval:miss-shapes: --list prints sentences, and ${goldDir} holds a check page; rules are not written against the check sets`,
  );
  process.exit(2);
}
const counts = new Map<MissShape, number>(MISS_SHAPES.map((s) => [s, 0]));
/** Per shape, the gold labels missed (a shape's losses by relation kind). */
const labels = new Map<MissShape, Map<string, number>>(MISS_SHAPES.map((s) => [s, new Map()]));
/** Per sentence shape, gold relations and those found: what each shape's readers cover. */
const covered = new Map<string, { gold: number; found: number }>();
let pages = 0;
let gold = 0;
let missed = 0;
for (const page of readGoldRelations(goldDir)) {
  const file = pageFile(pagesDir, page.page);
  if (file === undefined) continue;
  const { store } = await buildGraph([{ html: readFileSync(file, 'utf8'), url: pageUrl(page.page) }]);
  const entities = await allEntities(store);
  const rels = await allRelationships(store);
  const typed = rels.filter((r) => r.label !== MENTIONED_WITH);
  const byId = new Map(entities.map((e) => [e.id, e]));
  const keysOf = (id: EntityId): Set<string> => {
    const e = byId.get(id);
    return new Set(e === undefined ? [] : [e.name, ...e.aliases].map(goldKey));
  };
  pages += 1;
  const end = (goldName: string, e: (typeof entities)[number] | undefined) => {
    const all = [...namesOf(page, goldName), ...(e === undefined ? [] : [e.name, ...e.aliases])];
    // A person is named again by the surname alone ("said Ms Quinn"): that is a naming, not an anaphor.
    const surnames = e?.type === 'person' ? all.flatMap((n) => n.split(/\s+/).slice(1).slice(-1)) : [];
    return { names: [...all, ...surnames], ...(e === undefined ? {} : { type: e.type }) };
  };
  for (const g of page.relations) {
    gold += 1;
    const { isFrom, isTo, hit, pair } = matchGoldRelation(page, g, keysOf, typed);
    const fromEntity = entities.find((e) => isFrom(e.id));
    const toEntity = entities.find((e) => isTo(e.id));
    const others = entities.filter((e) => e !== fromEntity && e !== toEntity).map((e) => e.name);
    const seen = sentenceShape(g.evidence, end(g.from, fromEntity).names, end(g.to, toEntity).names, others);
    const c = covered.get(seen) ?? { gold: 0, found: 0 };
    covered.set(seen, { gold: c.gold + 1, found: c.found + (hit ? 1 : 0) });
    if (hit) continue;
    missed += 1;
    const shape = missShape({
      label: g.label,
      evidence: g.evidence,
      from: end(g.from, fromEntity),
      to: end(g.to, toEntity),
      fromInGraph: fromEntity !== undefined,
      toInGraph: toEntity !== undefined,
      pairTyped: pair,
      others,
    });
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
    if (list) console.log(`${shape} | ${page.page} | ${g.from} ${g.label} ${g.to} | ${g.evidence}`);
    const byLabel = labels.get(shape);
    byLabel?.set(g.label, (byLabel.get(g.label) ?? 0) + 1);
  }
}
const round = (x: number) => Math.round(x * 1000) / 1000;
console.log(`${goldDir}: ${pages} pages, ${gold} gold relations, ${missed} missed`);
for (const [shape, n] of counts) {
  const kinds = [...(labels.get(shape) ?? [])].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  console.log(
    `  ${shape.padEnd(22)} ${String(n).padStart(4)}  ${round(n / Math.max(1, missed))}  ${kinds.map(([l, k]) => `${l} ${k}`).join(', ')}`,
  );
}
console.log('how the evidence sentence states the pair (found / gold, all gold relations; "trigger not known" = close and alone):');
for (const [shape, c] of [...covered].sort((a, b) => b[1].gold - a[1].gold))
  console.log(`  ${shape.padEnd(22)} ${String(c.found).padStart(4)}/${String(c.gold).padEnd(4)} ${round(c.found / Math.max(1, c.gold))}`);
console.log(JSON.stringify({ pages, gold, missed, shapes: Object.fromEntries(counts), covered: Object.fromEntries(covered) }));
