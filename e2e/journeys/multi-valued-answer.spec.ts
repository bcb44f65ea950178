// A many-valued answer on the built extension: one local page names three founders of a
// company in one sentence; "Who founded Zentrix Labs?" in the Ask tab names all three with
// their count, and lists one claim per founder, each citing that page and showing, on tap,
// the sentence that states it. Guards the issue "answers that are complete, calibrated and
// cited claim by claim".
import type { TestInfo } from '@playwright/test';
import { CONFIDENCE_MEANING } from '../../src/ui/qa/confidence-words';
import { CaptureRig } from '../support/capture';
import { expect, test } from '../support/fixtures';
import { askInPanel, openTab, snap } from '../support/panel-journey';

const PAGE = 'answers/zentrix-labs.html';
const PAGE_TITLE = 'Zentrix Labs: a company profile';
const FOUNDING = 'Zentrix Labs was founded in 2015 by Mara Quell, Tobin Ash and Ilse Varga.';
const FOUNDERS = ['Mara Quell', 'Tobin Ash', 'Ilse Varga'] as const;

test('"who founded X?" gives every founder with the count, one cited claim each, its sentence on tap', async ({
  context,
  extensionId,
  capture,
  site,
  sidePanel,
}, testInfo: TestInfo) => {
  test.setTimeout(3 * 60_000);
  const rig = new CaptureRig(context, extensionId);
  await capture(PAGE);
  await expect.poll(() => rig.pending(), { timeout: 60_000 }).toBe(0);
  const panel = await sidePanel.open();
  await openTab(panel, 'Ask');

  const answer = await askInPanel(panel, 'Who founded Zentrix Labs?');
  await expect(answer.getByTestId('confidence')).toBeVisible({ timeout: 30_000 });
  await snap(panel, testInfo, 'answer');

  // Complete and calibrated: every founder named once, with how many there are; all three are
  // stored facts for the exact name asked about, so the confidence is high. (A plain answer has
  // no `answer-body`, which only wraps answers with paragraphs and lists: its words are `.text`.)
  const words = answer.locator(':scope > .text');
  const sentence = /^Zentrix Labs was founded by 3 people: ([^,]+), ([^,]+) and ([^,]+)\.$/;
  await expect(words).toHaveText(sentence);
  const named = sentence.exec((await words.textContent()) ?? '')?.slice(1) ?? [];
  expect(named.sort()).toEqual([...FOUNDERS].sort());
  await expect(answer.getByTestId('confidence')).toHaveText(`Confidence: high — ${CONFIDENCE_MEANING.high}`);

  // Cited claim by claim: one claim per founder, each on the fixture page, its sentence on tap.
  const claims = answer.getByTestId('claim');
  await expect(claims).toHaveCount(FOUNDERS.length);
  for (const founder of FOUNDERS) {
    const claim = claims.filter({ has: panel.locator('.claim-value', { hasText: founder }) });
    await expect(claim).toHaveCount(1);
    await expect(claim.getByTestId('claim-basis')).toHaveText('stored fact');
    const pages = claim.getByTestId('claim-page');
    await expect(pages).toHaveCount(1);
    await expect(pages.getByTestId('page-link')).toHaveText(PAGE_TITLE);
    await expect(pages.getByTestId('page-link')).toHaveAttribute('href', new RegExp(`^${escapeRegExp(site.url(PAGE))}(#|$)`));
    await expect(claim.getByTestId('claim-sentence')).toHaveCount(0);
    await claim.getByTestId('claim-toggle').click();
    await expect(claim.getByTestId('claim-sentence')).toContainText(FOUNDING);
  }
  await snap(panel, testInfo, 'claims-open');
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
