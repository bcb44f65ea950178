/**
 * `npm run eval:qa -- --gold <dir>`: every gold page captured and ingested
 * into one in-memory graph through the extension's path, then one templated question
 * per gold relation (the gold README's templates, `templatedQuestion`) asked through the
 * real query loop (`answerQuestion`, the `entity_query` tool's engine with the symbolic
 * answerer). Right when the answer names the expected entity or one of its aliases.
 *
 *   npm run eval:qa -- --gold bench/gold-pages [--pages ../shared/corpus/pages] [--misses] [--no-sentences]
 *     [--readers-off answer-tight-phrases,…] [--no-rule-reading] [--ablate-readers]
 *
 * Stored sentences are read as the extension reads them: with the capture's relation stage
 * (`extract/relations/sentence-reader.ts`), then the answer readers it does not cover
 * (`ANSWER_READERS`). `--readers-off` switches answer readers off, `--no-rule-reading` the
 * capture's stage; `--ablate-readers` asks the same graph again with each off and prints
 * what each is worth.
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
import { createQueryEngine } from '../src/core/query/entity-query';
import { utf8Bytes } from '../src/core/graph/page-sentences';
import { ANSWER_READERS, parseAnswerReadersOff } from '../src/core/query/sentence-reading';
import { MENTIONED_WITH } from '../src/extract/relations/cooccurrence';
import { captureSentenceReader } from '../src/extract/relations/sentence-reader';
import { buildQaGraph, calibrationLine, LEVELS, scoreQuestions } from './qa-score';
import { allRelationships, readGoldRelations, goldArgs } from './relations-gold';

const { goldDir, pagesDir, args } = goldArgs('eval:qa', '[--misses]');
const showMisses = args.includes('--misses');
const gold = readGoldRelations(goldDir);
const { store, clock, urls } = await buildQaGraph(gold, pagesDir);
const rels = await allRelationships(store);
const typed = rels.filter((r) => r.label !== MENTIONED_WITH).length;
// --no-sentences: graph facts only (the figure without reading stored sentences).
const readSentences = !args.includes('--no-sentences');
// The extension's wiring: stored sentences read with the capture's relation stage, then the answer readers
// (`--readers-off answer-tight-phrases,…` switches some off; `--no-rule-reading` leaves the capture's stage out).
const offAt = args.indexOf('--readers-off');
const answerReadersOff = new Set(offAt >= 0 ? parseAnswerReadersOff(args[offAt + 1] ?? '') : []);
const relationReader = args.includes('--no-rule-reading') ? undefined : captureSentenceReader();
const engine = createQueryEngine({
  store,
  clock,
  readSentences,
  answerReadersOff,
  ...(relationReader === undefined ? {} : { relationReader }),
});
const score = await scoreQuestions(gold, { engine, store }, (line, ok) => {
  if (showMisses || ok) console.log(line);
});
const { questions, right, strict, read, byLabel, calibration, wrongHigh, values } = score;
const round = (x: number) => Math.round(x * 1000) / 1000;
const sentenceBytes = await Promise.all(
  urls.map(async (url) => (await store.getPage(url))?.sentences?.reduce((n, s) => n + utf8Bytes(s), 0) ?? 0),
);
console.log(
  `sentences stored: ${Math.round(sentenceBytes.reduce((a, b) => a + b, 0) / Math.max(1, sentenceBytes.length))} bytes/page on average, max ${Math.max(0, ...sentenceBytes)}`,
);
console.log(
  `overall: ${urls.length} pages in one graph, ${typed} typed relationships (${round(typed / Math.max(1, urls.length))}/page), ${rels.length - typed} mentioned_with; questions ${questions}, right ${right}, accuracy ${round(right / Math.max(1, questions))}; strict (a read answer names the expected entity) ${strict}, ${round(strict / Math.max(1, questions))}; answered by reading ${read}`,
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
// --ablate-readers: the same graph asked again with each answer reader off, then with all of them off (the capture's
// relation stage alone), then without the capture's stage (the answer readers alone): strict right and calibration.
const ablation: Record<string, { strict: number; high: number; highRight: number }> = {};
if (args.includes('--ablate-readers')) {
  const configs: Array<{ name: string; off: readonly string[]; rules: boolean }> = [
    ...ANSWER_READERS.map((id) => ({ name: `${id} off`, off: [id], rules: true })),
    { name: 'every answer reader off (the capture stage alone)', off: ANSWER_READERS, rules: true },
    { name: 'capture stage off (the answer readers alone)', off: [], rules: false },
  ];
  for (const c of configs) {
    const ablated = createQueryEngine({
      store,
      clock,
      readSentences,
      answerReadersOff: new Set(c.off),
      ...(c.rules ? { relationReader: captureSentenceReader() } : {}),
    });
    const s = await scoreQuestions(gold, { engine: ablated, store });
    const high = s.calibration.get('high') ?? { given: 0, right: 0 };
    ablation[c.name] = { strict: s.strict, high: high.given, highRight: high.right };
    console.log(
      `ablation: ${c.name}: strict ${s.strict} (${s.strict - strict >= 0 ? '+' : ''}${s.strict - strict}), ${calibrationLine(s)}`,
    );
    // The questions it turns (page folder, question): what the reader is worth, and where.
    for (const [key, ok] of s.outcomes)
      if (score.outcomes.get(key) !== ok) console.log(`  ${ok ? 'gained' : 'lost'}: ${key.replace('\t', ' | ')}`);
  }
}
console.log(
  JSON.stringify({
    pages: urls.length,
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
    ...(Object.keys(ablation).length > 0 ? { ablation } : {}),
  }),
);
