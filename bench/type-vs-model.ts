/**
 * Where stored types come from (issue 32): for every judged entity a gold page's own graph
 * stores, the type the trained model alone gives its name most often on the page beside the
 * stored type, counted by which of them the gold confirms (technology ≈ product). Shows how
 * often the lists, cues and votes over the model are right when they overrule it, and how
 * many wrong types are the model's own.
 *
 *   npx tsx bench/type-vs-model.ts [bench/gold-pages] [--list]
 *
 * Last line: JSON of the counts.
 */
import { readFileSync } from 'node:fs';
import { createTrainedRecognizer } from '../src/extract/ner/index';
import { goldKey, judgeWithTypes } from '../tooling/eval/page-score';
import { spansByKey } from './ner-share';
import { allEntities, captureSaved, freshIngest, pageUrl, readPageGolds } from './relations-gold';

const args = process.argv.slice(2);
const goldDir = args.find((a) => !a.startsWith('--')) ?? 'bench/gold-pages';
const model = createTrainedRecognizer();
if (model === undefined) {
  console.error('type-vs-model: no trained model is shipped');
  process.exit(2);
}
const loose = (t: string): string => (t === 'product' ? 'technology' : t);
const counts = new Map<string, number>();
const rows: string[] = [];
for (const { gold, file } of readPageGolds(goldDir, '../shared/corpus/pages')) {
  const capture = captureSaved(readFileSync(file, 'utf8'), pageUrl(gold.page));
  const { store, ingest } = freshIngest();
  await ingest(capture);
  const byModel = spansByKey([...model.recognize(capture.title), ...model.recognize(capture.text)]);
  const judge = judgeWithTypes(gold);
  for (const e of await allEntities(store)) {
    const j = judge(e);
    if (j.verdict !== 'right' && j.verdict !== 'loose' && j.verdict !== 'wrong_type') continue;
    const key = [e.name, ...e.aliases].map(goldKey).find((k) => byModel.has(k));
    const votes = key === undefined ? [] : [...(byModel.get(key) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    const top = votes[0]?.[0];
    const storedRight = j.types.some((t) => loose(t) === loose(e.type));
    const modelRight = top !== undefined && j.types.some((t) => loose(t) === loose(top));
    const bucket =
      top === undefined
        ? `model did not find it, stored ${storedRight ? 'right' : 'wrong'}`
        : top === e.type
          ? `stored the model's type, ${storedRight ? 'right' : 'wrong'}`
          : `overruled the model: stored ${storedRight ? 'right' : 'wrong'}, model ${modelRight ? 'right' : 'wrong'}`;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    if (!storedRight) rows.push(`${gold.page}\t${e.name}\tstored ${e.type}\tmodel ${top ?? '-'}\tgold ${j.types.join('/')}`);
  }
}
for (const [bucket, n] of [...counts].sort()) console.log(`${String(n).padStart(5)}  ${bucket}`);
const pairs = new Map<string, number>();
for (const r of rows) {
  const [, , stored, , goldTypes] = r.split('\t');
  const pair = `${(stored ?? '').replace('stored ', '')} → ${(goldTypes ?? '').replace('gold ', '')}`;
  pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
}
console.log('wrong types, stored → gold:');
for (const [pair, n] of [...pairs].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${String(n).padStart(5)}  ${pair}`);
if (args.includes('--list')) console.log(rows.join('\n'));
console.log(JSON.stringify(Object.fromEntries(counts)));
