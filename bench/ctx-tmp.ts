import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { capturePage } from '../src/extract/capture-page';
import { pageFile } from './relations-gold';
const [page = '', ...names] = process.argv.slice(2);
const html = readFileSync(pageFile('../shared/corpus/pages', page) ?? '', 'utf8');
const dom = new JSDOM(html, { url: 'https://x.example/', virtualConsole: new VirtualConsole() });
const c = capturePage(dom.window.document, 'https://x.example/', { now: 1000, timeBudgetMs: 60000 });
for (const n of names) {
  let i = c.text.indexOf(n);
  for (let k = 0; i >= 0 && k < 3; k++, i = c.text.indexOf(n, i + 1)) console.log(n, '::', JSON.stringify(c.text.slice(Math.max(0, i - 70), i + 50)));
}
