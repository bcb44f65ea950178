/**
 * Does `z.config({ jitless: true })` slow down capture validation? zod 4 compiles object
 * parsers with `new Function` unless jitless; extension pages forbid eval (MV3 and Firefox
 * CSPs), so there the JIT is never used anyway, but Node allows it. This parses a realistic
 * capture (e2e/site/stripe.html through capturePage) in two fresh processes, JIT and jitless,
 * and prints the median time per parse.
 *
 *   npx tsx bench/zod-jitless.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Parses per timed pass, and passes (the median is reported). */
const PARSES = 20_000;
const PASSES = 7;

async function child(jitless: boolean): Promise<void> {
  // The setting must precede schema construction: zod decides per object schema when it is built.
  const { z } = await import('zod');
  z.config({ jitless });
  const { JSDOM } = await import('jsdom');
  const { capturePage } = await import('../src/extract/page/capture-page');
  const { pageCaptureSchema } = await import('../src/core/capture');
  const url = 'https://stripe.example.com/about';
  const dom = new JSDOM(readFileSync(path.join(ROOT, 'e2e/site/stripe.html'), 'utf8'), { url });
  const capture = capturePage(dom.window.document, url, { now: 1_700_000_000_000, trigger: 'manual' });
  if (!pageCaptureSchema.safeParse(capture).success) throw new Error('the sample capture does not validate');
  for (let i = 0; i < 2_000; i += 1) pageCaptureSchema.parse(capture); // warm-up
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass += 1) {
    const start = performance.now();
    for (let i = 0; i < PARSES; i += 1) pageCaptureSchema.parse(capture);
    times.push(((performance.now() - start) * 1000) / PARSES);
  }
  times.sort((a, b) => a - b);
  const bytes = JSON.stringify(capture).length;
  console.log(
    `${jitless ? 'jitless' : 'jit    '}  ${times[PASSES >> 1]?.toFixed(2)} µs/parse (median of ${PASSES}×${PARSES}; capture ${bytes} bytes JSON)`,
  );
}

const mode = process.argv[2];
if (mode === 'jit' || mode === 'jitless') {
  await child(mode === 'jitless');
} else {
  const self = fileURLToPath(import.meta.url);
  for (const m of ['jit', 'jitless', 'jit', 'jitless']) {
    process.stdout.write(execFileSync(process.execPath, ['--import', 'tsx', self, m], { cwd: ROOT, encoding: 'utf8' }));
  }
}
