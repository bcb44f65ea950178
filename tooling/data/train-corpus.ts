/**
 * Copies real web pages from a public repository's snapshot into the training corpus beside
 * the project (`../train-corpus/pages/<set>/<name>/input.html`, like `../shared/corpus/pages`):
 * pages to annotate (`bench/train-pages/`) and train on, never to measure. The pages belong to
 * their publishers, so they stay outside the repository; `bench/train-pages/README.md` says
 * where they come from.
 *
 *   npx tsx tooling/data/train-corpus.ts --mirror <git dir of postlight/parser> [--out ../train-corpus/pages]
 *
 * Set `postlight`: the fixtures of postlight/parser (Mercury), Apache-2.0 / MIT repository,
 * pages © their publishers. Sites of the check set are left out (bench/check-pages).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** English article pages from sites the check set does not hold, one per site. */
export const POSTLIGHT_PAGES: readonly string[] = [
  '247sports.com',
  'abcnews.go.com',
  'arstechnica.com',
  'biorxiv.org',
  'deadline.com',
  'fortune.com',
  'forward.com',
  'github.com',
  'gothamist.com',
  'ma.ttias.be',
  'mashable.com',
  'medium.com--another',
  'news.nationalgeographic.com',
  'newrepublic.com',
  'observer.com',
  'people.com',
  'pitchfork.com',
  'postlight.com',
  'qz.com',
  'sciencefly.com',
  'thoughtcatalog.com',
  'timesofindia.indiatimes.com',
  'uproxx.com',
  'www.al.com',
  'www.androidcentral.com',
  'www.aol.com',
  'www.bloomberg.com--news',
  'www.broadwayworld.com',
  'www.bustle.com',
  'www.cbc.ca',
  'www.chicagotribune.com',
  'www.cnbc.com',
  'www.cnet.com',
  'www.dmagazine.com',
  'www.engadget.com',
  'www.eonline.com',
  'www.fastcompany.com',
  'www.fool.com',
  'www.fortinet.com',
  'www.huffingtonpost.com',
  'www.infoq.com',
  'www.inquisitr.com',
  'www.investmentexecutive.com',
  'www.macrumors.com',
  'www.miamiherald.com',
  'www.msnbc.com',
  'www.ndtv.com',
  'www.newyorker.com',
  'www.nydailynews.com',
  'www.nytimes.com',
  'www.phoronix.com',
  'www.politico.com',
  'www.prospectmagazine.co.uk',
  'www.recode.net',
  'www.reuters.com',
  'www.rollingstone.com',
  'www.sbnation.com',
  'www.slate.com',
  'www.theatlantic.com',
  'www.theverge.com',
  'www.today.com',
  'www.vox.com',
  'www.washingtonpost.com',
  'www.wired.com',
  // A second round: the other English article pages (a second page of a site is another layout or story).
  'blisterreview.com',
  'deadspin.com',
  'genius.com',
  'hellogiggles.com',
  'newrepublic.com--minutes',
  'nymag.com',
  'obamawhitehouse.archives.gov--blog',
  'obamawhitehouse.archives.gov--speeches',
  'pagesix.com',
  'sandiegouniontribune.com',
  'thefederalistpapers.org',
  'www.americanow.com',
  'www.apartmenttherapy.com',
  'www.bloomberg.com',
  'www.cbssports.com',
  'www.cnbc.com--redesign',
  'www.ladbible.com',
  'www.mentalfloss.com',
  'www.msn.com',
  'www.nationalgeographic.com',
  'www.newyorker.com--magazine',
  'www.nytimes.com--feature',
  'www.opposingviews.com',
  'www.politico.com--test-case-2',
  'www.popsugar.com',
  'www.rawstory.com',
  'www.refinery29.com',
  'www.si.com',
  'www.theguardian.com',
  'www.thepennyhoarder.com',
  'www.thepoliticalinsider.com',
  'www.theverge.com--feature',
  'www.tmz.com',
  'www.usmagazine.com',
  'www.vulture.com',
  'www.westernjournalism.com',
  'www.wired.com--other',
  'www.yahoo.com',
];

/** "www.theverge.com" → "theverge-com", "medium.com--another" → "medium-com--another". */
export function pageName(fixture: string): string {
  return fixture.replace(/^www\./, '').replaceAll('.', '-');
}

function main(): void {
  const { values } = parseArgs({ options: { mirror: { type: 'string' }, out: { type: 'string', default: '../train-corpus/pages' } } });
  if (values.mirror === undefined) {
    console.error('usage: npx tsx tooling/data/train-corpus.ts --mirror <git dir of postlight/parser> [--out ../train-corpus/pages]');
    process.exit(2);
  }
  const git = (...args: string[]): string =>
    execFileSync('git', ['--git-dir', values.mirror ?? '', ...args], { maxBuffer: 64 << 20 }).toString();
  const commit = git('rev-parse', 'HEAD').trim();
  const out = resolve(values.out, 'postlight');
  for (const fixture of POSTLIGHT_PAGES) {
    const dir = join(out, pageName(fixture));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'input.html'), git('show', `${commit}:fixtures/${fixture}.html`));
  }
  writeFileSync(
    join(out, 'SOURCE.md'),
    `postlight/parser @ ${commit}, fixtures/ (Apache-2.0 / MIT repository; page content © its publishers). ${POSTLIGHT_PAGES.length} pages.\n`,
  );
  console.log(`${POSTLIGHT_PAGES.length} pages from postlight/parser @ ${commit.slice(0, 12)} → ${out}`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
