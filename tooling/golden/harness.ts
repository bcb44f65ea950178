/**
 * Golden-test harness over the shared corpus pages: loads a saved page with jsdom
 * (scripts off, as a reader would see the server's HTML), captures it with time
 * frozen, analyzes it with the rule recognizer, and checks a page's expectations.
 * Page text is read from `../shared/corpus` at run time; none is copied here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSDOM, VirtualConsole } from 'jsdom';
import { expect } from 'vitest';
import type { CaptureAnalysis, PageCapture } from '../../src/core/capture';
import type { EntityType } from '../../src/core/graph/types';
import { analyzeCapture } from '../../src/extract/analysis/analyze';
import { capturePage } from '../../src/extract/page/capture-page';
import { createRuleRecognizer } from '../../src/extract/rules/rule-recognizer';

/** The shared corpus, next to the repository. */
export const CORPUS_PAGES = fileURLToPath(new URL('../../../shared/corpus/pages/', import.meta.url));
export const CORPUS_MISSING = `corpus pages not found at ${CORPUS_PAGES}: golden page tests skipped (they need ../shared/corpus)`;
export const corpusPresent = existsSync(CORPUS_PAGES);
/** Frozen capture time. */
const NOW = 1_700_000_000_000;
/** Interface words no page may turn into an entity. */
export const UNIVERSAL_BOILERPLATE = [
  'Read more',
  'Sign up',
  'Sign in',
  'Log in',
  'Cookie Policy',
  'Privacy Policy',
  'Terms of Service',
  'Share',
  'Subscribe',
  'Newsletter',
  'Advertisement',
  'Home',
  'Menu',
  'Search',
  'Comments',
  'Contact Us',
] as const;

export interface GoldenPage {
  /** `readability/<name>/source.html` or `metascraper/<site>/input.html`, under the corpus pages folder. */
  readonly file: string;
  /** Central entities (name as the page writes it) and their types. */
  readonly entities: readonly (readonly [string, EntityType])[];
  /** Relations [from, label, to] the page states (structured data or an explicit sentence). */
  readonly relations?: readonly (readonly [string, string, string])[];
  /** Page-specific furniture (section headings, nav labels) that must not become entities. */
  readonly absent?: readonly string[];
  /** Strings of the page's furniture that must not reach the captured text. */
  readonly notInText?: readonly string[];
}

export interface GoldenRun {
  readonly capture: PageCapture;
  readonly analysis: CaptureAnalysis;
}

const recognizer = createRuleRecognizer();

export function runGolden(file: string): GoldenRun {
  const html = readFileSync(`${CORPUS_PAGES}${file}`, 'utf8');
  const url = `https://${file.split('/')[1] ?? 'page'}.example/article`;
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  try {
    const capture = capturePage(dom.window.document, url, { now: NOW, timeBudgetMs: 60_000 });
    return { capture, analysis: analyzeCapture(capture, { recognizer }) };
  } finally {
    dom.window.close();
  }
}

/** Asserts one page's golden expectations. */
export function checkGolden(page: GoldenPage, run: GoldenRun): void {
  const { capture, analysis } = run;
  expect(capture.capturedAt).toBe(NOW);
  const types = new Map(analysis.entities.map((e) => [e.name, e.type]));
  const found = page.entities.map(([name]) => `${name}/${types.get(name) ?? 'missing'}`);
  expect(found).toEqual(page.entities.map(([name, type]) => `${name}/${type}`));
  for (const [from, label, to] of page.relations ?? []) {
    expect(analysis.relations.map((r) => `${r.from} -${r.label}-> ${r.to}`)).toContain(`${from} -${label}-> ${to}`);
  }
  for (const junk of [...UNIVERSAL_BOILERPLATE, ...(page.absent ?? [])]) expect(types.has(junk), `"${junk}" is not an entity`).toBe(false);
  for (const junk of page.notInText ?? []) expect(capture.text.includes(junk), `"${junk}" is not in the main text`).toBe(false);
}
