/**
 * `npm run eval:qa -- --gold <dir>`: every gold page captured and ingested
 * into one in-memory graph through the extension's path, then one templated question
 * per gold relation (the gold README's templates, `templatedQuestion`) asked through the
 * real query loop (`answerQuestion`, the `entity_query` tool's engine with the symbolic
 * answerer). Right when the answer names the expected entity or one of its aliases.
 *
 *   npm run eval:qa -- --gold bench/gold-pages [--pages ../shared/corpus/pages] [--misses] [--no-sentences]
 *
 * Each line: RIGHT (strict), LOOSE (right only leniently: a read answer names another entity), WRONG,
 * then the answer's confidence.
 *
 * Calibration: per confidence level, how many answers were given and how many of them were
 * right (strict), then every answer given with high confidence that was wrong (the goal:
 * high-confidence answers right at least 95% of the time).
 *
 * Value precision: each distinct question once, the values its answer gives (its claims), and
 * how many of them the gold holds for that question on any page (by basis: stored fact, read
 * sentence). The gold is not exhaustive, so this is a floor.
 *
 * Also prints the bytes of stored sentences per page (average, max).
 *
 * Last line: JSON summary.
 */
import { readFileSync } from 'node:fs';
import { answerQuestion, createQueryEngine } from '../src/core/query/entity-query';
import { utf8Bytes } from '../src/core/graph/page-sentences';
import { ALSO_READ_HEAD } from '../src/core/query/sentence-reading';
import { INCOMPLETE_HEAD } from '../src/core/query/symbolic-answerer';
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
const LEVELS = ['high', 'medium', 'low'] as const;
type Level = (typeof LEVELS)[number];
/** Per confidence level: answers given, and how many were right (strict). */
const calibration = new Map<Level, { given: number; right: number }>(LEVELS.map((l) => [l, { given: 0, right: 0 }]));
const wrongHigh: string[] = [];
// Every gold answer of each templated question, over all pages (the question's key is its text).
const goldAnswers = new Map<string, string[]>();
for (const page of gold)
  for (const r of page.relations) {
    const q = templatedQuestion(r);
    if (q !== undefined)
      goldAnswers.set(q.question.toLowerCase(), [...(goldAnswers.get(q.question.toLowerCase()) ?? []), ...namesOf(page, q.expected)]);
  }
const valuesSeen = new Set<string>();
const values = { fact: { given: 0, inGold: 0 }, sentence: { given: 0, inGold: 0 } };
for (const page of gold) {
  for (const r of page.relations) {
    const q = templatedQuestion(r);
    if (q === undefined) continue;
    questions += 1;
    const result = await answerQuestion(q.question, { engine, store });
    // What the answer says may be missing is no answer: the names in that note do not count.
    const said = result.answer.split(INCOMPLETE_HEAD)[0] ?? '';
    // The entity asked about is named in most answers: its names do not count as the answer
    // ("Arduino" inside "Arduino LLC").
    const asked = q.expected === r.to ? r.from : r.to;
    const expected = namesOf(page, q.expected);
    const askedNames = namesOf(page, asked);
    // …unless the expected name holds the asked one ("HackerRank Jobs" of "What does HackerRank develop?").
    const holding = expected.filter((n) => askedNames.some((a) => a.length > 0 && n.toLowerCase().includes(a.toLowerCase())));
    const ok = names(withoutNames(said, askedNames), expected) || names(said, holding);
    if (ok) right += 1;
    // Strict: an answer read from a sentence counts only when the entity it names is the expected one
    // (the quoted sentence may hold the expected name while the reading picked another).
    const named = [...said.matchAll(READ_NAMES)].map((m) => m[1] ?? '');
    // Stored facts before what was read beyond them ("… develops Atlas. Read from your pages …"): a fact naming the expected entity counts.
    const facts = said.startsWith('I have no stored fact') ? '' : (said.split(ALSO_READ_HEAD)[0] ?? '');
    const factOk = names(withoutNames(facts, askedNames), expected) || names(facts, holding);
    const strictOk = ok && (named.length === 0 || factOk || named.some((n) => names(n, namesOf(page, q.expected))));
    if (strictOk) strict += 1;
    if (named.length > 0) read += 1;
    if (!valuesSeen.has(q.question.toLowerCase())) {
      valuesSeen.add(q.question.toLowerCase());
      const answers = goldAnswers.get(q.question.toLowerCase()) ?? [];
      for (const c of result.claims ?? []) {
        values[c.basis].given += 1;
        if (names(c.value, answers) || answers.some((a) => names(a, [c.value]))) values[c.basis].inGold += 1;
      }
    }
    const level = calibration.get(result.confidence);
    if (level) {
      level.given += 1;
      if (strictOk) level.right += 1;
    }
    if (result.confidence === 'high' && !strictOk)
      wrongHigh.push(`${q.question} → ${q.expected} | ${result.answer.replace(/\s+/g, ' ').slice(0, 200)}`);
    const counts = byLabel.get(r.label) ?? [0, 0];
    byLabel.set(r.label, [counts[0] + 1, counts[1] + (ok ? 1 : 0)]);
    if (showMisses || ok)
      console.log(
        `${strictOk ? 'RIGHT' : ok ? 'LOOSE' : 'WRONG'} [${result.confidence}] ${q.question} → ${q.expected} | ${result.answer.replace(/\s+/g, ' ').slice(0, 200)}${named.length > 0 ? ` [read: ${named.join('; ')}]` : ''}`,
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
const share = (right: number, given: number): string => (given === 0 ? '–' : String(round(right / given)));
console.log(
  `calibration (strict): ${LEVELS.map((l) => {
    const c = calibration.get(l) ?? { given: 0, right: 0 };
    return `${l} ${c.right}/${c.given} right (${share(c.right, c.given)})`;
  }).join('; ')}`,
);
console.log(
  `values given (claims, each distinct question once): stored facts ${values.fact.inGold}/${values.fact.given} in the gold (${share(values.fact.inGold, values.fact.given)}); read from sentences ${values.sentence.inGold}/${values.sentence.given} (${share(values.sentence.inGold, values.sentence.given)})`,
);
console.log(`wrong at high confidence: ${wrongHigh.length}`);
for (const line of wrongHigh) console.log(`  ${line}`);
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
    calibration: Object.fromEntries(LEVELS.map((l) => [l, calibration.get(l)])),
    wrongHigh: wrongHigh.length,
    values,
  }),
);
