/**
 * `npm run eval:main-text`: word-level precision and recall of the capture's main text
 * against Readability's expected article (`expected.html`) on the corpus's readability
 * pages, per page and overall, with the article post-pass that drops furniture
 * (`src/extract/article/`) and without it, side by side.
 *
 *   npm run eval:main-text [-- --dropped] [--page <name>] [--pages <dir>]
 *
 * Words are runs of letters and digits, lower-cased, compared as multisets (a word the
 * capture repeats more often than the expected text counts against precision). Pages that
 * are in the check set (`bench/check-pages`) are left out: nobody tunes on them. Readability's
 * expected article keeps some furniture itself (bios, rails inside the article node), so a
 * recall loss here is either article text lost or furniture dropped: `--dropped` prints the
 * lines the post-pass removed, to tell which. Last line JSON.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { blockText } from '../src/extract/dom/block-text';
import { capturePage } from '../src/extract/page/capture-page';
import { checkPageNames } from './relations-gold';

const args = process.argv.slice(2);
const valueOf = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const pagesDir = valueOf('--pages') ?? '../shared/corpus/pages/readability';
const onlyPage = valueOf('--page');
const showDropped = args.includes('--dropped');
/** Names of the readability pages the check sets hold (never measured here). */
function checkPages(): Set<string> {
  return new Set([...checkPageNames()].flatMap((p) => (p.startsWith('readability/') ? [p.slice('readability/'.length)] : [])));
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(WORD) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

function total(counts: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const c of counts.values()) n += c;
  return n;
}

function overlap(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let n = 0;
  for (const [w, c] of a) n += Math.min(c, b.get(w) ?? 0);
  return n;
}

interface Side {
  overlap: number;
  captured: number;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

function captureText(html: string, url: string, keepFurniture: boolean): string {
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  // A generous time budget: the figure is about what is extracted, not about this machine's load.
  const capture = capturePage(dom.window.document, url, { now: 0, timeBudgetMs: 60_000, keepFurniture });
  dom.window.close();
  return capture.text;
}

function expectedText(html: string): string {
  const dom = new JSDOM(html, { virtualConsole: new VirtualConsole() });
  const text = blockText(dom.window.document.body, { maxChars: 2_000_000 }).text;
  dom.window.close();
  return text;
}

if (!existsSync(pagesDir)) {
  console.log(`eval:main-text: ${pagesDir} not found (the corpus lives in ../shared/corpus); nothing to measure.`);
  console.log(JSON.stringify({ skipped: true }));
  process.exit(0);
}
const held = checkPages();
const before: Side = { overlap: 0, captured: 0 };
const after: Side = { overlap: 0, captured: 0 };
let expectedWords = 0;
const perPage: { name: string; recallBefore: number; recallAfter: number; precisionBefore: number; precisionAfter: number }[] = [];
for (const name of readdirSync(pagesDir).sort()) {
  const source = join(pagesDir, name, 'source.html');
  const expected = join(pagesDir, name, 'expected.html');
  if (held.has(name) || !existsSync(source) || !existsSync(expected)) continue;
  if (onlyPage !== undefined && name !== onlyPage) continue;
  const html = readFileSync(source, 'utf8');
  const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
  const gold = wordCounts(expectedText(readFileSync(expected, 'utf8')));
  const rawText = captureText(html, url, true);
  const keptText = captureText(html, url, false);
  const raw = wordCounts(rawText);
  const kept = wordCounts(keptText);
  const g = total(gold);
  const sides = [
    [before, raw],
    [after, kept],
  ] as const;
  for (const [side, counts] of sides) {
    side.overlap += overlap(counts, gold);
    side.captured += total(counts);
  }
  expectedWords += g;
  const row = {
    name,
    recallBefore: round(ratio(overlap(raw, gold), g)),
    recallAfter: round(ratio(overlap(kept, gold), g)),
    precisionBefore: round(ratio(overlap(raw, gold), total(raw))),
    precisionAfter: round(ratio(overlap(kept, gold), total(kept))),
  };
  perPage.push(row);
  const mark = row.recallAfter < row.recallBefore ? ' *' : '';
  console.log(
    `${name.padEnd(40)} words ${String(g).padStart(6)}  recall ${row.recallBefore.toFixed(3)} → ${row.recallAfter.toFixed(3)}  precision ${row.precisionBefore.toFixed(3)} → ${row.precisionAfter.toFixed(3)}${mark}`,
  );
  if (showDropped && keptText !== rawText) {
    const keptLines = new Set(keptText.split('\n'));
    for (const line of rawText.split('\n')) if (!keptLines.has(line) && line.trim().length > 0) console.log(`    − ${line.slice(0, 160)}`);
  }
}
const mean = (f: (r: (typeof perPage)[number]) => number) => round(perPage.reduce((s, r) => s + f(r), 0) / Math.max(1, perPage.length));
const summary = {
  pages: perPage.length,
  heldOut: held.size,
  before: { recall: round(ratio(before.overlap, expectedWords)), precision: round(ratio(before.overlap, before.captured)) },
  after: { recall: round(ratio(after.overlap, expectedWords)), precision: round(ratio(after.overlap, after.captured)) },
  meanPerPage: {
    recallBefore: mean((r) => r.recallBefore),
    recallAfter: mean((r) => r.recallAfter),
    precisionBefore: mean((r) => r.precisionBefore),
    precisionAfter: mean((r) => r.precisionAfter),
  },
  pagesLosingRecall: perPage.filter((r) => r.recallAfter < r.recallBefore).length,
};
console.log(
  `overall (${summary.pages} pages, ${summary.heldOut} check pages left out): recall ${summary.before.recall} → ${summary.after.recall}, precision ${summary.before.precision} → ${summary.after.precision}; per page mean recall ${summary.meanPerPage.recallBefore} → ${summary.meanPerPage.recallAfter}; ${summary.pagesLosingRecall} pages lose recall`,
);
console.log(JSON.stringify(summary));
