/**
 * `eval:pages` with a candidate recognizer: runs bench/eval-pages.ts unchanged, except that
 * the shipped weights module (src/extract/ner/model/weights.ts) resolves to another file
 * written by `npm run train:ner -- --out <file>`. Candidates are measured on the page golds
 * side by side with the shipped model without touching the shipped weights.
 *
 *   npx tsx bench/eval-ner-pages.ts --weights /tmp/candidate-weights.ts --gold bench/check-pages [other eval:pages options]
 *   npx tsx bench/eval-ner-pages.ts --weights /tmp/candidate-weights.ts --script share [bench/eval-ner-share.ts options]
 *
 * `--script share` runs bench/eval-ner-share.ts (each recognizer's share of what is stored) instead.
 */
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const at = process.argv.indexOf('--weights');
const file = at >= 0 ? process.argv[at + 1] : undefined;
if (file === undefined || !existsSync(file)) {
  console.error(`usage: npx tsx bench/eval-ner-pages.ts --weights <weights.ts> <eval:pages options> (not found: ${file ?? '(none)'})`);
  process.exit(2);
}
// The weights module is plain JavaScript (one exported string): a .mjs copy loads without tsx,
// whose loader only transpiles modules it resolved itself.
const copy = join(mkdtempSync(join(tmpdir(), 'ner-weights-')), 'weights.mjs');
copyFileSync(resolve(file), copy);
const target = pathToFileURL(copy).href;
// A resolve hook (registered after tsx's, so it runs first): the recognizer's weights module
// (imported as './model/weights' from src/extract/ner/) → the candidate.
const hook = `export async function resolve(specifier, context, next) {
  const ner = /[\\\\/]extract[\\\\/]ner[\\\\/][^\\\\/]+$/.test(context.parentURL ?? '');
  if (ner && /^\\.[\\\\/]model[\\\\/]weights(\\.ts)?$/.test(specifier)) return { url: ${JSON.stringify(target)}, shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
process.argv.splice(at, 2);
const scriptAt = process.argv.indexOf('--script');
const script = scriptAt >= 0 ? process.argv[scriptAt + 1] : 'pages';
if (scriptAt >= 0) process.argv.splice(scriptAt, 2);
console.log(`recognizer weights: ${file}`);
if (script === 'share') await import('./eval-ner-share');
else if (script === 'pages') await import('./eval-pages');
else {
  console.error(`eval-ner-pages: unknown --script ${script ?? '(none)'}; pages or share`);
  process.exit(2);
}
