/**
 * `npm run eval:qa -- --gold <dir>`: every gold page captured and ingested
 * into one in-memory graph through the extension's path, then one templated question
 * per gold relation (the gold README's templates, `templatedQuestion`) asked through the
 * real query loop (`answerQuestion`, the `entity_query` tool's engine with the symbolic
 * answerer). Right when the answer names the expected entity or one of its aliases.
 *
 *   npm run eval:qa -- --gold bench/gold-pages [--pages ../shared/corpus/pages] [--misses] [--no-sentences]
 *
 * Each line: RIGHT (strict), LOOSE (right only leniently: a read answer names another entity), WRONG.
 *
 * Also prints the bytes of stored sentences per page (average, max).
 *
 * Last line: JSON summary.
 */
import { readFileSync } from 'node:fs';
import { answerQuestion, createQueryEngine } from '../src/core/query/entity-query';
import { utf8Bytes } from '../src/core/graph/page-sentences';
import { ALSO_READ_HEAD } from '../src/core/query/sentence-reading';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import {
  allRelationships,
  buildGraph,
  names,
  namesOf,
  withoutNames,
  pageFile,
  pageUrl,
  readGoldRelations,
  templatedQuestion,
  goldArgs,
} from './relations-gold';

const { goldDir, pagesDir, args } = goldArgs('eval:qa', '[--misses]');
const showMisses = args.includes('--misses');
const gold = readGoldRelations(goldDir);
const inputs = gold.flatMap((p) => {
  const file = pageFile(pagesDir, p.page);
  return file === undefined ? [] : [{ html: readFileSync(file, 'utf8'), url: pageUrl(p.page) }];
});
const { store, clock } = await buildGraph(inputs);
const rels = await allRelationships(store);
const typed = rels.filter((r) => r.label !== MENTIONED_WITH).length;
// --no-sentences: graph facts only (the figure without reading stored sentences).
const readSentences = !args.includes('--no-sentences');
const engine = createQueryEngine({ store, clock, readSentences });
let questions = 0;
let right = 0;
let strict = 0;
let read = 0;
/** The entities a sentence answer names: "… says: “…” (it names X)". */
const READ_NAMES = /” \(it names ([^()]{1,200})\)/g;
const byLabel = new Map<string, [number, number]>();
for (const page of gold) {
  for (const r of page.relations) {
    const q = templatedQuestion(r);
    if (q === undefined) continue;
    questions += 1;
    const result = await answerQuestion(q.question, { engine, store });
    // The entity asked about is named in most answers: its names do not count as the answer
    // ("Arduino" inside "Arduino LLC").
    const asked = q.expected === r.to ? r.from : r.to;
    const expected = namesOf(page, q.expected);
    const askedNames = namesOf(page, asked);
    // …unless the expected name holds the asked one ("HackerRank Jobs" of "What does HackerRank develop?").
    const holding = expected.filter((n) => askedNames.some((a) => a.length > 0 && n.toLowerCase().includes(a.toLowerCase())));
    const ok = names(withoutNames(result.answer, askedNames), expected) || names(result.answer, holding);
    if (ok) right += 1;
    // Strict: an answer read from a sentence counts only when the entity it names is the expected one
    // (the quoted sentence may hold the expected name while the reading picked another).
    const named = [...result.answer.matchAll(READ_NAMES)].map((m) => m[1] ?? '');
    // Stored facts before what was read beyond them ("… develops Atlas. Read from your pages …"): a fact naming the expected entity counts.
    const facts = result.answer.startsWith('I have no stored fact') ? '' : (result.answer.split(ALSO_READ_HEAD)[0] ?? '');
    const factOk = names(withoutNames(facts, askedNames), expected) || names(facts, holding);
    const strictOk = ok && (named.length === 0 || factOk || named.some((n) => names(n, namesOf(page, q.expected))));
    if (strictOk) strict += 1;
    if (named.length > 0) read += 1;
    const counts = byLabel.get(r.label) ?? [0, 0];
    byLabel.set(r.label, [counts[0] + 1, counts[1] + (ok ? 1 : 0)]);
    if (showMisses || ok)
      console.log(
        `${strictOk ? 'RIGHT' : ok ? 'LOOSE' : 'WRONG'} ${q.question} → ${q.expected} | ${result.answer.replace(/\s+/g, ' ').slice(0, 200)}${named.length > 0 ? ` [read: ${named.join('; ')}]` : ''}`,
      );
  }
}
const round = (x: number) => Math.round(x * 1000) / 1000;
const sentenceBytes = await Promise.all(
  inputs.map(async (p) => (await store.getPage(p.url))?.sentences?.reduce((n, s) => n + utf8Bytes(s), 0) ?? 0),
);
console.log(
  `sentences stored: ${Math.round(sentenceBytes.reduce((a, b) => a + b, 0) / Math.max(1, sentenceBytes.length))} bytes/page on average, max ${Math.max(0, ...sentenceBytes)}`,
);
console.log(
  `overall: ${inputs.length} pages in one graph, ${typed} typed relationships (${round(typed / Math.max(1, inputs.length))}/page), ${rels.length - typed} mentioned_with; questions ${questions}, right ${right}, accuracy ${round(right / Math.max(1, questions))}; strict (a read answer names the expected entity) ${strict}, ${round(strict / Math.max(1, questions))}; answered by reading ${read}`,
);
for (const [label, [n, f]] of [...byLabel].sort((a, b) => b[1][0] - a[1][0]))
  console.log(`  ${label.padEnd(18)} ${String(f).padStart(3)}/${n}`);
console.log(
  JSON.stringify({
    pages: inputs.length,
    typedRelationships: typed,
    asked: questions,
    right,
    accuracy: round(right / Math.max(1, questions)),
    strict,
    strictAccuracy: round(strict / Math.max(1, questions)),
    readAnswers: read,
    readSentences,
    sentenceBytesAvg: Math.round(sentenceBytes.reduce((a, b) => a + b, 0) / Math.max(1, sentenceBytes.length)),
    sentenceBytesMax: Math.max(0, ...sentenceBytes),
  }),
);
