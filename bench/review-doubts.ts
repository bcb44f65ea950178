/**
 * `npx tsx bench/review-doubts.ts`: what the review queue holds after the gold pages
 * (`bench/gold-pages`) are captured into one graph through the extension's path: items
 * from the resolver's doubts, and the two checks run after each page (one name with two
 * types, a one-word person name beside a full name on the same page), each listed.
 * Last line: JSON counts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildGraph, pageFile, pageUrl } from './relations-gold';

const GOLD = 'bench/gold-pages';
const pages = readdirSync(GOLD)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => String(JSON.parse(readFileSync(`${GOLD}/${f}`, 'utf8')).page));
const inputs = pages.flatMap((p) => {
  const file = pageFile('../shared/corpus/pages', p);
  return file === undefined ? [] : [{ html: readFileSync(file, 'utf8'), url: pageUrl(p) }];
});
const { store } = await buildGraph(inputs);
const counts = { resolver: 0, typeClash: 0, partName: 0 };
for (const r of await store.listReviews('pending', 1000)) {
  const kind = r.reason.includes('stored both as') ? 'typeClash' : r.reason.includes('named on the same page') ? 'partName' : 'resolver';
  counts[kind] += 1;
  if (kind !== 'resolver')
    console.log(
      `${kind.padEnd(9)} ${r.mention.name} (${r.mention.type}) → ${r.candidates.map((c) => `${c.label} (${c.type})`).join(', ')}`,
    );
}
console.log(
  `${inputs.length} pages: ${counts.resolver} items from the resolver, ${counts.typeClash} type clashes, ${counts.partName} part names`,
);
console.log(JSON.stringify({ pages: inputs.length, ...counts }));
