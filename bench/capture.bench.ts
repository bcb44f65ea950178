/**
 * Extraction throughput in Node: the main text of the corpus pages (captured once
 * with jsdom) goes through `analyzeCapture` with the rule recognizer, with the
 * trained model when one is shipped, and with compromise as a baseline on the
 * same text. Prints MB/s per recognizer; last line a JSON summary.
 *
 *   npx tsx bench/capture.bench.ts [../shared/corpus/pages] [--rounds 3]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import type { PageCapture } from '../src/core/capture';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import { capturePage } from '../src/extract/page/capture-page';
import { createCompromiseRecognizer } from '../tooling/eval/compromise-recognizer';
import { createTrainedRecognizer } from '../src/extract/ner';
import type { EntityRecognizer } from '../src/extract/mentions/recognizer';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';

const args = process.argv.slice(2);
const root = args.find((a) => !a.startsWith('--')) ?? '../shared/corpus/pages';
const roundsAt = args.indexOf('--rounds');
/** Timed passes over the whole text set per recognizer (the first, untimed, warms up). */
const rounds = roundsAt >= 0 ? Math.max(1, Number(args[roundsAt + 1]) || 1) : 3;
if (!existsSync(root)) {
  console.error(`corpus pages not found at ${root}; pass the folder holding readability/ and metascraper/`);
  process.exit(2);
}

const virtualConsole = new VirtualConsole();
const captures: PageCapture[] = [];
const captureMs: number[] = [];
for (const folder of ['readability', 'metascraper']) {
  const dir = join(root, folder);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    const file = [join(dir, name, 'source.html'), join(dir, name, 'input.html')].find((f) => existsSync(f));
    if (file === undefined) continue;
    const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const dom = new JSDOM(readFileSync(file, 'utf8'), { url, virtualConsole });
    const t0 = performance.now();
    captures.push(capturePage(dom.window.document, url, { now: 0, timeBudgetMs: 60_000 }));
    captureMs.push(performance.now() - t0);
    dom.window.close();
  }
}
const bytes = captures.reduce((sum, c) => sum + Buffer.byteLength(c.text, 'utf8'), 0);
const mb = bytes / 1e6;
captureMs.sort((a, b) => a - b);
const pct = (xs: readonly number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0;
console.log(
  `${captures.length} pages, ${mb.toFixed(2)} MB of main text; capturePage under jsdom p50 ${pct(captureMs, 0.5).toFixed(0)} ms, p95 ${pct(captureMs, 0.95).toFixed(0)} ms`,
);

function measure(recognizer: EntityRecognizer): { mbPerSecond: number; entities: number } {
  let entities = 0;
  for (const c of captures) analyzeCapture(c, { recognizer });
  const t0 = performance.now();
  for (let r = 0; r < rounds; r += 1) for (const c of captures) entities += analyzeCapture(c, { recognizer }).entities.length;
  const seconds = (performance.now() - t0) / 1000;
  return { mbPerSecond: Math.round(((mb * rounds) / seconds) * 1000) / 1000, entities: entities / rounds };
}

const results: Record<string, { mbPerSecond: number; entities: number }> = {};
const recognizers: EntityRecognizer[] = [createRuleRecognizer()];
const trained = createTrainedRecognizer();
if (trained !== undefined) recognizers.push(trained);
recognizers.push(createCompromiseRecognizer());
for (const recognizer of recognizers) {
  const result = measure(recognizer);
  results[recognizer.name] = result;
  console.log(
    `${recognizer.name}: ${result.mbPerSecond} MB/s through analyzeCapture, ${result.entities} entities kept over ${captures.length} pages`,
  );
}
console.log(
  JSON.stringify({
    pages: captures.length,
    textMb: Math.round(mb * 1000) / 1000,
    rounds,
    captureJsdomMsP50: Math.round(pct(captureMs, 0.5)),
    captureJsdomMsP95: Math.round(pct(captureMs, 0.95)),
    mbPerSecond: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.mbPerSecond])),
    entities: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.entities])),
  }),
);
