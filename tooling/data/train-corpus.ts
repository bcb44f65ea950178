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
import { resolve } from 'node:path';
import { copyFromMirror } from './mirror-copy';

/** English article pages from sites the check set does not hold, one per site: the first round (the shipped recognizer trained on them). */
export const POSTLIGHT_FIRST_ROUND: readonly string[] = [
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
];

/**
 * The second round: the other English article pages (a second page of a site is another layout
 * or story). No shipped model trained on them: they are the pages a rule or a model is tuned on
 * out of sample (the typer's vote weight, `tooling/train-types.ts`).
 */
export const POSTLIGHT_SECOND_ROUND: readonly string[] = [
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

export const POSTLIGHT_PAGES: readonly string[] = [...POSTLIGHT_FIRST_ROUND, ...POSTLIGHT_SECOND_ROUND];

/** "www.theverge.com" → "theverge-com", "medium.com--another" → "medium-com--another". */
export function pageName(fixture: string): string {
  return fixture.replace(/^www\./, '').replaceAll('.', '-');
}

function main(): void {
  copyFromMirror({
    usage: 'npx tsx tooling/data/train-corpus.ts --mirror <git dir of postlight/parser> [--out ../train-corpus/pages]',
    defaultOut: '../train-corpus/pages',
    set: 'postlight',
    repository: 'postlight/parser',
    source: 'fixtures/ (Apache-2.0 / MIT repository; page content © its publishers)',
    pages: POSTLIGHT_PAGES.map((f) => ({ path: `fixtures/${f}.html`, name: pageName(f) })),
    file: 'input.html',
  });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
