// The label mapping against the datasets themselves: it reads the training and dev files of
// the shared corpus (../shared/corpus/ner), so it is an integration test; labels.test.ts has the rest.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapDatasetLabel } from './labels';
import type { DatasetScheme } from './labels';

const CORPUS = '../shared/corpus/ner';

describe('label mapping on the corpus', () => {
  it('covers every label that occurs in the training and dev files', (ctx) => {
    if (!existsSync(CORPUS)) ctx.skip(`corpus not found at ${CORPUS}`);
    const files: Array<[string, DatasetScheme, RegExp]> = [
      ['conll2003/eng.train', 'conll2003', /\s/],
      ['crossner/ai/train.txt', 'crossner', /\t/],
      ['crossner/ai/dev.txt', 'crossner', /\t/],
      ['crossner/politics/train.txt', 'crossner', /\t/],
      ['crossner/science/train.txt', 'crossner', /\t/],
      ['wnut17/wnut17train.conll', 'wnut17', /\t/],
    ];
    for (const [file, scheme, sep] of files) {
      const labels = new Set<string>();
      for (const line of readFileSync(`${CORPUS}/${file}`, 'utf8').split('\n')) {
        const tag = line.trim().split(sep).pop() ?? '';
        if (/^[BI]-/.test(tag)) labels.add(tag.slice(2));
      }
      for (const label of labels) expect(mapDatasetLabel(scheme, label), `${file}: ${label}`).not.toBeUndefined();
    }
  });
});
