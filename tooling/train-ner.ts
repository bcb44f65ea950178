/**
 * `npm run train:ner`: trains the shipped entity recognizer from ../shared/corpus/ner
 * (CoNLL-2003 eng.train, CrossNER ai/politics/science train, WNUT-17 train), reports
 * dev F1 per epoch on eng.testa (model selection only), quantizes and writes
 * src/extract/ner/model/weights.ts. Same options → same bytes.
 *
 *   npm run train:ner -- [--epochs 10] [--bits 17] [--seed 1] [--corpus ../shared/corpus/ner]
 *                        [--levels 127] [--prune 1] [--extra-repeat 3] [--no-write] [--limit-docs N] [--out file]
 *                        [--weak /tmp/ner-weak.json] [--weak-repeat 1] [--weak-gazetteer]
 *                        [--wikigold <wikigold/en/test.conllu>] [--wikiann <wikiann/en/train.conllu>] [--wiki-repeat 1]
 *                        [--redocred <Re-DocRED dev_revised.json>] [--open-misc] [--lowercase-every 0] [--seeds 1]
 *
 * `--weak`: weakly labelled page sentences built by `tooling/ner/build-weak-labels.ts`
 * (partial labels; their names stay out of the gazetteer unless `--weak-gazetteer`).
 * `--wikigold` trains on the training part of wikigold (`tooling/ner/public-data.ts`),
 * `--wikiann` on a WikiANN file, `--redocred` on a Re-DocRED file; where they come from and
 * their licences: tooling/ner/README.md.
 * `--lowercase-every k`: every k-th labelled document is also shown in lower case (names in
 * tweets, comments and headings are often written so; the model then has to know a name by
 * its words and context, not its capitals alone). 0: none.
 * `--open-misc`: the Wikipedia sets' MISC names train as other, product or technology, the
 * model's choice (`withOpenMisc`), rather than as other.
 * `--seeds n`: trains with seeds seed … seed+n-1 and ships the mean of the n models.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { readDataset, SpanScorer, typedSpans, type LabeledDocument } from './ner/conll';
import { FeatureExtractor } from '../src/extract/ner/features';
import { COMPANY_NAMES, TRAINING_PRODUCT_NAMES, TRAINING_TECHNOLOGY_NAMES } from '../src/extract/ner/lists';
import { typeId, type DatasetScheme } from '../src/extract/ner/labels';
import { PhraseGazetteer } from '../src/extract/ner/gazetteer';
import { encodeModel, NerModel, quantize, toBase64 } from '../src/extract/ner/model';
import { tokenize } from '../src/nlp';
import { splitWikigold, withOpenMisc } from './ner/public-data';
import { predictDocument, train, type TrainingDocument } from './ner/train';
import { weakDocuments, type WeakFile } from './ner/weak-labels';

interface Args {
  epochs: number;
  bits: number;
  seed: number;
  corpus: string;
  levels: number;
  prune: number;
  write: boolean;
  limitDocs: number;
  extraRepeat: number;
  out: string;
  weak: string;
  weakRepeat: number;
  weakGazetteer: boolean;
  wikigold: string;
  wikiann: string;
  redocred: string;
  wikiRepeat: number;
  lowercaseEvery: number;
  seeds: number;
  openMisc: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  // Defaults, chosen by model selection on eng.testa (and CrossNER ai dev for the oversampling):
  // 10 epochs: dev F1 still crept up at 9-10 and mistakes kept falling;
  // 2^17 buckets: 2^16 lost ~0.5 F1, 2^18 and 2^19 gained nothing, and a 1.7 MB int8 table
  //   scores faster than larger ones (fewer cache misses);
  // 127 levels (int8) and pruning |q| < 1: cost < 0.1 F1 against the float weights;
  // CrossNER/WNUT shown 3x per epoch: technology F1 on CrossNER ai dev 0.48 → 0.70, CoNLL unchanged.
  const args: Args = {
    epochs: 10,
    bits: 17,
    seed: 1,
    corpus: '../shared/corpus/ner',
    levels: 127,
    prune: 1,
    write: true,
    limitDocs: Infinity,
    extraRepeat: 3,
    out: 'src/extract/ner/model/weights.ts',
    weak: '',
    weakRepeat: 1,
    weakGazetteer: false,
    wikigold: '',
    wikiann: '',
    redocred: '',
    wikiRepeat: 1,
    lowercaseEvery: 0,
    seeds: 1,
    openMisc: false,
  };
  const numbers: Record<
    string,
    'epochs' | 'bits' | 'seed' | 'levels' | 'prune' | 'limitDocs' | 'extraRepeat' | 'weakRepeat' | 'wikiRepeat' | 'lowercaseEvery' | 'seeds'
  > = {
    '--epochs': 'epochs',
    '--bits': 'bits',
    '--seed': 'seed',
    '--levels': 'levels',
    '--prune': 'prune',
    '--limit-docs': 'limitDocs',
    '--extra-repeat': 'extraRepeat',
    '--weak-repeat': 'weakRepeat',
    '--wiki-repeat': 'wikiRepeat',
    '--lowercase-every': 'lowercaseEvery',
    '--seeds': 'seeds',
  };
  const strings: Record<string, 'corpus' | 'out' | 'weak' | 'wikigold' | 'wikiann' | 'redocred'> = {
    '--corpus': 'corpus',
    '--out': 'out',
    '--weak': 'weak',
    '--wikigold': 'wikigold',
    '--wikiann': 'wikiann',
    '--redocred': 'redocred',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const v = argv[i + 1] ?? '';
    const numeric = numbers[a];
    const text = strings[a];
    if (a === '--no-write') {
      args.write = false;
    } else if (a === '--weak-gazetteer') {
      args.weakGazetteer = true;
    } else if (a === '--open-misc') {
      args.openMisc = true;
    } else if (numeric !== undefined) {
      args[numeric] = Number(v);
      i++;
    } else if (text !== undefined) {
      args[text] = v;
      i++;
    } else {
      throw new Error(`unknown option ${a}; see the header of tooling/train-ner.ts`);
    }
  }
  return args;
}

/** A list name as the tokenizer splits it ("Node.js" stays one token, "Wi-Fi" too). */
function words(name: string): string[] {
  return tokenize(name).map((t) => t.text);
}

function load(path: string, scheme: DatasetScheme): LabeledDocument[] {
  return readDataset(readFileSync(path, 'utf8'), scheme);
}

/**
 * The mean of models trained with different seeds (same data, so the same gazetteer): the
 * order documents are shown in moves a perceptron's weights, and the mean is steadier than
 * any one of them.
 */
function averageModels(models: readonly NerModel[]): NerModel {
  const first = models[0];
  if (first === undefined || models.length === 1)
    return first ?? new NerModel(10, new Float64Array(0), new Float64Array(0), 1, new PhraseGazetteer());
  const weights = new Float64Array(first.weights.length);
  const transitions = new Float64Array(first.transitions.length);
  for (const m of models) {
    m.weights.forEach((w, i) => (weights[i] = (weights[i] ?? 0) + w / models.length));
    m.transitions.forEach((w, i) => (transitions[i] = (transitions[i] ?? 0) + w / models.length));
  }
  return new NerModel(first.bits, weights, transitions, first.scale, first.gazetteer);
}

/** The same document written in lower case (same spans). */
function lowerCased(doc: LabeledDocument): LabeledDocument {
  return { sentences: doc.sentences.map((s) => ({ ...s, tokens: s.tokens.map((t) => t.toLowerCase()) })) };
}

function readWeakFile(path: string): WeakFile {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof value !== 'object' || value === null || !Array.isArray(Reflect.get(value, 'pages'))) {
    throw new Error(`${path} is not a weak-label file; build one with \`npx tsx tooling/ner/build-weak-labels.ts\``);
  }
  return value as WeakFile;
}

/** Micro P/R/F1 over PER/ORG/LOC (as eval:ner scores) on token spans. */
export function evaluateConll(model: NerModel, docs: readonly LabeledDocument[]): ReturnType<SpanScorer['scores']> {
  const extractor = new FeatureExtractor(model.bits);
  const scorer = new SpanScorer(['person', 'company', 'location']);
  for (const doc of docs) {
    const predicted = predictDocument(model, extractor, doc);
    doc.sentences.forEach((s, i) => {
      // Offset spans per sentence so one scorer call covers the document.
      scorer.add(
        typedSpans(s.spans).map((x) => ({ ...x, start: x.start + i * 1e4, end: x.end + i * 1e4 })),
        typedSpans(predicted[i] ?? []).map((x) => ({ ...x, start: x.start + i * 1e4, end: x.end + i * 1e4 })),
      );
    });
  }
  return scorer.scores();
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(args.corpus);
  const trainFile = join(root, 'conll2003/eng.train');
  if (!existsSync(trainFile)) {
    console.error(`training data not found at ${trainFile}; pass --corpus <dir with conll2003/, crossner/, wnut17/>`);
    process.exit(2);
  }
  const t0 = performance.now();
  const conll = load(trainFile, 'conll2003').slice(0, args.limitDocs);
  const extra: LabeledDocument[] = [];
  for (const domain of ['ai', 'politics', 'science']) extra.push(...load(join(root, `crossner/${domain}/train.txt`), 'crossner'));
  extra.push(...load(join(root, 'wnut17/wnut17train.conll'), 'wnut17'));
  const wiki: LabeledDocument[] = [];
  if (args.wikigold !== '') wiki.push(...splitWikigold(load(args.wikigold, 'wikigold')).train);
  if (args.wikiann !== '') wiki.push(...load(args.wikiann, 'wikiann'));
  if (args.redocred !== '') wiki.push(...load(args.redocred, 'redocred'));
  const weak = args.weak === '' ? [] : weakDocuments(readWeakFile(args.weak), args.weakRepeat, args.weakGazetteer);
  const docs: TrainingDocument[] = [
    ...conll.map((doc) => ({ doc })),
    ...extra.slice(0, args.limitDocs).map((doc) => ({ doc, repeat: args.extraRepeat })),
    ...wiki.map((doc) => (args.openMisc ? withOpenMisc(doc, args.wikiRepeat) : { doc, repeat: args.wikiRepeat })),
  ];
  const lowered =
    args.lowercaseEvery > 0
      ? docs.filter((_, i) => i % args.lowercaseEvery === 0).map(({ doc, repeat }) => ({ doc: lowerCased(doc), repeat }))
      : [];
  docs.push(...lowered, ...weak);
  const dev = existsSync(join(root, 'conll2003/eng.testa')) ? load(join(root, 'conll2003/eng.testa'), 'conll2003') : [];
  const lists: Array<[string[], number]> = [
    ...TRAINING_TECHNOLOGY_NAMES.map((n): [string[], number] => [words(n), typeId('technology')]),
    ...TRAINING_PRODUCT_NAMES.map((n): [string[], number] => [words(n), typeId('product')]),
    ...COMPANY_NAMES.map((n): [string[], number] => [words(n), typeId('company')]),
  ];
  console.log(
    `training on ${conll.length} CoNLL + ${extra.length} CrossNER/WNUT + ${wiki.length} wikigold/WikiANN/Re-DocRED + ${weak.length} weakly labelled page documents (+ ${lowered.length} in lower case), ${args.epochs} epochs, 2^${args.bits} buckets, seed ${args.seed}`,
  );
  const models = Array.from({ length: Math.max(1, args.seeds) }, (_, k) =>
    train(docs, {
      bits: args.bits,
      epochs: args.epochs,
      seed: args.seed + k,
      folds: 5,
      lists,
      onEpoch: (epoch, m, mistakes) => {
        const line = `seed ${args.seed + k} epoch ${epoch}: ${mistakes} token mistakes, ${((performance.now() - t0) / 1000).toFixed(1)} s`;
        if (dev.length === 0) return console.log(line);
        const s = evaluateConll(m, dev);
        console.log(`${line}, eng.testa P ${s.precision.toFixed(4)} R ${s.recall.toFixed(4)} F1 ${s.f1.toFixed(4)}`);
      },
    }),
  );
  const model = averageModels(models);
  const trainSeconds = (performance.now() - t0) / 1000;
  const q = quantize(model, { levels: args.levels, pruneBelow: args.prune });
  const bytes = encodeModel(q);
  let nonzero = 0;
  for (const v of q.weights) if (v !== 0) nonzero++;
  const devScores = dev.length > 0 ? evaluateConll(q, dev) : undefined;
  console.log(
    `quantized (${args.levels} levels, prune < ${args.prune}): ${nonzero} weights, ${bytes.length} bytes, gazetteer ${q.gazetteer.size} names`,
  );
  if (devScores !== undefined) console.log(`quantized eng.testa F1 ${devScores.f1.toFixed(4)}`, JSON.stringify(devScores.perType));
  if (args.write) {
    const out = resolve(args.out);
    // The options that made it, data files by name only (they live outside the repository).
    const options = process.argv
      .slice(2)
      .map((a, i, all) => (all[i - 1] === '--out' || a === '--out' ? '' : /[\\/]/.test(a) ? `…/${basename(dirname(a))}/${basename(a)}` : a))
      .filter((a) => a !== '')
      .join(' ');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      `// Generated by \`npm run train:ner${options === '' ? '' : ` -- ${options}`}\` (seed ${args.seed}, ${args.epochs} epochs, 2^${args.bits} buckets). Do not edit.\nexport const NER_MODEL_BASE64 =\n  '${toBase64(bytes)}';\n`,
    );
    console.log(`wrote ${out}`);
  }
  console.log(
    JSON.stringify({
      trainSeconds: Number(trainSeconds.toFixed(1)),
      modelBytes: bytes.length,
      weights: nonzero,
      devF1: devScores?.f1 ?? null,
    }),
  );
}

main();
