/**
 * What keeping page text costs: the bytes of sentences each corpus page keeps on its
 * record (`Page.sentences`: its main-text sentences, bounded at 200 sentences and 60 kB,
 * those naming an entity first), captured and analysed as the extension does (the
 * trained recognizer). Printed: p50/p95/max bytes per page, the total over the pages,
 * how many the per-page bounds cut, and, for comparison, the bytes of the sentences that
 * name a kept entity (what pages kept before re-reading needed the whole text). Then each
 * page is ingested into one in-memory graph and re-read (`page_reread`'s path, the same
 * analyzer): the re-reading time per page, p50/p95/max.
 *
 *   npx tsx bench/sentence-bytes.ts [pages dir …]   (default: ../shared/corpus/pages/readability and …/metascraper, 189 pages)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM, VirtualConsole } from 'jsdom';
import { DEFAULT_SENTENCE_STORE_MB, MAX_PAGE_SENTENCE_BYTES, MAX_PAGE_SENTENCES, sentenceBytes } from '../src/core/graph/page-sentences';
import { nameKey } from '../src/core/text/normalize';
import { createIngest, createPageRecognizer } from '../src/background/ingest';
import { createRereader } from '../src/background/reread';
import { fixedClock, sequentialIds } from '../src/core/graph/ids';
import { InMemoryGraphStore } from '../src/core/graph/memory-store';
import { GraphService } from '../src/core/graph/service';
import { defaultSettings } from '../src/core/settings';
import { analyzeCapture } from '../src/extract/analysis/analyze';
import { capturePage } from '../src/extract/page/capture-page';

const dirs = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const roots = dirs.length > 0 ? dirs : ['../shared/corpus/pages/readability', '../shared/corpus/pages/metascraper'];
const recognizer = createPageRecognizer();
const virtualConsole = new VirtualConsole();
const store = new InMemoryGraphStore();
const clock = fixedClock();
const ids = sequentialIds();
const graph = new GraphService({ store, ids, clock });
const settings = defaultSettings();
const sources = { graph, store, clock, ids, settings: () => Promise.resolve(settings) };
const ingest = createIngest(sources);
const urls: string[] = [];
const kept: number[] = [];
const named: number[] = [];
let cut = 0;
for (const root of roots) {
  for (const name of readdirSync(root).sort()) {
    const file = [join(root, name, 'source.html'), join(root, name, 'input.html')].find((f) => existsSync(f));
    if (file === undefined) continue;
    const url = `https://${name.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.example/page`;
    const dom = new JSDOM(readFileSync(file, 'utf8'), { url, virtualConsole });
    const capture = capturePage(dom.window.document, url, { now: 0 });
    dom.window.close();
    const analysis = analyzeCapture(capture, { recognizer });
    await ingest(capture);
    urls.push(url);
    const sentences = analysis.sentences ?? [];
    const bytes = sentenceBytes(sentences);
    kept.push(bytes);
    if (sentences.length >= MAX_PAGE_SENTENCES || bytes > MAX_PAGE_SENTENCE_BYTES - 600) cut += 1;
    // Sentences naming a kept entity by its name or an alias (word-bounded, case-folded).
    const keys = analysis.entities.flatMap((e) => [e.name, ...e.aliases].map((n) => ` ${nameKey(n)} `)).filter((k) => k.trim().length > 1);
    named.push(sentenceBytes(sentences.filter((s) => keys.some((k) => ` ${nameKey(s)} `.includes(k)))));
  }
}

function stats(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const total = sorted.reduce((a, b) => a + b, 0);
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0, mean: Math.round(total / Math.max(1, sorted.length)), total };
}

const rereader = createRereader(sources);
const rereadMs: number[] = [];
// The same analyzer read the pages: what a re-reading adds or removes is what the kept sentences miss.
let added = 0;
let removed = 0;
for (const url of urls) {
  const t0 = performance.now();
  const out = await rereader.rereadOne(url);
  rereadMs.push(performance.now() - t0);
  added += out.entitiesAdded.length;
  removed += out.entitiesRemoved.length;
}

const all = stats(kept);
const naming = stats(named);
const fmt = (s: ReturnType<typeof stats>) =>
  `p50 ${s.p50} B, p95 ${s.p95} B, max ${s.max} B, mean ${s.mean} B, total ${(s.total / 1e6).toFixed(2)} MB`;
console.log(`${kept.length} pages; sentences kept (main text, bounded): ${fmt(all)}; ${cut} pages cut by the per-page bounds`);
console.log(`of which naming a kept entity: ${fmt(naming)}`);
console.log(
  `at the mean, the default bound of ${DEFAULT_SENTENCE_STORE_MB} MB holds ~${Math.floor((DEFAULT_SENTENCE_STORE_MB * 1e6) / Math.max(1, all.mean))} pages' sentences`,
);
const reread = stats(rereadMs.map((ms) => Math.round(ms)));
console.log(`re-reading a page (analysis + one write turn, in memory): p50 ${reread.p50} ms, p95 ${reread.p95} ms, max ${reread.max} ms`);
console.log(`re-read by the same analyzer: ${added} entities added, ${removed} removed over ${urls.length} pages`);
console.log(
  JSON.stringify({
    pages: kept.length,
    kept: all,
    naming,
    cutByPageBounds: cut,
    rereadMs: { p50: reread.p50, p95: reread.p95, max: reread.max },
    sameAnalyzer: { added, removed },
  }),
);
