/**
 * Relation instances from the annotated pages (the dev gold and `bench/train-pages`) for
 * `tooling/train-relations.ts --pages`: in each evidence sentence of a page's gold relations,
 * the pair the gold states is a positive of its class (`ceo_of` and the other titles are
 * `works_for`, `headquartered_in` is `located_in`); every other pair of the page's gold names
 * found there is `none`, unless the gold states a fact between them elsewhere or one the
 * classifier has no class for (`acquired`, `invested_in`, …): those pairs are left out (the
 * page may say it; a gold lists at most ten facts). A check page is refused.
 *
 * @example
 *   const pairs = pageInstances(['bench/gold-pages', 'bench/train-pages'], checkPages, 14);
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairFeatures, tokenize } from '../../src/extract/relations/features';
import { coarseType, RELATION_CLASSES, type CoarseType, type RelationClass } from '../../src/extract/relations/labels';
import { parsePageGold } from '../eval/page-score';

/** One ordered pair of mentions in a sentence, its features and its class (0: none). */
export interface PairInstance {
  readonly features: number[];
  readonly label: number;
  readonly subject: CoarseType;
  readonly object: CoarseType;
}

/** A JSON object (not an array, not null). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A gold label the classifier has a class for (a title is a job; a head office a place), else undefined. */
export const PAGE_LABEL: ReadonlyMap<string, RelationClass> = new Map<string, RelationClass>([
  ['founded_by', 'founded_by'],
  ['located_in', 'located_in'],
  ['headquartered_in', 'located_in'],
  ['works_for', 'works_for'],
  ['ceo_of', 'works_for'],
  ['coo_of', 'works_for'],
  ['cto_of', 'works_for'],
  ['president_of', 'works_for'],
  ['subsidiary_of', 'subsidiary_of'],
  ['develops', 'develops'],
  ['uses', 'uses'],
  ['spouse_of', 'spouse_of'],
]);

/** Every token-bounded occurrence of `name` in `text` as token indexes. */
function occurrences(text: string, tokens: ReturnType<typeof tokenize>, name: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  if (name.length < 2) return out;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    const start = tokens.findIndex((t) => t.start === at);
    const end = tokens.findIndex((t) => t.end === at + name.length);
    if (start >= 0 && end >= start) out.push({ start, end: end + 1 });
  }
  return out;
}

/** The relation instances of the annotated pages in `dirs` (module header, `--pages`). */
export function pageInstances(dirs: readonly string[], checkPages: ReadonlySet<string>, bits: number): PairInstance[] {
  const out: PairInstance[] = [];
  for (const dir of dirs)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (!isRecord(raw) || typeof raw.page !== 'string') continue;
      const gold = parsePageGold(raw, file);
      if (checkPages.has(gold.page)) throw new Error(`train:relations: ${gold.page} is a check page: it may not train anything`);
      const entities = [...gold.must, ...(gold.precision?.entities ?? [])];
      const relations = (Array.isArray(raw.relations) ? raw.relations : [])
        .filter(isRecord)
        .flatMap((r) =>
          typeof r.from === 'string' && typeof r.to === 'string' && typeof r.label === 'string' && typeof r.evidence === 'string'
            ? [{ from: r.from, to: r.to, label: r.label, evidence: r.evidence }]
            : [],
        );
      const stated = new Set(relations.flatMap((r) => [`${r.from}|${r.to}`, `${r.to}|${r.from}`]));
      for (const evidence of new Set(relations.map((r) => r.evidence))) {
        const tokens = tokenize(evidence);
        const mentions = entities.flatMap((e) =>
          [...new Set([e.name, ...e.aliases])].flatMap((n) =>
            occurrences(evidence, tokens, n).map((at) => ({ entity: e.name, span: { ...at, type: coarseType(e.type) } })),
          ),
        );
        // A name inside a longer found name ("Apple" in "Apple Music") is not a mention of its own.
        const kept = mentions.filter(
          (m) =>
            !mentions.some(
              (o) =>
                o !== m &&
                o.span.start <= m.span.start &&
                o.span.end >= m.span.end &&
                o.span.end - o.span.start > m.span.end - m.span.start,
            ),
        );
        for (const sub of kept)
          for (const obj of kept) {
            if (sub.entity === obj.entity) continue;
            const here = relations.find((r) => r.evidence === evidence && r.from === sub.entity && r.to === obj.entity);
            const label = here === undefined ? undefined : PAGE_LABEL.get(here.label);
            // A fact stated elsewhere or one the classifier has no class for: neither a positive nor a `none`.
            if (here !== undefined ? label === undefined : stated.has(`${sub.entity}|${obj.entity}`)) continue;
            const others = kept.filter((m) => m !== sub && m !== obj).map((m) => m.span);
            out.push({
              features: pairFeatures(tokens, sub.span, obj.span, others, bits),
              label: label === undefined ? 0 : RELATION_CLASSES.indexOf(label),
              subject: sub.span.type,
              object: obj.span.type,
            });
          }
      }
    }
  return out;
}
