import { readFileSync } from 'node:fs';
import { buildGraph, pageUrl } from './relations-gold';
const [file, needle] = process.argv.slice(2);
const url = pageUrl('x');
const { store } = await buildGraph([{ html: readFileSync(file!, 'utf8'), url }]);
const page = await store.getPage(url);
const all = page?.sentences ?? [];
console.log(all.length, 'sentences');
for (const [i, s] of all.entries()) if (s.toLowerCase().includes(needle!.toLowerCase())) console.log(i, '·', s.slice(0, 250));
