/**
 * An annotator's view of one corpus page: the page's visible text (everything a reader
 * sees, furniture included), the article text the capture keeps, and every entity the
 * extension's path stores from it (name, type, aliases). Used to write and grow the page
 * gold (`bench/gold-pages/README.md`): every stored name the gold does not judge is a
 * name to judge.
 *
 *   npx tsx bench/page-review.ts metascraper/cnet [--visible] [--article] [--stored]
 *
 * With no section flag, all three are printed.
 */
import { readFileSync } from 'node:fs';
import { graphOfPage } from './eval-pages-gold';
import { captureSaved, pageFile, pageUrl, visibleText } from './relations-gold';

const args = process.argv.slice(2);
const page = args.find((a) => !a.startsWith('--'));
const pagesDir = '../shared/corpus/pages';
const html = page === undefined ? undefined : pageFile(pagesDir, page);
if (page === undefined || html === undefined) {
  console.error('usage: npx tsx bench/page-review.ts <set>/<name> (a folder under ../shared/corpus/pages)');
  process.exit(2);
}
const only = ['--visible', '--article', '--stored'].filter((f) => args.includes(f));
const want = (f: string) => only.length === 0 || only.includes(f);
const source = readFileSync(html, 'utf8');
const url = pageUrl(page);

if (want('--visible')) {
  const lines = visibleText(source, url)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0);
  console.log(`=== visible text (${lines.length} lines) ===`);
  console.log(lines.join('\n'));
}
if (want('--article')) {
  const capture = captureSaved(source, url);
  console.log(`=== article text the capture keeps (title: ${capture.title}) ===`);
  console.log(capture.text);
}
if (want('--stored')) {
  const entities = await graphOfPage(source, url);
  console.log(`=== stored entities (${entities.length}): name<TAB>type<TAB>aliases ===`);
  for (const e of [...entities].sort((a, b) => a.name.localeCompare(b.name)))
    console.log(`${e.name}\t${e.type}\t${e.aliases.filter((a) => a !== e.name).join(' | ')}`);
}
