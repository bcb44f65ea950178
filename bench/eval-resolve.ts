/**
 * Entity-resolution evaluation on AIDA CoNLL-YAGO.
 *
 *   npm run eval:resolve -- ../shared/corpus/el/aida-conll-dev.restored.jsonl
 *
 * Feeds each document's gold mention spans in order (document text as context, no
 * gold types: each mention typed by the shipped recognizer, as ingestion would) to the
 * resolver over a graph that grows across documents, the way ingestion does: resolved → the mention joins that entity; ambiguous or not_found →
 * a new entity (ingestion's provisional entity; `EVAL_AMBIGUOUS=top` instead joins the
 * top candidate, as a user accepting the first suggestion would; `EVAL_AUTO_ACCEPT`
 * sets the threshold, default 0.85). Prints B-cubed precision/recall/F1 over non-NIL mentions (mentions
 * sharing a Wikidata id are one entity), across documents and within documents,
 * next to the surface-string baselines; the last line is a JSON summary.
 *
 * Like ingestion, each mention leaves evidence (the text around it) on the entity it
 * joins and each document is recorded as a page with its entities, so the resolver's
 * co-mention feature sees which entities shared pages.
 *
 * Options (after the file): `--split A|B` keeps every other document (A: the 1st, 3rd, …
 * in file order; B: the 2nd, 4th, …), so weights fitted on one half are checked on the
 * other; `--limit N` keeps the first N documents (quick iteration); `--errors` prints the
 * worst merged and split gold entities; `--types none|ner|gold` (see below).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import type { EntityId } from '../src/core/graph/ids';
import { asEntityId } from '../src/core/graph/ids';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { GraphService } from '../src/core/graph/service';
import { isFullerPersonName } from '../src/core/ingest/ingest';
import { isShortFormOf } from '../src/core/resolve/features';
import type { Features } from '../src/core/resolve/features';
import { createResolver } from '../src/core/resolve/resolver';
import { fold, nameKey } from '../src/core/text/normalize';
import type { EntityType } from '../src/core/graph/types';
import { createTrainedRecognizer } from '../src/extract/ner';

interface Label {
  readonly span: readonly [number, number];
  readonly entity_id: string;
  readonly type?: string;
}
interface Doc {
  readonly id: number;
  readonly text: string;
  readonly labels: readonly Label[];
}
interface Mention {
  readonly doc: number;
  readonly surface: string;
  readonly gold: string;
}

const file = process.argv[2] ?? '../shared/corpus/el/aida-conll-dev.restored.jsonl';
if (!existsSync(file)) {
  console.log(`eval-resolve: ${file} not found (the corpus lives in ../shared/corpus); nothing to evaluate.`);
  console.log(JSON.stringify({ skipped: true, reason: 'corpus absent' }));
  process.exit(0);
}
const args = process.argv.slice(3);
const optionOf = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const SPLIT = optionOf('--split')?.toUpperCase();
const LIMIT = Number(optionOf('--limit') ?? 'Infinity');
/** Characters on each side of a mention kept as its evidence snippet (snippets are bounded to 400). */
const SNIPPET_WINDOW = 180;
/**
 * `--types ner` (default): each mention is typed as ingestion types it: the shipped
 * recognizer's type of the span (trained on CoNLL eng.train, not on these documents),
 * one type per name on a page by majority, as the page analysis votes. `--types none`
 * sends no type at all; `--types gold` is the diagnostic bound below. No gold type is
 * ever used otherwise.
 */
const TYPES = optionOf('--types') ?? 'ner';
const recognizer = TYPES === 'ner' ? createTrainedRecognizer() : undefined;
const allDocs: Doc[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim().length > 0)
  .map((l) => JSON.parse(l) as Doc);
const docs = allDocs.filter((_, i) => SPLIT === undefined || (SPLIT === 'A' ? i % 2 === 0 : i % 2 === 1)).slice(0, LIMIT);
/** `EVAL_AMBIGUOUS=top` joins an ambiguous mention to the top candidate (a user accepting the first suggestion). */
const AMBIGUOUS = process.env.EVAL_AMBIGUOUS === 'top' ? 'top' : 'new';
const AUTO_ACCEPT = Number(process.env.EVAL_AUTO_ACCEPT ?? '0.85');
const isNil = (qid: string): boolean => !/^Q\d+$/.test(qid);

/** B-cubed over the mentions whose gold id is not NIL. */
function bcubed(mentions: readonly Mention[], predicted: readonly string[]): { precision: number; recall: number; f1: number } {
  const idx = mentions.map((m, i) => i).filter((i) => !isNil(mentions[i]?.gold ?? ''));
  const byPred = new Map<string, number[]>();
  const byGold = new Map<string, number[]>();
  for (const i of idx) {
    const p = predicted[i] ?? '';
    const g = mentions[i]?.gold ?? '';
    byPred.set(p, [...(byPred.get(p) ?? []), i]);
    byGold.set(g, [...(byGold.get(g) ?? []), i]);
  }
  let P = 0;
  let R = 0;
  for (const i of idx) {
    const pc = byPred.get(predicted[i] ?? '') ?? [];
    const gc = byGold.get(mentions[i]?.gold ?? '') ?? [];
    const gs = new Set(gc);
    const inter = pc.filter((j) => gs.has(j)).length;
    P += inter / pc.length;
    R += inter / gc.length;
  }
  const precision = idx.length ? P / idx.length : 0;
  const recall = idx.length ? R / idx.length : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** Within-document B-cubed: each document scored alone, averaged over mentions. */
function withinDoc(mentions: readonly Mention[], predicted: readonly string[]): { precision: number; recall: number; f1: number } {
  let n = 0;
  let P = 0;
  let R = 0;
  const docsIds = [...new Set(mentions.map((m) => m.doc))];
  for (const d of docsIds) {
    const ix = mentions.map((_, i) => i).filter((i) => mentions[i]?.doc === d);
    const ms = ix.map((i) => mentions[i]).filter((m): m is Mention => m !== undefined);
    const k = ms.filter((m) => !isNil(m.gold)).length;
    const s = bcubed(
      ms,
      ix.map((i) => predicted[i] ?? ''),
    );
    P += s.precision * k;
    R += s.recall * k;
    n += k;
  }
  const precision = P / n;
  const recall = R / n;
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

const mentions: Mention[] = docs.flatMap((d) =>
  d.labels.map((l) => ({ doc: d.id, surface: d.text.slice(l.span[0], l.span[1]), gold: l.entity_id })),
);
/** Wikidata classes of the gold types: geographic entity, human, organization. */
const GOLD_CLASSES: readonly (readonly [string, EntityType])[] = [
  ['Q27096213', 'location'],
  ['Q215627', 'person'],
  ['Q43229', 'company'],
];

/**
 * The type of each gold span: the recognizer's (the recognized mention overlapping it
 * most, else 'other'), or with `--types gold` the gold label's coarse class — a
 * diagnostic upper bound on what typing mentions could give, not a figure of the product.
 */
function typesOf(doc: Doc): EntityType[] {
  if (TYPES === 'gold') return doc.labels.map((l) => GOLD_CLASSES.find(([q]) => (l.type ?? '').split('|').includes(q))?.[1] ?? 'other');
  if (recognizer === undefined) return doc.labels.map(() => 'other');
  const found = recognizer.recognize(doc.text);
  const perMention = doc.labels.map((l) => {
    let best: EntityType = 'other';
    let bestOverlap = 0;
    for (const m of found) {
      const overlap = Math.min(m.end, l.span[1]) - Math.max(m.start, l.span[0]);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = m.type;
      }
    }
    return best;
  });
  // As the page analysis does: one type per name on a page, by majority of its typed mentions.
  const votes = new Map<string, Map<EntityType, number>>();
  doc.labels.forEach((l, i) => {
    const t = perMention[i] ?? 'other';
    if (t === 'other') return;
    const key = fold(doc.text.slice(l.span[0], l.span[1]));
    const v = votes.get(key) ?? new Map<EntityType, number>();
    v.set(t, (v.get(t) ?? 0) + 1);
    votes.set(key, v);
  });
  return doc.labels.map((l, i) => {
    const v = votes.get(fold(doc.text.slice(l.span[0], l.span[1])));
    if (v === undefined) return perMention[i] ?? 'other';
    return [...v].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
  });
}

/** The document text around a span, cut at word boundaries. */
function windowOf(text: string, span: readonly [number, number], width: number): string {
  if (width <= 0) return '';
  const from = Math.max(0, span[0] - width);
  const to = Math.min(text.length, span[1] + width);
  return text
    .slice(from, to)
    .replace(/^\S*\s/, '')
    .replace(/\s\S*$/, '');
}
const exact = bcubed(
  mentions,
  mentions.map((m) => m.surface),
);
const folded = bcubed(
  mentions,
  mentions.map((m) => fold(m.surface)),
);

const store = new InMemoryGraphStore();
const clock = fixedClock();
const graph = new GraphService({ store, ids: sequentialIds(), clock });
/** `EVAL_WEIGHTS='{"topic_gap":-4}'` overrides resolver weights (fitting on one split, checking on the other). */
const weights = process.env.EVAL_WEIGHTS ? (JSON.parse(process.env.EVAL_WEIGHTS) as Partial<Features>) : undefined;
const resolver = createResolver({ store, clock, settings: { networkLookups: false }, ...(weights ? { weights } : {}) });
const predicted: string[] = [];
const debugLog: string[] = [];
const fitRows: string[] = [];
const provisionals = new Map<string, EntityId>();
const goldOf = new Map<string, string>();
const statuses: Record<string, number> = {};
const started = performance.now();
const cpuStarted = process.cpuUsage();
for (const doc of docs) {
  const surfaces = doc.labels.map((l) => doc.text.slice(l.span[0], l.span[1]));
  const pageIds: EntityId[] = [];
  const pageUrl = `aida:${doc.id}`;
  const types = typesOf(doc);
  // The document's distinct names (first 50): what the page mentions besides the subject.
  const docNames = [...new Set(surfaces)].slice(0, 50);
  for (const [k, surface] of surfaces.entries()) {
    const label = doc.labels[k];
    const type = types[k] ?? 'other';
    const hints = type === 'other' ? {} : { hints: { expected_type: type } };
    const snippet = label ? windowOf(doc.text, label.span, SNIPPET_WINDOW) : '';
    const gold = mentions[predicted.length]?.gold ?? '';
    if (process.env.EVAL_FIT && !isNil(gold)) {
      // Training rows for the logistic weights: every candidate's features, labelled by gold.
      const all = await resolver.resolve(
        {
          subject: surface,
          constraints: { deterministic: true, min_confidence: 0, max_candidates: 10 },
          debug: { include_explanations: true },
          ...hints,
        },
        { pageUrl, pageNames: surfaces, pageEntityIds: pageIds, coMentions: docNames.filter((s) => s !== surface) },
      );
      for (const x of all.explanations ?? []) {
        const g = goldOf.get(x.id);
        if (g !== undefined && !isNil(g)) fitRows.push(JSON.stringify({ y: g === gold ? 1 : 0, f: x.features }));
      }
    }
    const res = await resolver.resolve(
      { subject: surface, constraints: { deterministic: true }, strategy: { auto_accept_threshold: AUTO_ACCEPT }, ...hints },
      { pageUrl, pageNames: surfaces, pageEntityIds: pageIds, coMentions: docNames.filter((s) => s !== surface) },
    );
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (process.env.EVAL_DEBUG)
      debugLog.push(
        `${res.status}\t${surface}\t${doc.id}\t${mentions[predicted.length]?.gold}\t${res.candidates.map((c) => `${c.label}:${c.confidence}:${goldOf.get(c.id) ?? ''}`).join('|')}\t${res.entity ? `${res.entity.label}:${goldOf.get(res.entity.id)}` : ''}\t${res.ambiguity?.dimension ?? ''}`,
      );
    // As ingestion does: an ambiguous mention joins the pending provisional entity of the same name if offered.
    const provisional = res.status === 'ambiguous' ? provisionals.get(nameKey(surface)) : undefined;
    const chosen =
      res.status === 'resolved'
        ? res.entity?.id
        : res.status === 'ambiguous' && AMBIGUOUS === 'top'
          ? res.candidates[0]?.id
          : provisional !== undefined && res.candidates.some((c) => c.id === provisional)
            ? provisional
            : undefined;
    let id = chosen === undefined ? undefined : asEntityId(chosen);
    if (id !== undefined) {
      const e = await store.getEntity(id);
      // As ingestion does: a person known by a short form takes the full name; other names become aliases.
      if (e && isFullerPersonName(e, { name: surface, type }))
        await graph.updateEntity(id, { name: surface, aliases: [e.name, ...e.aliases] });
      else if (e && fold(e.name) !== fold(surface) && !isShortFormOf(surface, e.name) && !e.aliases.some((a) => fold(a) === fold(surface)))
        await graph.addAliases(id, [surface]);
      await graph.mergeAttributes(id, {}, { mentions: 1 });
    } else {
      id = (await graph.createEntity({ name: surface, type })).id;
      if (res.status === 'ambiguous' && !provisionals.has(nameKey(surface))) provisionals.set(nameKey(surface), id);
    }
    if (snippet.length > 0) await graph.recordEvidence({ kind: 'mention', entityId: id, pageUrl, pageTitle: '', snippet });
    if (!pageIds.includes(id)) pageIds.push(id);
    if (!goldOf.has(id)) goldOf.set(id, mentions[predicted.length]?.gold ?? '');
    predicted.push(id);
  }
  // As ingestion does: the page is recorded with the entities it mentioned.
  await graph.recordPage({ url: pageUrl, title: '', entityIds: pageIds });
}
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
// CPU seconds of this process: on a shared machine wall time measures the neighbours too.
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
if (process.env.EVAL_DEBUG) (await import('node:fs')).writeFileSync(process.env.EVAL_DEBUG, debugLog.join('\n'));
if (process.env.EVAL_FIT) (await import('node:fs')).writeFileSync(process.env.EVAL_FIT, fitRows.join('\n'));
const cross = bcubed(mentions, predicted);
const within = withinDoc(mentions, predicted);
const r = (x: number): number => Math.round(x * 10000) / 10000;
const fmt = (s: { precision: number; recall: number; f1: number }) => ({ precision: r(s.precision), recall: r(s.recall), f1: r(s.f1) });

if (args.includes('--errors')) {
  const names = new Map<string, string>();
  for (const e of await store.getEntities([...new Set(predicted)].flatMap((p) => asEntityId(p) ?? []))) names.set(e.id, e.name);
  printErrors(mentions, predicted, names);
}

/** The predicted entities mixing most gold ids (precision losses) and the gold ids split most (recall losses). */
function printErrors(ms: readonly Mention[], pred: readonly string[], names: ReadonlyMap<string, string>): void {
  const groups = (keyOf: (i: number) => string, valueOf: (i: number) => string): Map<string, Map<string, number>> => {
    const out = new Map<string, Map<string, number>>();
    ms.forEach((m, i) => {
      if (isNil(m.gold)) return;
      const g = out.get(keyOf(i)) ?? new Map<string, number>();
      g.set(valueOf(i), (g.get(valueOf(i)) ?? 0) + 1);
      out.set(keyOf(i), g);
    });
    return out;
  };
  // Loss of a cluster in B-cubed mention units: n - Σ parts² / n.
  const loss = (parts: Map<string, number>): number => {
    const n = [...parts.values()].reduce((a, b) => a + b, 0);
    return n - [...parts.values()].reduce((a, b) => a + b * b, 0) / n;
  };
  const surfaceOf = new Map<string, string>();
  for (const m of ms) if (!surfaceOf.has(m.gold)) surfaceOf.set(m.gold, m.surface);
  const byGold = groups(
    (i) => pred[i] ?? '',
    (i) => ms[i]?.gold ?? '',
  );
  const merged = [
    ...groups(
      (i) => pred[i] ?? '',
      (i) => `${ms[i]?.gold}:${ms[i]?.surface}`,
    ),
  ]
    .map(([k, v]) => ({ k, v, l: loss(byGold.get(k) ?? new Map<string, number>()) }))
    .sort((a, b) => b.l - a.l)
    .slice(0, 25);
  console.log('worst merges (predicted entity: gold:surface × mentions)');
  for (const x of merged) console.log(`  ${x.l.toFixed(1)}  ${x.k}  ${[...x.v].map(([g, n]) => `${g}×${n}`).join(' ')}`);
  const split = [
    ...groups(
      (i) => ms[i]?.gold ?? '',
      (i) => pred[i] ?? '',
    ),
  ]
    .map(([k, v]) => ({ k, v, l: loss(v) }))
    .sort((a, b) => b.l - a.l)
    .slice(0, 25);
  console.log('worst splits (gold entity: predicted × mentions)');
  for (const x of split)
    console.log(
      `  ${x.l.toFixed(1)}  ${x.k} ${surfaceOf.get(x.k)}  ${[...x.v].map(([p, n]) => `${p}(${names.get(p) ?? ''})×${n}`).join(' ')}`,
    );
}

console.log(`AIDA file: ${file}`);
console.log(
  `types ${TYPES === 'gold' ? 'GOLD (diagnostic upper bound, not a product figure)' : recognizer ? `from ${recognizer.name}` : 'none'}`,
);
console.log(`split ${SPLIT ?? 'all'}${Number.isFinite(LIMIT) ? `, first ${LIMIT} documents` : ''}`);
console.log(
  `documents ${docs.length}, mentions ${mentions.length} (non-NIL ${mentions.filter((m) => !isNil(m.gold)).length}), entities created ${await store.countEntities()}`,
);
console.log(`statuses ${JSON.stringify(statuses)}`);
console.log(`baseline exact strings      cross-doc F1 ${r(exact.f1)} (P ${r(exact.precision)} R ${r(exact.recall)})`);
console.log(`baseline case-folded        cross-doc F1 ${r(folded.f1)} (P ${r(folded.precision)} R ${r(folded.recall)})`);
console.log(`resolver                    cross-doc F1 ${r(cross.f1)} (P ${r(cross.precision)} R ${r(cross.recall)})`);
console.log(`resolver                   within-doc F1 ${r(within.f1)} (P ${r(within.precision)} R ${r(within.recall)})`);
console.log(
  `throughput ${Math.round(mentions.length / seconds)} mentions/s wall, ${Math.round(mentions.length / cpuSeconds)} per CPU second`,
);
console.log(
  JSON.stringify({
    crossDoc: fmt(cross),
    withinDoc: fmt(within),
    mentionsPerSecond: Math.round(mentions.length / seconds),
    mentionsPerCpuSecond: Math.round(mentions.length / cpuSeconds),
    baselines: { exact: fmt(exact), caseFolded: fmt(folded) },
    statuses,
    ambiguousPolicy: AMBIGUOUS,
    autoAccept: AUTO_ACCEPT,
    split: SPLIT ?? 'all',
    documents: docs.length,
    types: recognizer ? recognizer.name : 'none',
    ...(weights ? { weights } : {}),
  }),
);
