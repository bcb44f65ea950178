/**
 * CPU time of one in-page reading (`capturePage`) under jsdom, for comparing builds of the
 * reader (e.g. before and after it read the DOM through prototypes, issue 34.11): a corpus
 * news page and a generated 50,000-element page, each read `--runs` times; prints the median
 * CPU milliseconds (process.cpuUsage, user + system), not wall-clock, so a loaded machine
 * still compares.
 *
 *   npx tsx bench/capture-cpu.ts [--runs 7] [../shared/corpus/pages]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { capturePage } from '../src/extract/page/capture-page';

const args = process.argv.slice(2);
const at = args.indexOf('--runs');
const RUNS = at >= 0 ? Math.max(1, Number(args[at + 1]) || 7) : 7;
const root = resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--runs') ?? '../shared/corpus/pages');

const pages: Record<string, string> = {
  'metascraper/arstechnica (news page)': readFileSync(join(root, 'metascraper/arstechnica/input.html'), 'utf8'),
  'generated 50k elements': `<!doctype html><html><body><main>${'<div><p>Initech hired Ann Lee in Tarrow.</p></div>'.repeat(25_000)}</main></body></html>`,
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const result: Record<string, number> = {};
for (const [name, html] of Object.entries(pages)) {
  const doc = new JSDOM(html, { url: 'https://example.test/page' }).window.document;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = cpuMs();
    // A budget no machine reaches: the whole reading is measured, never a cut one.
    capturePage(doc, 'https://example.test/page', { now: 0, timeBudgetMs: 600_000 });
    times.push(cpuMs() - start);
  }
  times.sort((a, b) => a - b);
  result[name] = Math.round(times[Math.floor(times.length / 2)] ?? 0);
}
console.log(JSON.stringify({ runs: RUNS, medianCpuMs: result }));
