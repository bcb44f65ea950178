/**
 * `npm run eval:article-names -- --gold <dir>[,<dir>…]`: how much of the article the capture
 * keeps, and how much furniture comes with it, measured with the annotators' names on real
 * pages (issue 32, "the article, not the page furniture"; `eval:main-text` measures words
 * against Readability's own fixtures). For each annotated page:
 *
 * - article names kept: the gold's article names (`must` and `entities`, by name or alias)
 *   that the page's visible text holds, and how many of them the captured title and text hold;
 * - furniture names kept: the gold's `furniture` names the visible text holds, and how many
 *   the captured text holds (each one is a name from a rail, a box or a footer that can
 *   become an entity).
 *
 * A byline's author or a publisher named only in a page's header or footer counts as lost:
 * the capture keeps them as fields, not text. `--list` prints the pages losing a tenth of
 * their names or more, with what they lose, and the furniture names each keeps (refused on the check sets: nobody reads their
 * misses).
 *
 *   npm run eval:article-names -- --gold bench/gold-pages,bench/check-pages,bench/check-fetched [--list]
 *
 * Last line: JSON, per gold folder.
 */
import { readFileSync } from 'node:fs';
import { captureSaved, holdsCheckPages, pageUrl, readPageGolds, visibleText } from './relations-gold';

const args = process.argv.slice(2);
const goldAt = args.indexOf('--gold');
const dirs = (goldAt >= 0 ? (args[goldAt + 1] ?? '') : 'bench/gold-pages').split(',').filter((d) => d.length > 0);
const list = args.includes('--list');
if (list && dirs.some(holdsCheckPages)) {
  console.error('eval:article-names: --list prints a page’s misses; the check sets are never read so');
  process.exit(2);
}

interface Tally {
  pages: number;
  articleVisible: number;
  articleKept: number;
  furnitureVisible: number;
  furnitureKept: number;
}

const share = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 1000) / 1000);
const result: Record<string, Tally & { articleShare: number | null; furnitureShare: number | null }> = {};
for (const dir of dirs) {
  const t: Tally = { pages: 0, articleVisible: 0, articleKept: 0, furnitureVisible: 0, furnitureKept: 0 };
  for (const { gold, file } of readPageGolds(dir, '../shared/corpus/pages')) {
    const html = readFileSync(file, 'utf8');
    const url = pageUrl(gold.page);
    const visible = visibleText(html, url).replace(/\s+/g, ' ');
    const c = captureSaved(html, url);
    const kept = `${c.title} ${c.text}`.replace(/\s+/g, ' ');
    let seen = 0;
    const lost: string[] = [];
    for (const e of [...gold.must, ...(gold.precision?.entities ?? [])]) {
      const forms = [e.name, ...e.aliases];
      if (!forms.some((f) => visible.includes(f))) continue;
      seen += 1;
      if (forms.some((f) => kept.includes(f))) t.articleKept += 1;
      else lost.push(e.name);
    }
    t.articleVisible += seen;
    const leaked: string[] = [];
    for (const f of gold.precision?.furniture ?? []) {
      if (!visible.includes(f)) continue;
      t.furnitureVisible += 1;
      if (kept.includes(f)) leaked.push(f);
    }
    t.furnitureKept += leaked.length;
    if (list && leaked.length > 0) console.log(`${gold.page}: furniture kept ${leaked.slice(0, 12).join(', ')}`);
    t.pages += 1;
    if (list && seen > 0 && lost.length / seen >= 0.1)
      console.log(`${gold.page}: ${seen - lost.length}/${seen} kept; lost ${lost.slice(0, 10).join(', ')}`);
  }
  result[dir] = { ...t, articleShare: share(t.articleKept, t.articleVisible), furnitureShare: share(t.furnitureKept, t.furnitureVisible) };
  console.log(
    `${dir}: ${t.pages} pages; article names kept ${t.articleKept}/${t.articleVisible} (${share(t.articleKept, t.articleVisible)}), furniture names kept ${t.furnitureKept}/${t.furnitureVisible} (${share(t.furnitureKept, t.furnitureVisible)})`,
  );
}
console.log(JSON.stringify(result));
