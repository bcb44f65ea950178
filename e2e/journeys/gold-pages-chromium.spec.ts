// The page-gold figures measured in Chromium with the built extension equal
// the jsdom path's (`npm run eval:pages -- --gold`) on a handful of corpus pages. Each page
// is captured into an emptied graph (the jsdom path builds one fresh graph per page), read
// back through the tools and scored by the same scorer; the jsdom figure is computed here
// for the same HTML at the same URL. Skipped when the corpus (../shared/corpus) is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { graphOfPage } from '../../bench/eval-pages-gold';
import type { EntityType } from '../../src/core/graph/types';
import { parsePageGold, scorePage, type ScoredEntity } from '../../tooling/eval/page-score';
import { CaptureRig } from '../support/capture';
import { CORPUS_PAGES as PAGES, corpusTest } from '../support/corpus-site';
import { expect } from '../support/fixtures';

const REPO = resolve(import.meta.dirname, '../..');
const GOLD = resolve(REPO, 'bench/gold-pages');
/** Small to mid-sized pages of both corpus sources, each with a gold file. */
const CHECKED = [
  'readability/mozilla-2',
  'metascraper/segment',
  'readability/ietf-1',
  'metascraper/globenewswire',
  'readability/lwn-1',
] as const;

interface ListedEntity {
  readonly id: string;
  readonly name: string;
  readonly entity_type: EntityType;
}
interface EntityView {
  readonly entity: { readonly name: string; readonly entity_type: EntityType; readonly aliases: readonly string[] };
}

const test = corpusTest;

function htmlFile(page: string): string {
  const file = ['source.html', 'input.html'].map((f) => join(page, f)).find((f) => existsSync(join(PAGES, f)));
  if (file === undefined) throw new Error(`${page}: no source.html or input.html under ${PAGES}`);
  return file;
}

test.describe('page gold: Chromium equals jsdom', () => {
  test.skip(!existsSync(PAGES), `corpus pages not found at ${PAGES} (../shared/corpus is not part of the repo); nothing to compare`);
  test.setTimeout(5 * 60_000);

  test('five corpus pages score the same in the built extension as in the jsdom path', async ({ context, extensionId, capture, site }) => {
    const rig = new CaptureRig(context, extensionId);
    for (const page of CHECKED) {
      const gold = parsePageGold(JSON.parse(readFileSync(join(GOLD, `${page.replace('/', '-')}.json`), 'utf8')), page);
      const file = htmlFile(page);
      await rig.tool('graph_clear', { confirm: true });
      await capture(file);
      await expect.poll(() => rig.pending(), { timeout: 60_000 }).toBe(0);
      const listed = await rig.tool<{ entities: ListedEntity[] }>('entity_list', { limit: 500 });
      const inChromium: ScoredEntity[] = [];
      for (const e of listed.entities) {
        const view = await rig.tool<EntityView>('entity_get', { name: e.id });
        inChromium.push({ name: view.entity.name, type: view.entity.entity_type, aliases: view.entity.aliases });
      }
      const inJsdom = await graphOfPage(readFileSync(join(PAGES, file), 'utf8'), site.url(file));
      const chromium = scorePage(gold, inChromium);
      const jsdom = scorePage(gold, inJsdom);
      // Exact equality: same recognizer, same analysis, same ingestion; only the DOM differs.
      const figures = (s: typeof chromium) => ({
        found: s.found,
        typedStrict: s.typedStrict,
        typedLoose: s.typedLoose,
        junkHit: s.junkHit,
        missed: s.missed,
        mistyped: s.mistyped,
      });
      console.log(
        `${page}: found ${chromium.found}/${chromium.must}, typed ${chromium.typedStrict}, loose ${chromium.typedLoose}, junk ${chromium.junkHit}; entities Chromium ${chromium.entities}, jsdom ${jsdom.entities}`,
      );
      expect(inChromium.length, `${page}: the capture stored nothing`).toBeGreaterThan(0);
      expect(figures(chromium), `${page}: Chromium (${chromium.entities} entities) vs jsdom (${jsdom.entities} entities)`).toEqual(
        figures(jsdom),
      );
    }
  });
});
