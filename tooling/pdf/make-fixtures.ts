/**
 * Writes the small PDF fixtures of `src/extract/pdf/fixtures/` with headless Chromium's
 * `page.pdf()` (the pages are written here, in this file: no outside text): a two-column
 * report with a full-width title, a word hyphenated at a line end, a paragraph running on
 * into the next column and the next page, a running header and "Page N of M" footers; a
 * one-column page with an author line; a "scanned" page (an image of text, no text layer); and
 * a page of list items and a table (blocks set without space between them: the last line of a
 * wrapped item, a one-line item, table cells on one baseline).
 *
 * Usage: `npx tsx tooling/pdf/make-fixtures.ts [file.pdf …]` (needs /usr/bin/chromium or
 * CHROMIUM_PATH); with file names, only those are written again.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';

const OUT = join(import.meta.dirname, '../../src/extract/pdf/fixtures');
const HEADER = '<div style="font-size:8px;width:100%;text-align:center;font-family:serif">Kestrel Quarterly Review</div>';
const FOOTER =
  '<div style="font-size:8px;width:100%;text-align:center;font-family:serif">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

const filler = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `The ${word} team reviewed item ${i + 1} of the plan and wrote it down.`).join(' ');

const TWO_COLUMNS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kestrel Bank annual review</title><style>
body { font: 10.5pt/1.35 serif; margin: 0 }
h1 { font-size: 20pt; margin: 0 0 12pt }
.cols { columns: 2; column-gap: 12mm; text-align: left }
p { margin: 0 0 9pt }
</style></head><body>
<h1>Kestrel Bank and the Ostra Pay ledger</h1>
<div class="cols">
<p>Kestrel Bank was founded by Maria Lindqvist in Oslo. The bank runs its ledger on software from Ostra Pay, a payment com-<br>pany based in Berlin.</p>
<p>${filler(14, 'audit')}</p>
<p>Ostra Pay was acquired by Kestrel Bank in 2021 after a long review by the board. ${filler(16, 'ledger')}</p>
<p>Halvard Berg joined Ostra Pay as chief technology officer in 2022.</p>
<p>${filler(22, 'closing')}</p>
</div></body></html>`;

const ONE_COLUMN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title><style>
body { font: 11pt/1.4 serif; margin: 0 } h1 { font-size: 18pt; margin: 0 0 6pt } .by { margin: 0 0 14pt }
</style></head><body>
<h1>Tern DB: a small database for field notes</h1>
<p class="by">Ada Quill and Jonas Brandt</p>
<p>12 March 2024</p>
<p>Tern DB is an embedded database written in Rust. It was created by Ada Quill at Northwind Research in Lisbon.</p>
<p>${filler(8, 'storage')}</p></body></html>`;

const LISTS_AND_TABLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title><style>
body { font: 11pt/1.35 serif; margin: 0 } h1 { font-size: 18pt } ul, dl { margin: 0 0 10pt } li, dt, dd { margin: 0 }
td { padding: 2pt 24pt 2pt 0; font-size: 9pt }
</style></head><body>
<h1>Heron Labs field kit</h1>
<p>The kit was packed by Heron Labs in Porto. It holds:</p>
<ul>
<li>A weather logger from Fenwick Instruments that records wind, rain and the temperature of the ground</li>
<li>Quarry Maps</li>
<li>A notebook app called Tidewell, synced by hand every evening</li>
</ul>
<dl><dt>Spare parts for the logger from</dt><dd>Fenwick Instruments</dd></dl>
<table><tr><th>App</th><th>Size</th><th>Offline</th></tr>
<tr><td>Quarry Maps</td><td>32.7 MB</td><td>9.6 MB</td></tr>
<tr><td>Tidewell</td><td>17.8 MB</td><td>7.6 MB</td></tr></table>
</body></html>`;

/** A page whose only "text" is a picture of text (drawn on a canvas, then printed as an image). */
const SCANNED = `<!doctype html><html><head><meta charset="utf-8"><title></title></head><body style="margin:0">
<img id="scan" alt="" style="width:170mm"><script>
const c = document.createElement('canvas'); c.width = 900; c.height = 300;
const g = c.getContext('2d'); g.fillStyle = '#fff'; g.fillRect(0, 0, 900, 300);
g.fillStyle = '#000'; g.font = '28px serif'; g.fillText('Kestrel Bank was founded by Maria Lindqvist.', 20, 80);
document.getElementById('scan').src = c.toDataURL('image/png');
</script></body></html>`;

async function print(page: Page, html: string, file: string, headerFooter: boolean): Promise<void> {
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = await page.pdf({
    format: 'A5',
    printBackground: false,
    displayHeaderFooter: headerFooter,
    headerTemplate: headerFooter ? HEADER : '<span></span>',
    footerTemplate: headerFooter ? FOOTER : '<span></span>',
    margin: { top: '18mm', bottom: '18mm', left: '14mm', right: '14mm' },
  });
  await writeFile(join(OUT, file), pdf);
  console.log(`${file}: ${pdf.byteLength} bytes`);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  const only = process.argv.slice(2);
  const fixtures: readonly [string, string, boolean][] = [
    [TWO_COLUMNS, 'two-columns.pdf', true],
    [ONE_COLUMN, 'one-column.pdf', false],
    [SCANNED, 'scanned.pdf', false],
    [LISTS_AND_TABLE, 'lists-and-table.pdf', false],
  ];
  for (const [html, file, headerFooter] of fixtures)
    if (only.length === 0 || only.includes(file)) await print(page, html, file, headerFooter);
} finally {
  await browser.close();
}
