/**
 * One PDF as the extension reads it, page by page: for each page the text runs pdf.js found
 * and their characters, and how many text-showing operators the page draws (a printed page
 * whose body did not print draws only its running header and footer); then the entities the
 * capture's analysis keeps under the default entity cap, and which of the names asked about
 * are kept, or kept only when the cap is lifted. For finding what a PDF version of a page
 * loses (`npm run eval:pdf -- --out DIR` caches the prints it scores).
 *
 *   npx tsx bench/pdf-pages.ts /tmp/pdf-evalcache/readability-schema-org-context-object.pdf
 *   npx tsx bench/pdf-pages.ts /tmp/pdf-evalcache/metascraper-financial-times.pdf "Patricia Greene"
 */
import { readFileSync } from 'node:fs';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPdfText } from '../src/adapters/pdf/pdfjs-reader';
import { createPageRecognizer } from '../src/background/ingest';
import { DEFAULT_MAX_ENTITIES, analyzeCapture } from '../src/extract/analysis/analyze';
import { pdfCapture } from '../src/extract/pdf/pdf-capture';

const [file, ...names] = process.argv.slice(2);
if (file === undefined) {
  console.log('usage: npx tsx bench/pdf-pages.ts <file.pdf> [name …]');
  process.exit(2);
}
const bytes = new Uint8Array(readFileSync(file));

// Text-showing operators per page (pdf.js takes over the buffer it is given: it gets a copy).
const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
const textOps: number[] = [];
for (let number = 1; number <= doc.numPages; number++) {
  const page = await doc.getPage(number);
  const ops = await page.getOperatorList();
  textOps.push(ops.fnArray.filter((op) => op === pdfjs.OPS.showText || op === pdfjs.OPS.showSpacedText).length);
  page.cleanup();
}
await doc.destroy();

const read = await readPdfText(bytes.slice());
console.log(`${file}: ${read.pageCount} pages`);
for (const [index, page] of read.pages.entries()) {
  const chars = page.items.reduce((n, item) => n + item.str.length, 0);
  console.log(`  p. ${index + 1}: ${page.items.length} runs, ${chars} characters, ${textOps[index] ?? 0} text operators`);
}

const capture = pdfCapture(read, 'https://pdf.example/file.pdf', { trigger: 'shortcut', now: 0 });
const recognizer = createPageRecognizer();
const capped = analyzeCapture(capture, { recognizer, maxEntities: DEFAULT_MAX_ENTITIES });
const uncapped = analyzeCapture(capture, { recognizer, maxEntities: 1_000 });
console.log(`text: ${capture.text.length} characters; ${capped.notes.filter((n) => n.startsWith('kept')).join('; ') || 'cap not reached'}`);
console.log(`kept (salience): ${capped.entities.map((e) => `${e.name} ${e.salience}`).join(' | ')}`);
for (const name of names) {
  const kept = capped.entities.some((e) => e.name === name);
  const found = uncapped.entities.some((e) => e.name === name);
  console.log(`${name}: ${kept ? 'kept' : found ? 'found, but left out by the entity cap' : 'not found'}`);
}
