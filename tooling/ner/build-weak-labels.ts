/**
 * Builds the weakly labelled page sentences the trainer reads with `--weak <file>`
 * (`weak-labels.ts` says how labels are decided). Pages: the English pages of
 * ../shared/corpus/pages (readability, metascraper) captured through the extension's
 * path (jsdom → `capturePage`), minus every page of the check gold (bench/check-pages)
 * and its siblings from the same site ("webmd-1" out, so "webmd-2" too). The output holds
 * page text, so it is written outside the repository (default /tmp).
 *
 *   npx tsx tooling/ner/build-weak-labels.ts [--pages ../shared/corpus/pages] [--check bench/check-pages,bench/check-fetched]
 *       [--gold bench/gold-pages] [--weights file.ts] [--out /tmp/ner-weak.json] [--analysis veto|type|add|type,add]
 *
 * With `--analysis`, the page's full analysis (the extension's recognizer and every stage after
 * it, at the ceiling of 200 entities) is a fourth labelling function A (`weak-labels.ts`): it
 * vetoes agreed spans it does not store, and with `type` gives them its type, with `add` adds
 * the spans one function alone found that it stores.
 *
 * With `--gold-labels <dir>[,<dir>]`, a page annotated in one of those folders (the dev gold,
 * `bench/train-pages`) is labelled from its annotation instead (`goldLabel`: its names and
 * aliases with their types, what it calls no name `O`, other proposed spans unknown). A check
 * page there is refused.
 *
 * With `--gold`, the kept labels of the dev-gold pages are judged against that gold (as
 * eval:pages judges stored entities) next to each labelling function alone.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import type { EntityType } from '../../src/core/graph/types';
import { isEverydayWord } from '../../src/extract/words/common-words';
import { capturePage } from '../../src/extract/page/capture-page';
import { analyzeCapture } from '../../src/extract/analysis/analyze';
import { createTrainedRecognizer, TrainedRecognizer } from '../../src/extract/ner/index';
import { decodeModel, fromBase64 } from '../../src/extract/ner/model';
import type { EntityRecognizer } from '../../src/extract/mentions/recognizer';
import { createRuleRecognizer } from '../../src/extract/rules/rule-recognizer';
import { withWebNames } from '../../src/extract/mentions/web-names';
import { parsePageGold, storedJudge, type PageGold, type Verdict } from '../eval/page-score';
import { CHECK_GOLD_DIRS, checkPageNames, pageFile } from '../../bench/relations-gold';
import {
  goldLabel,
  structuredVotes,
  weakLabel,
  type GoldNames,
  type KeptSpan,
  type Vote,
  type WeakCounts,
  type WeakSentence,
} from './weak-labels';

/** Share of lower-case words that are everyday English words below which a page is not English. */
const MIN_ENGLISH_SHARE = 0.35;

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const pagesRoot = resolve(option('--pages', '../shared/corpus/pages'));
const checkDirs = option('--check', CHECK_GOLD_DIRS.join(',')).split(',');
const goldDir = option('--gold', 'bench/gold-pages');
const weights = argv.includes('--weights') ? option('--weights', '') : undefined;
const out = option('--out', '/tmp/ner-weak.json');
const goldLabelDirs = option('--gold-labels', '')
  .split(',')
  .filter((d) => d.length > 0);
const analysisUse = argv.includes('--analysis') ? option('--analysis', 'veto').split(',') : undefined;
const withAnalysis = analysisUse !== undefined;
/** The analysis's ceiling of entities per page: what it stores is not cut by the default cap. */
const ANALYSIS_MAX_ENTITIES = 200;

function pagesOf(dir: string): Map<string, PageGold> {
  const golds = new Map<string, PageGold>();
  if (!existsSync(dir)) return golds;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const value: unknown = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    // Other JSON beside the gold files (floors, settings) names no page.
    if (typeof value !== 'object' || value === null || typeof Reflect.get(value, 'page') !== 'string') continue;
    const gold = parsePageGold(value, f);
    golds.set(gold.page, gold);
  }
  return golds;
}

/** "readability/webmd-2" → "readability/webmd": pages of one site share it. */
const siteOf = (page: string): string => page.replace(/-\d+$/, '');

/** The cells of one CSV line; a quoted cell may hold commas and doubled quotes. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] ?? '';
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** Readability's manifest categories per page (quoted CSV fields may hold commas). */
function readabilityCategories(): Map<string, string> {
  const file = join(pagesRoot, 'readability/MANIFEST.csv');
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const [head = '', ...rows] = readFileSync(file, 'utf8').split('\n');
  const at = head.split(',').indexOf('category');
  for (const row of rows) {
    const cells = csvCells(row);
    const name = cells[0];
    const category = cells[at];
    if (name !== undefined && category !== undefined) out.set(name, category);
  }
  return out;
}

function listPages(excluded: ReadonlySet<string>): Array<{ page: string; file: string }> {
  const sites = new Set([...excluded].map(siteOf));
  const categories = readabilityCategories();
  const list: Array<{ page: string; file: string }> = [];
  for (const [folder, html] of [
    ['readability', 'source.html'],
    ['metascraper', 'input.html'],
  ] as const) {
    const dir = join(pagesRoot, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const page = `${folder}/${name}`;
      const file = join(dir, name, html);
      if (!existsSync(file) || excluded.has(page) || sites.has(siteOf(page))) continue;
      const category = categories.get(name);
      if (folder === 'readability' && category !== undefined && !category.startsWith('english')) continue;
      list.push({ page, file });
    }
  }
  return list;
}

function englishShare(text: string): number {
  const words = text.match(/\b\p{Ll}+\b/gu) ?? [];
  if (words.length === 0) return 0;
  return words.filter((w) => isEverydayWord(w)).length / words.length;
}

function votesOf(recognizer: EntityRecognizer, text: string): Vote[] {
  return recognizer.recognize(text).map((m) => ({ start: m.start, end: m.end, type: m.type, score: m.score }));
}

function loadModel(): EntityRecognizer {
  if (weights === undefined) {
    const shipped = createTrainedRecognizer();
    if (shipped === undefined) throw new Error('no trained model is shipped; pass --weights <file>');
    return shipped;
  }
  const base64 = /'([A-Za-z0-9+/=]+)'/.exec(readFileSync(weights, 'utf8'))?.[1] ?? '';
  return new TrainedRecognizer(decodeModel(fromBase64(base64)));
}

/** A: each name and alias the page's analysis stores → its stored type. */
function storedNames(capture: ReturnType<typeof capturePage>, recognizer: EntityRecognizer): Map<string, EntityType> {
  const names = new Map<string, EntityType>();
  const analysis = analyzeCapture(capture, { recognizer, maxEntities: ANALYSIS_MAX_ENTITIES });
  for (const e of analysis.entities) for (const n of [e.name, ...e.aliases]) if (!names.has(n)) names.set(n, e.type);
  return names;
}

/** Distinct (name, type) pairs judged against a page's gold, counted per verdict. */
function judge(
  gold: PageGold,
  text: string,
  spans: ReadonlyArray<{ start: number; end: number; type: EntityType }>,
  tally: Record<Verdict, number>,
): void {
  const verdict = storedJudge(gold);
  const seen = new Set<string>();
  for (const s of spans) {
    const name = text.slice(s.start, s.end);
    const key = `${name}\t${s.type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tally[verdict({ name, type: s.type, aliases: [] })]++;
  }
}

/** A page gold's names and aliases with their types, and what it calls no name. */
function goldNames(gold: PageGold): GoldNames {
  const entities = [...gold.must, ...(gold.precision?.entities ?? [])];
  return {
    names: entities.flatMap((e) => [e.name, ...e.aliases].map((name) => ({ name, type: e.type }))),
    notEntities: new Set((gold.precision?.notEntities ?? []).map((n) => n.toLowerCase())),
  };
}

const emptyTally = (): Record<Verdict, number> => ({ right: 0, loose: 0, wrong_type: 0, not_entity: 0, furniture: 0, unjudged: 0 });

function main(): void {
  if (!existsSync(pagesRoot)) {
    console.error(`pages not found at ${pagesRoot} (the corpus lives in ../shared/corpus/pages)`);
    process.exit(2);
  }
  const check = checkPageNames(checkDirs);
  if (check.size === 0) {
    console.error(`no check pages read from ${checkDirs.join(', ')}: refusing to build without knowing what to leave out`);
    process.exit(2);
  }
  const dev = pagesOf(goldDir);
  const annotated = new Map(goldLabelDirs.flatMap((d) => [...pagesOf(d)]));
  for (const page of annotated.keys())
    if (check.has(page)) {
      console.error(`${page} is a check page: it may not train anything`);
      process.exit(2);
    }
  let goldPages = 0;
  let goldSpans = 0;
  const rules = withWebNames(createRuleRecognizer());
  const model = loadModel();
  const pageRecognizer = withWebNames(model, createRuleRecognizer());
  const counts: WeakCounts = { structured: 0, agree: 0, sure: 0, stored: 0, vetoed: 0, dropped: 0 };
  const tallies = { kept: emptyTally(), rules: emptyTally(), model: emptyTally() };
  const pages: Array<{ page: string; sentences: WeakSentence[] }> = [];
  const seenSentences = new Set<string>();
  let tokens = 0;
  let unknown = 0;
  let skipped = 0;
  const t0 = performance.now();
  // Annotated pages outside the shared corpus (the training corpus, `pageFile`) are read too.
  const listed = listPages(new Set(check.keys()));
  const known = new Set(listed.map((p) => p.page));
  for (const page of annotated.keys()) {
    const file = known.has(page) ? undefined : pageFile(pagesRoot, page);
    if (file !== undefined) listed.push({ page, file });
  }
  for (const { page, file } of listed) {
    const url = `https://${page.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const dom = new JSDOM(readFileSync(file, 'utf8'), { url, virtualConsole: new VirtualConsole() });
    const capture = capturePage(dom.window.document, url, { now: 1_000, timeBudgetMs: 60_000 });
    dom.window.close();
    const text = capture.text;
    if ((capture.lang !== undefined && !/^en/i.test(capture.lang)) || englishShare(text) < MIN_ENGLISH_SHARE) {
      skipped++;
      continue;
    }
    const structured = structuredVotes(
      text,
      capture.entities.flatMap((e) => [e.name, ...e.aliases].map((name) => ({ name, type: e.type }))),
    );
    const votes = {
      rules: votesOf(rules, text),
      model: votesOf(model, text),
      structured,
      ...(withAnalysis
        ? {
            stored: storedNames(capture, pageRecognizer),
            storedUse: { type: analysisUse.includes('type'), add: analysisUse.includes('add') },
          }
        : {}),
    };
    const kept: KeptSpan[] = [];
    const annotation = annotated.get(page);
    const labelled =
      annotation === undefined ? undefined : goldLabel(text, goldNames(annotation), [...votes.rules, ...votes.model, ...votes.structured]);
    if (labelled !== undefined) {
      goldPages++;
      goldSpans += labelled.spans;
    }
    const sentences = (labelled?.sentences ?? weakLabel(text, votes, counts, kept)).filter((s) => {
      // Sentences repeated across pages (bylines, footers) are shown once.
      const key = s.tokens.join(' ');
      if (seenSentences.has(key)) return false;
      seenSentences.add(key);
      return true;
    });
    for (const s of sentences) {
      tokens += s.tokens.length;
      unknown += s.labels.filter((l) => l === '?').length;
    }
    pages.push({ page, sentences });
    const gold = dev.get(page);
    if (gold !== undefined) {
      judge(gold, text, kept, tallies.kept);
      judge(gold, text, votes.rules, tallies.rules);
      judge(gold, text, votes.model, tallies.model);
    }
  }
  writeFileSync(out, JSON.stringify({ built: 'tooling/ner/build-weak-labels.ts', pages }));
  const sentenceCount = pages.reduce((a, p) => a + p.sentences.length, 0);
  console.log(
    `${pages.length} pages (${skipped} not English skipped; ${check.size} check pages and their sites left out), ${sentenceCount} sentences, ${tokens} tokens, ${(unknown / Math.max(1, tokens)).toFixed(3)} unknown, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  console.log(
    `kept spans: ${counts.structured} structured, ${counts.agree} agreed, ${counts.sure} sure rules, ${counts.stored} stored by the analysis; ${counts.vetoed} vetoed by the analysis; ${counts.dropped} proposed spans left unknown`,
  );
  if (goldLabelDirs.length > 0)
    console.log(`labelled from their annotation: ${goldPages} of ${annotated.size} annotated pages, ${goldSpans} gold spans placed`);
  for (const [name, t] of Object.entries(tallies)) {
    const judged = t.right + t.loose + t.wrong_type + t.not_entity + t.furniture;
    const share = (x: number): string => (judged === 0 ? '-' : (x / judged).toFixed(3));
    console.log(
      `dev-gold pages, ${name.padEnd(5)}: ${judged} distinct names judged (${t.unjudged} unjudged): right ${share(t.right)}, loose ${share(t.right + t.loose)}, wrong type ${share(t.wrong_type)}, not-entity ${share(t.not_entity)}, furniture ${share(t.furniture)}`,
    );
  }
  console.log(`wrote ${out}`);
}

main();
