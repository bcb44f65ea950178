/**
 * Scores the templated questions of a gold set against one query engine: what `eval:qa`
 * prints and `eval:ablate` compares per answer reader. One question per gold relation (the
 * gold README's templates). Right when the answer names the expected entity or an alias;
 * strict when, besides, a read answer names the expected entity (not only its sentence).
 * Per confidence level, answers given and right; the answers wrong at high confidence; the
 * values given by basis and how many the gold holds (each distinct question once).
 */
import { readFileSync } from 'node:fs';
import type { GraphStore } from '../src/core/graph/store';
import { answerQuestion, createQueryEngine } from '../src/core/query/entity-query';
import type { QueryEngine } from '../src/core/query/query-engine';
import { ALSO_READ_HEAD } from '../src/core/query/sentence-reading';
import { INCOMPLETE_HEAD } from '../src/core/query/symbolic-answerer';
import { captureSentenceReader } from '../src/extract/relations/sentence-reader';
import {
  buildGraph,
  names,
  namesOf,
  pageFile,
  pageUrl,
  templatedQuestion,
  withoutNames,
  type BuiltGraph,
  type GoldPageRelations,
} from './relations-gold';

export const LEVELS = ['high', 'medium', 'low'] as const;
export type Level = (typeof LEVELS)[number];

export interface QaScore {
  readonly questions: number;
  readonly right: number;
  readonly strict: number;
  /** Answers that quote a sentence read at question time. */
  readonly read: number;
  readonly byLabel: ReadonlyMap<string, readonly [number, number]>;
  readonly calibration: ReadonlyMap<Level, { readonly given: number; readonly right: number }>;
  readonly wrongHigh: readonly string[];
  readonly values: { readonly fact: ValueCount; readonly sentence: ValueCount };
  /** Each question's strict outcome, keyed by its page's folder and the question (tab between). */
  readonly outcomes: ReadonlyMap<string, boolean>;
}
interface ValueCount {
  given: number;
  inGold: number;
}

/** The entities a sentence answer names: "… says: “…” (it names X)". */
const READ_NAMES = /” \(it names ([^()]{1,200})\)/g;

/**
 * Asks every templated question of `gold` and scores the answers; `onAnswer` gets one line
 * per question (RIGHT, LOOSE or WRONG, the confidence, the question, the expected entity, the answer).
 */
export async function scoreQuestions(
  gold: readonly GoldPageRelations[],
  deps: { readonly engine: QueryEngine; readonly store: GraphStore },
  onAnswer?: (line: string, ok: boolean) => void,
): Promise<QaScore> {
  let questions = 0;
  let right = 0;
  let strict = 0;
  let read = 0;
  const byLabel = new Map<string, [number, number]>();
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
  const outcomes = new Map<string, boolean>();
  for (const page of gold) {
    for (const r of page.relations) {
      const q = templatedQuestion(r);
      if (q === undefined) continue;
      questions += 1;
      const result = await answerQuestion(q.question, deps);
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
      outcomes.set(`${page.page}\t${q.question}`, strictOk);
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
      onAnswer?.(
        `${strictOk ? 'RIGHT' : ok ? 'LOOSE' : 'WRONG'} [${result.confidence}] ${q.question} → ${q.expected} | ${result.answer.replace(/\s+/g, ' ').slice(0, 200)}${named.length > 0 ? ` [read: ${named.join('; ')}]` : ''}`,
        ok,
      );
    }
  }
  return { questions, right, strict, read, byLabel, calibration, wrongHigh, values, outcomes };
}

/** "high 103/107, medium 36/43, low 33/91": answers right / given per confidence level. */
export function calibrationLine(score: QaScore): string {
  return LEVELS.map((l) => {
    const c = score.calibration.get(l) ?? { given: 0, right: 0 };
    return `${l} ${c.right}/${c.given}`;
  }).join(', ');
}

/**
 * The graph the question scripts ask: every page of `gold` saved under `pagesDir`, captured and
 * ingested in turn into one store; `urls` are the pages built, in that order.
 */
export async function buildQaGraph(gold: readonly GoldPageRelations[], pagesDir: string): Promise<{ urls: string[] } & BuiltGraph> {
  const inputs = gold.flatMap((p) => {
    const file = pageFile(pagesDir, p.page);
    return file === undefined ? [] : [{ html: readFileSync(file, 'utf8'), url: pageUrl(p.page) }];
  });
  return { urls: inputs.map((p) => p.url), ...(await buildGraph(inputs)) };
}

/**
 * Strict QA share of `gold` on `graph` with the extension's reading (the capture's relation
 * stage, then the answer readers) and the answer readers `off` switched off.
 */
export async function qaStrict(
  gold: readonly GoldPageRelations[],
  graph: BuiltGraph,
  off: ReadonlySet<string>,
): Promise<{ readonly share: number; readonly score: QaScore }> {
  const engine = createQueryEngine({
    store: graph.store,
    clock: graph.clock,
    relationReader: captureSentenceReader(),
    answerReadersOff: off,
  });
  const score = await scoreQuestions(gold, { engine, store: graph.store });
  return { share: Math.round((score.strict / Math.max(1, score.questions)) * 1000) / 1000, score };
}
