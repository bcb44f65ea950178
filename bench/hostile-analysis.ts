/**
 * bench:hostile — the analysis path the background runs, on the adversarial inputs of
 * `tooling/testing/adversarial-inputs.ts` at 20k and 200k characters: per input
 * class, the worst analysis time and the longest slice (time without yielding to the
 * event loop). One line per class, then a JSON line.
 *
 *   npm run bench:hostile                    # all inputs, in this process
 *   npm run bench:hostile -- --isolate 60    # one child process per input, killed after 60 s
 *   npm run bench:hostile -- --one-per-class # the first input of each class only
 *
 * Works on trees without `analyzeCaptureAsync` too: the synchronous
 * analysis is then one slice.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PageCapture } from '../src/core/capture';
import * as analyze from '../src/extract/analysis/analyze';
import * as ner from '../src/extract/ner';
import type { EntityRecognizer } from '../src/extract/mentions/recognizer';
import { createRuleRecognizer } from '../src/extract/rules/rule-recognizer';
import { adversarialInputs, type AdversarialInput } from '../tooling/testing/adversarial-inputs';

const SIZES = [20_000, 200_000];

interface Run {
  readonly ms: number;
  readonly sliceMs: number;
  readonly timedOut?: boolean;
}

function capture(text: string): PageCapture {
  return {
    url: 'https://example.com/hostile',
    title: 'Hostile page',
    text,
    headings: [],
    entities: [],
    relations: [],
    trigger: 'auto',
    capturedAt: 0,
    notes: [],
  };
}

async function recognizer(): Promise<EntityRecognizer> {
  // The background's recognizer where the tree has it, else what it used before.
  try {
    const ingest = await import('../src/background/ingest');
    if ('createPageRecognizer' in ingest && typeof ingest.createPageRecognizer === 'function') return ingest.createPageRecognizer();
  } catch {
    // An older tree: fall through.
  }
  return ner.createTrainedRecognizer() ?? createRuleRecognizer();
}

async function runOne(input: AdversarialInput, size: number, rec: EntityRecognizer): Promise<Run> {
  const c = capture(input.make(size));
  const started = performance.now();
  let last = started;
  let sliceMs = 0;
  // A key check rather than `in`: on an old tree the export is missing at run time.
  if (Object.keys(analyze).includes('analyzeCaptureAsync')) {
    await analyze.analyzeCaptureAsync(c, {
      recognizer: rec,
      // No budget here: the figure is the whole analysis; the budget only cuts it short.
      budgetMs: Number.POSITIVE_INFINITY,
      yieldNow: async () => {
        sliceMs = Math.max(sliceMs, performance.now() - last);
        await new Promise((resolve) => setTimeout(resolve, 0));
        last = performance.now();
      },
    });
  } else {
    analyze.analyzeCapture(c, { recognizer: rec });
  }
  const end = performance.now();
  return { ms: end - started, sliceMs: Math.max(sliceMs, end - last) };
}

function runIsolated(index: number, size: number, timeoutS: number): Run {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [...process.execArgv, self, '--child', String(index), String(size)], {
    encoding: 'utf8',
    timeout: timeoutS * 1000,
    killSignal: 'SIGKILL',
  });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.error !== undefined || child.status !== 0 || !line.startsWith('{'))
    return { ms: timeoutS * 1000, sliceMs: timeoutS * 1000, timedOut: true };
  const parsed: unknown = JSON.parse(line);
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    'ms' in parsed &&
    'sliceMs' in parsed &&
    typeof parsed.ms === 'number' &&
    typeof parsed.sliceMs === 'number'
  ) {
    return { ms: parsed.ms, sliceMs: parsed.sliceMs };
  }
  return { ms: timeoutS * 1000, sliceMs: timeoutS * 1000, timedOut: true };
}

function fmt(run: Run | undefined, key: 'ms' | 'sliceMs'): string {
  if (run === undefined) return '-';
  return run.timedOut === true ? `> ${Math.round(run[key] / 1000)} s` : `${Math.round(run[key])} ms`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const inputs = adversarialInputs();
  const rec = await recognizer();
  // Warm the model and the JIT: the figures are for a worker that has analysed a page before.
  await runOne(
    { name: 'warm-up', kind: 'warm-up', make: () => 'Patrick Collison, the CEO of Stripe, said Stripe is based in San Francisco.' },
    0,
    rec,
  );
  if (args[0] === '--child') {
    const input = inputs[Number(args[1])];
    if (input === undefined) throw new Error(`no input ${args[1]}`);
    console.log(JSON.stringify(await runOne(input, Number(args[2]), rec)));
    return;
  }
  const isolateAt = args.indexOf('--isolate');
  const timeoutS = isolateAt >= 0 ? Number(args[isolateAt + 1] ?? 60) : 0;
  const onePerClass = args.includes('--one-per-class');
  const seenKinds = new Set<string>();
  const chosen = inputs
    .map((input, index) => ({ input, index }))
    .filter(({ input }) => {
      if (!onePerClass) return true;
      if (seenKinds.has(input.kind)) return false;
      seenKinds.add(input.kind);
      return true;
    });
  // Worst run per class and size.
  const worst = new Map<string, Map<number, { run: Run; name: string }>>();
  for (const { input, index } of chosen) {
    for (const size of SIZES) {
      const perSize = worst.get(input.kind) ?? new Map<number, { run: Run; name: string }>();
      worst.set(input.kind, perSize);
      // A timeout at 20k says enough: 200k is not tried (it would time out too).
      const smaller = perSize.get(SIZES[0] ?? 0);
      const run =
        size > (SIZES[0] ?? 0) && smaller?.name === input.name && smaller.run.timedOut === true
          ? smaller.run
          : timeoutS > 0
            ? runIsolated(index, size, timeoutS)
            : await runOne(input, size, rec);
      const prev = perSize.get(size);
      if (prev === undefined || run.ms > prev.run.ms) perSize.set(size, { run, name: input.name });
    }
  }
  const rows: Record<string, unknown>[] = [];
  console.log(
    `analysis of hostile inputs (${rec.name}; ${chosen.length} inputs${timeoutS > 0 ? `, each in a child process, timeout ${timeoutS} s` : ''})`,
  );
  for (const [kind, perSize] of worst) {
    const cells = SIZES.map((size) => {
      const w = perSize.get(size);
      return `${size / 1000}k: worst ${fmt(w?.run, 'ms')}, longest slice ${fmt(w?.run, 'sliceMs')} (${w?.name ?? '-'})`;
    });
    console.log(`${kind.padEnd(40)} ${cells.join(' | ')}`);
    for (const size of SIZES) {
      const w = perSize.get(size);
      if (w !== undefined)
        rows.push({
          kind,
          size,
          worstMs: Math.round(w.run.ms),
          longestSliceMs: Math.round(w.run.sliceMs),
          timedOut: w.run.timedOut === true,
          input: w.name,
        });
    }
  }
  console.log(JSON.stringify({ bench: 'hostile-analysis', recognizer: rec.name, rows }));
}

void main();
