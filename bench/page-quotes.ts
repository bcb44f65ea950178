/**
 * `npm run eval:quotes`: how much page text the code and its tests quote. For every corpus
 * page of the dev gold and of the check set, the runs of five words its article text holds
 * and no other corpus page does (page-specific spans) are looked up in the repository's
 * TypeScript (src/, tooling/, e2e/); prints, per file group, the pages quoted and the
 * number of quoting lines, and lists them with `--list`. A rule written from a page's
 * sentence, or a test that copies one, shows up here.
 *
 *   npm run eval:quotes [-- --list]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePageGold } from '../tooling/eval/page-score';
import { captureSaved, pageFile, pageUrl } from './relations-gold';

/** Words in a quoted span: five is the measure (shorter runs are common phrases). */
const SPAN_WORDS = 5;
const ROOTS = ['src', 'tooling', 'e2e'];

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
}

function spans(ws: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + SPAN_WORDS <= ws.length; i++) out.add(ws.slice(i, i + SPAN_WORDS).join(' '));
  return out;
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.generated.ts')) out.push(path);
  }
  return out;
}

const pagesDir = '../shared/corpus/pages';
const pageSpans = new Map<string, Set<string>>();
for (const dir of ['bench/gold-pages', 'bench/check-pages'])
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const gold = parsePageGold(JSON.parse(readFileSync(join(dir, file), 'utf8')), file);
    const html = pageFile(pagesDir, gold.page);
    if (html === undefined) continue;
    const capture = captureSaved(readFileSync(html, 'utf8'), pageUrl(gold.page));
    pageSpans.set(`${dir.endsWith('check-pages') ? 'check' : 'dev'} ${gold.page}`, spans(words(capture.text)));
  }
// A span two pages share is a common phrase, not a quote of one page.
const seen = new Map<string, number>();
for (const s of pageSpans.values()) for (const span of s) seen.set(span, (seen.get(span) ?? 0) + 1);
const owner = new Map<string, string>();
for (const [page, s] of pageSpans) for (const span of s) if (seen.get(span) === 1) owner.set(span, page);

const groups = new Map<string, { pages: Set<string>; lines: number }>();
const listing: string[] = [];
for (const file of ROOTS.flatMap((r) => files(r))) {
  const group = file.includes('.test.') ? 'tests' : 'code';
  const g = groups.get(group) ?? { pages: new Set(), lines: 0 };
  groups.set(group, g);
  for (const [n, line] of readFileSync(file, 'utf8').split('\n').entries()) {
    const hits = new Set<string>();
    for (const span of spans(words(line))) {
      const page = owner.get(span);
      if (page !== undefined) hits.add(page);
    }
    if (hits.size === 0) continue;
    g.lines += 1;
    for (const p of hits) g.pages.add(p);
    listing.push(`${file}:${n + 1}\t${[...hits].join(', ')}`);
  }
}
if (process.argv.includes('--list')) for (const l of listing) console.log(l);
const summary: Record<string, { devPages: number; checkPages: number; lines: number }> = {};
for (const [group, g] of groups) {
  const dev = [...g.pages].filter((p) => p.startsWith('dev ')).length;
  const check = [...g.pages].filter((p) => p.startsWith('check ')).length;
  summary[group] = { devPages: dev, checkPages: check, lines: g.lines };
  console.log(`${group}: quotes ${dev} dev pages and ${check} check pages, on ${g.lines} lines`);
}
console.log(JSON.stringify(summary));
