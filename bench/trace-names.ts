/**
 * Where a page's gold names are lost: for each must entity the base recognizer's
 * mentions, the refined (web-names) mentions, and whether analysis kept it and with
 * which type. A debugging aid for recognition work on the dev gold.
 *
 *   npx tsx bench/trace-names.ts bench/gold-pages/<file>.json [--all] [--pages ../shared/corpus/pages]
 */
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import { capturePage } from '../src/extract/page/capture-page';
import { createTrainedRecognizer } from '../src/extract/ner';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';
import { withWebNames } from '../src/extract/mentions/web-names';
import { nameKey } from '../src/core/text/normalize';
import { pageFile } from './relations-gold';
import { parsePageGold } from '../tooling/eval/page-score';

const args = process.argv.slice(2);
const file = args.find((a) => a.endsWith('.json'));
if (file === undefined) {
  console.error('usage: npx tsx bench/trace-names.ts <gold file> [--all]');
  process.exit(2);
}
const pagesAt = args.indexOf('--pages');
const pagesDir = pagesAt >= 0 ? (args[pagesAt + 1] ?? '') : '../shared/corpus/pages';
const gold = parsePageGold(JSON.parse(readFileSync(file, 'utf8')), file);
const html = pageFile(pagesDir, gold.page);
if (html === undefined) throw new Error(`page ${gold.page} not found`);
const url = `https://${gold.page.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
const dom = new JSDOM(readFileSync(html, 'utf8'), { url, virtualConsole: new VirtualConsole() });
const capture = capturePage(dom.window.document, url, { now: 1_000, timeBudgetMs: 60_000 });
const base = createTrainedRecognizer() ?? createRuleRecognizer();
const rules = createRuleRecognizer();
const page = withWebNames(base, rules);
const text = capture.text;
const baseMentions = base.recognize(text);
const ruleMentions = rules.recognize(text);
const refined = page.recognize(text);
const analysis = analyzeCapture(capture, { recognizer: page });
console.log(`${gold.page}: ${text.length} chars, ${analysis.entities.length} kept; notes: ${analysis.notes.join(' / ')}`);
const summarize = (ms: readonly { text: string; type: string; score: number }[], keys: Set<string>) => {
  const hits = ms.filter((m) => keys.has(nameKey(m.text)));
  const by = new Map<string, number>();
  for (const m of hits) by.set(`${m.text}/${m.type}@${m.score.toFixed(2)}`, (by.get(`${m.text}/${m.type}@${m.score.toFixed(2)}`) ?? 0) + 1);
  return [...by].map(([k, n]) => `${k}×${n}`).join(', ') || '-';
};
for (const g of gold.must) {
  const keys = new Set([g.name, ...g.aliases].map((n) => nameKey(n)));
  const kept = analysis.entities.find((e) => [e.name, ...(e.aliases ?? [])].some((n) => keys.has(nameKey(n))));
  const ok = kept !== undefined && kept.type === g.type;
  if (ok && !args.includes('--all')) continue;
  const inText = [g.name, ...g.aliases].some((n) => text.includes(n));
  console.log(
    `\n${ok ? 'OK ' : kept ? 'TYPE' : 'MISS'} ${g.name} (${g.type}) inText=${inText} kept=${kept ? `${kept.name}/${kept.type}` : '-'}`,
  );
  console.log(`  base:    ${summarize(baseMentions, keys)}`);
  console.log(`  rules:   ${summarize(ruleMentions, keys)}`);
  console.log(`  refined: ${summarize(refined, keys)}`);
  // Overlapping spans: what the recognizers found where the name is written.
  const spans = new Set<string>();
  for (const n of [g.name, ...g.aliases]) {
    let at = text.indexOf(n);
    for (let i = 0; at >= 0 && i < 3; i++, at = text.indexOf(n, at + 1)) {
      for (const m of refined) if (m.start < at + n.length && m.end > at && !keys.has(nameKey(m.text))) spans.add(`${m.text}/${m.type}`);
    }
  }
  if (spans.size > 0) console.log(`  overlaps: ${[...spans].join(', ')}`);
}
