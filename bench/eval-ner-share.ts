/**
 * Each recognizer's share of what capture stores (issue 38, item 4). Every page of the given
 * golds is built into its own fresh graph as `eval:pages --gold` builds it (the background's
 * page recognizer, analysis, resolver); each stored entity is then looked up, by its name and
 * its aliases, among the spans the trained model alone and the rule recognizer alone find in
 * the page's captured title and text:
 *
 * - model and rules: both recognizers name it;
 * - model only / rules only: one of them does;
 * - neither: it came from elsewhere (structured data, the web-name layer's lists and cues,
 *   a folded or joined form).
 *
 * "model's type" counts the stored entities the model finds whose stored type is the type the
 * model gives most often. Per source, the share of judged names stored with the gold's type
 * (strict) is printed beside the count, so a source that stores many wrong names shows.
 *
 *   npx tsx bench/eval-ner-share.ts [--gold bench/gold-pages,bench/check-pages] [--pages ../shared/corpus/pages]
 *   npx tsx bench/eval-ner-share.ts --gold bench/gold-pages --list 'rules only'   (each stored name of that source, with its verdict)
 *   npx tsx bench/eval-ner-pages.ts --weights <weights.ts> --script share [same options]   (a candidate model)
 *
 * Last line JSON: per gold folder, {stored, judged, sources: {source: {stored, judged, right}}, modelType}.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mention } from '../src/core/capture';
import { createTrainedRecognizer } from '../src/extract/ner/index';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';
import { allEntities, captureSaved, freshIngest, holdsCheckPages, pageFile, pageUrl } from './relations-gold';
import { parsePageGold, storedJudge } from '../tooling/eval/page-score';
import { SOURCES, sourceOf, spansByKey, type Source } from './ner-share';

interface Tally {
  stored: number;
  judged: number;
  right: number;
}

interface FolderShare {
  readonly pages: number;
  readonly stored: number;
  readonly sources: Record<Source, Tally>;
  /** Stored entities the model finds whose stored type is the model's most frequent type for them. */
  readonly modelType: number;
}

const argv = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = argv.indexOf(name);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
};
const goldDirs = option('--gold', 'bench/gold-pages,bench/check-pages').split(',');
const pagesDir = option('--pages', '../shared/corpus/pages');
const listed = option('--list', '');
if (listed !== '' && goldDirs.some(holdsCheckPages)) {
  console.error('eval-ner-share: --list prints names; rules are written against the dev gold, never the check set');
  process.exit(2);
}

async function shareOf(goldDir: string): Promise<FolderShare | undefined> {
  if (!existsSync(goldDir)) {
    console.error(`eval-ner-share: ${goldDir} not found`);
    process.exit(2);
  }
  const model = createTrainedRecognizer();
  if (model === undefined) {
    console.error('eval-ner-share: no trained model is shipped');
    process.exit(2);
  }
  const rules = createRuleRecognizer();
  const sources = Object.fromEntries(SOURCES.map((s) => [s, { stored: 0, judged: 0, right: 0 }])) as Record<Source, Tally>;
  let pages = 0;
  let stored = 0;
  let modelType = 0;
  for (const file of readdirSync(goldDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const value: unknown = JSON.parse(readFileSync(join(goldDir, file), 'utf8'));
    if (typeof value !== 'object' || value === null || typeof Reflect.get(value, 'page') !== 'string') continue;
    const gold = parsePageGold(value, file);
    const html = pageFile(pagesDir, gold.page);
    if (html === undefined) continue;
    const url = pageUrl(gold.page);
    const capture = captureSaved(readFileSync(html, 'utf8'), url);
    const { store, ingest } = freshIngest();
    await ingest(capture);
    const entities = await allEntities(store);
    const read = (r: { recognize(text: string): Mention[] }) => [...r.recognize(capture.title), ...r.recognize(capture.text)];
    const byModel = spansByKey(read(model));
    const byRules = spansByKey(read(rules));
    const judge = storedJudge(gold);
    pages += 1;
    for (const e of entities) {
      const s = sourceOf(e, byModel, byRules);
      const verdict = judge(e);
      const tally = sources[s.source];
      tally.stored += 1;
      if (verdict !== 'unjudged') tally.judged += 1;
      if (verdict === 'right') tally.right += 1;
      if (s.source === listed) console.log(`${gold.page}\t${e.type}\t${e.name}\t${verdict}`);
      stored += 1;
      if (s.modelType) modelType += 1;
    }
  }
  return { pages, stored, sources, modelType };
}

const share = (a: number, b: number): string => (b === 0 ? '-' : (a / b).toFixed(3));
const result: Record<string, FolderShare> = {};
for (const dir of goldDirs) {
  const r = await shareOf(dir);
  if (r === undefined) continue;
  result[dir] = r;
  console.log(`${dir}: ${r.pages} pages, ${r.stored} stored entities`);
  for (const s of SOURCES) {
    const t = r.sources[s];
    console.log(
      `  ${s.padEnd(16)} ${String(t.stored).padStart(5)}  share ${share(t.stored, r.stored)}  typed precision ${share(t.right, t.judged)} (${t.judged} judged)`,
    );
  }
  const byModel = r.sources['model and rules'].stored + r.sources['model only'].stored;
  console.log(`  found by the model ${share(byModel, r.stored)}; stored with the model's type ${share(r.modelType, r.stored)}`);
}
console.log(JSON.stringify(result));
