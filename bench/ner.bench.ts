/**
 * Figures of the shipped NER model: size (binary, the TS module, the built extension),
 * load time, memory, and recognition speed in Node on one thread.
 *
 *   npx tsx bench/ner.bench.ts [conll-file]   (default ../shared/corpus/ner/conll2003/eng.testa)
 *
 * Speed is reported as wall-clock MB/s (what eval:ner prints), process CPU MB/s and
 * main-thread CPU MB/s (Linux; the last two are less sensitive to other processes on a
 * shared machine, the main thread excludes JIT and GC helper threads), for the first
 * pass (cold caches, as eval:ner measures) and the best of three warm passes.
 * Last line: a JSON summary.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const file = process.argv[2] ?? '../shared/corpus/ner/conll2003/eng.testa';
const WEIGHTS_TS = 'src/extract/ner/model/weights.ts';
const BUILD_DIR = '.output/chrome-mv3';

/** Documents as eval:ner builds them: tokens joined by spaces, sentences by new lines. */
function documents(path: string): string[] {
  if (!existsSync(path)) {
    console.log(`${path} not found: timing on generated text instead (the corpus lives in ../shared/corpus/ner/)`);
    const sentence = 'Patrick Collison founded Stripe in San Francisco with his brother John in 2010 .';
    return Array.from({ length: 200 }, () => Array.from({ length: 20 }, () => sentence).join('\n'));
  }
  const docs: string[] = [];
  let sentences: string[] = [];
  let tokens: string[] = [];
  const flush = (): void => {
    if (tokens.length > 0) sentences.push(tokens.join(' '));
    tokens = [];
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const token = line.trim().split(/\s+/)[0] ?? '';
    if (token === '') flush();
    else if (token === '-DOCSTART-') {
      flush();
      if (sentences.length > 0) docs.push(sentences.join('\n'));
      sentences = [];
    } else tokens.push(token);
  }
  flush();
  if (sentences.length > 0) docs.push(sentences.join('\n'));
  return docs;
}

/** The built file that carries the model, if the extension is built and bundles it. */
function builtCarrier(marker: string): { file: string; bytes: number } | undefined {
  if (!existsSync(BUILD_DIR)) return undefined;
  const stack = [BUILD_DIR];
  while (stack.length > 0) {
    const dir = stack.pop() ?? '';
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (name.endsWith('.js') && readFileSync(path, 'utf8').includes(marker)) return { file: path, bytes: statSync(path).size };
    }
  }
  return undefined;
}

/** CPU ms of this process's main thread (Linux /proc; excludes JIT and GC helper threads), or NaN. */
function mainThreadCpuMs(): number {
  const path = `/proc/self/task/${process.pid}/stat`;
  if (!existsSync(path)) return Number.NaN;
  const fields = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat (utime, stime), counted after the ") " that ends the command name.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function readLoadAverage(): string {
  return existsSync('/proc/loadavg') ? (readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? 'NaN') : 'NaN';
}

const mb = (bytes: number): number => Math.round((bytes / 1e6) * 100) / 100;
const before = process.memoryUsage();
const tImport = performance.now();
const { createTrainedRecognizer, loadShippedModel, modelLoadMs } = await import('../src/extract/ner/index');
const { NER_MODEL_BASE64 } = await import('../src/extract/ner/model/weights');
const importMs = performance.now() - tImport;
const recognizer = createTrainedRecognizer();
if (recognizer === undefined) {
  console.error('no trained model is shipped; run `npm run train:ner` first');
  process.exit(2);
}
const firstLoadMs = modelLoadMs();
const reloads: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  loadShippedModel();
  reloads.push(performance.now() - t);
}
const afterLoad = process.memoryUsage();
const binaryBytes = Math.floor((NER_MODEL_BASE64.replace(/(?<!=)=+$/, '').length * 3) / 4);
const moduleBytes = existsSync(WEIGHTS_TS) ? statSync(WEIGHTS_TS).size : 0;
const built = builtCarrier(NER_MODEL_BASE64.slice(0, 64));

const docs = documents(file);
const chars = docs.reduce((n, d) => n + Buffer.byteLength(d, 'utf8'), 0);
let peakRss = afterLoad.rss;
let mentions = 0;
const passes: Array<{ wall: number; cpu: number; thread: number }> = [];
for (let pass = 0; pass < 4; pass++) {
  let wall = 0;
  const t0 = mainThreadCpuMs();
  const c0 = process.cpuUsage();
  for (const doc of docs) {
    const t = performance.now();
    const found = recognizer.recognize(doc);
    wall += performance.now() - t;
    if (pass === 0) mentions += found.length;
  }
  const c = process.cpuUsage(c0);
  passes.push({ wall, cpu: (c.user + c.system) / 1000, thread: mainThreadCpuMs() - t0 });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const rate = (ms: number): number => Math.round((chars / 1e6 / (ms / 1000)) * 100) / 100;
const cold = passes[0] ?? { wall: 0, cpu: 0, thread: 0 };
const warm = passes.slice(1).reduce((a, b) => (b.wall < a.wall ? b : a), passes[1] ?? cold);
const summary = {
  binaryBytes,
  moduleBytes,
  builtFile: built?.file ?? null,
  builtFileBytes: built?.bytes ?? null,
  importMs: Math.round(importMs),
  loadMs: Math.round(firstLoadMs),
  reloadMsMedian: Math.round([...reloads].sort((a, b) => a - b)[2] ?? 0),
  heapAfterLoadMB: mb(afterLoad.heapUsed - before.heapUsed),
  rssAfterLoadMB: mb(afterLoad.rss),
  peakRssMB: mb(peakRss),
  textMB: mb(chars),
  documents: docs.length,
  mentions,
  coldWallMBps: rate(cold.wall),
  coldCpuMBps: rate(cold.cpu),
  coldMainThreadMBps: rate(cold.thread),
  warmWallMBps: rate(warm.wall),
  warmCpuMBps: rate(warm.cpu),
  warmMainThreadMBps: rate(warm.thread),
  loadAverage: Number(readLoadAverage()),
};
console.log(`model: ${binaryBytes} bytes binary, ${moduleBytes} bytes as ${WEIGHTS_TS}`);
console.log(
  built === undefined
    ? `built extension: no bundle in ${BUILD_DIR} carries the model (build it, or the recognizer is not wired in yet)`
    : `built extension: ${built.file} is ${built.bytes} bytes (carries the model)`,
);
console.log(`load: import ${summary.importMs} ms, first decode ${summary.loadMs} ms, re-decode median ${summary.reloadMsMedian} ms`);
console.log(`memory: heap +${summary.heapAfterLoadMB} MB after load, rss ${summary.rssAfterLoadMB} MB, peak rss ${summary.peakRssMB} MB`);
console.log(
  `speed on ${summary.textMB} MB (${docs.length} documents, ${mentions} mentions): cold ${summary.coldWallMBps} MB/s wall, ${summary.coldCpuMBps} MB/s process CPU, ${summary.coldMainThreadMBps} MB/s main-thread CPU; warm ${summary.warmWallMBps} / ${summary.warmCpuMBps} / ${summary.warmMainThreadMBps} MB/s (load average ${summary.loadAverage})`,
);
console.log(JSON.stringify(summary));
