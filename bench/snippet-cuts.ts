/**
 * `npx tsx bench/snippet-cuts.ts`: how evidence snippets end, on the gold pages' main text
 * (jsdom `capturePage`), for every occurrence of each page's gold entity names (at most 20
 * a page): the snippet of `sentenceAt` now, and of the cut it replaced (the nearest `.`,
 * `!`, `?` or line break on each side, then 300 characters), kept here to compare.
 * Counted: snippets ending right after an abbreviation or initial ("Inc.", "Dr.", "U.S.",
 * "J."), ending inside a number ("17." of "17.3"), and cut inside a word by the length bound.
 * Last line: JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { capturePage } from '../src/extract/page/capture-page';
import { sanitizeLine } from '../src/extract/page/sanitize';
import { MAX_SNIPPET, sentenceAt } from '../src/extract/page/snippet';
import { pageFile, pageUrl } from './relations-gold';

const GOLD = 'bench/gold-pages';
const PER_PAGE = 20;

/** The cut before: the nearest stop or line break on each side, whatever follows it. */
function previousCut(text: string, start: number, end: number): string {
  let a = start;
  while (a > 0 && start - a < MAX_SNIPPET && !/[.!?\n]/.test(text.charAt(a - 1))) a -= 1;
  let b = end;
  while (b < text.length && b - end < MAX_SNIPPET && !/[.!?\n]/.test(text.charAt(b))) b += 1;
  if (b < text.length && text.charAt(b) !== '\n') b += 1;
  return sanitizeLine(text.slice(a, b), MAX_SNIPPET) ?? '';
}

const ABBREVIATION_END =
  /(?:^|[^\p{L}])(?:Inc|Corp|Co|Ltd|Mr|Mrs|Ms|Dr|St|Jr|Sr|Gov|Sen|Rep|Gen|Prof|Jan|Feb|Aug|Sept|Oct|Nov|Dec|\p{Lu})\.$/u;

interface Counts {
  snippets: number;
  afterAbbreviation: number;
  insideNumber: number;
  midWord: number;
}

function count(counts: Counts, snippet: string, text: string): void {
  counts.snippets += 1;
  if (ABBREVIATION_END.test(snippet)) counts.afterAbbreviation += 1;
  const number = /\d\.$/.exec(snippet);
  // "17." whose source goes on with a digit: the snippet stopped inside "17.3".
  if (number && new RegExp(`${snippet.slice(-12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d`).test(text)) counts.insideNumber += 1;
  if (snippet.length >= MAX_SNIPPET - 2 && /[\p{L}\p{N}]$/u.test(snippet)) counts.midWord += 1;
}

const before: Counts = { snippets: 0, afterAbbreviation: 0, insideNumber: 0, midWord: 0 };
const after: Counts = { snippets: 0, afterAbbreviation: 0, insideNumber: 0, midWord: 0 };
for (const f of readdirSync(GOLD)
  .filter((n) => n.endsWith('.json'))
  .sort()) {
  const gold = JSON.parse(readFileSync(`${GOLD}/${f}`, 'utf8')) as { page: string; must?: { name: string }[] };
  const file = pageFile('../shared/corpus/pages', gold.page);
  if (file === undefined) continue;
  const dom = new JSDOM(readFileSync(file, 'utf8'), { url: pageUrl(gold.page), virtualConsole: new VirtualConsole() });
  const { text } = capturePage(dom.window.document, pageUrl(gold.page), { now: 0, timeBudgetMs: 60_000 });
  dom.window.close();
  let n = 0;
  for (const { name } of gold.must ?? []) {
    for (let at = text.indexOf(name); at >= 0 && n < PER_PAGE; at = text.indexOf(name, at + name.length)) {
      n += 1;
      count(before, previousCut(text, at, at + name.length), text);
      count(after, sentenceAt(text, at, at + name.length), text);
    }
  }
}
const line = (c: Counts) =>
  `${c.snippets} snippets: ${c.afterAbbreviation} end after an abbreviation or initial, ${c.insideNumber} inside a number, ${c.midWord} cut inside a word`;
console.log(`before: ${line(before)}`);
console.log(`now:    ${line(after)}`);
console.log(JSON.stringify({ before, after }));
