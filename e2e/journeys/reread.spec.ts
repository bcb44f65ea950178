// Re-reading pages after a model change keeps the user's merge (issue 16): two corpus
// pages about Segment are captured → a question asked in the panel is answered with the
// page quoted → the user merges "Rabbit" into "RabbitMQ" → the page's analyzer
// version is made older (written in IndexedDB, as pages captured before a model change
// are) → the Pages view flags it and re-reads it with progress → the merge is kept (no
// "Rabbit" comes back), the page records the current version, and the answer still works.
// Skipped when the corpus (../shared/corpus) is absent.
import { existsSync } from 'node:fs';
import { CaptureRig } from '../support/capture';
import { CORPUS_PAGES as PAGES, corpusTest as test } from '../support/corpus-site';
import { expect } from '../support/fixtures';
import { axeCleanAtPanelWidths, pageAction, snap } from '../support/panel-journey';

const NEWS = 'metascraper/globenewswire/input.html';
const BLOG = 'metascraper/segment/input.html';

interface Listed {
  readonly entities: readonly { readonly id: string; readonly name: string }[];
}
interface Related {
  readonly relationships: readonly { readonly id: string; readonly from: string; readonly to: string }[];
}
interface Viewed {
  readonly entity: { readonly id: string; readonly name: string; readonly aliases: readonly string[] };
}

test.describe('re-reading pages', () => {
  test.skip(!existsSync(PAGES), `corpus pages not found at ${PAGES} (../shared/corpus is not part of the repo)`);
  test.setTimeout(180_000);

  test('after a model change, re-reading keeps the user merge and the answer', async ({
    context,
    extensionId,
    capture,
    sidePanel,
    site,
  }, testInfo) => {
    const rig = new CaptureRig(context, extensionId);
    await capture(NEWS);
    await capture(BLOG);
    await expect.poll(() => rig.pending(), { timeout: 60_000 }).toBe(0);
    const panel = await sidePanel.open();
    await panel.setViewportSize({ width: 400, height: 900 });

    // Ask: the answer names the CEO, with its page. `quoted`: the graph holds no such relation, so the
    // answer is read from the page's sentence and quotes it.
    const ask = async (quoted: boolean) => {
      await panel.getByRole('tab', { name: 'Ask' }).click();
      await panel.getByTestId('chat-input').fill('Who is the CEO of Segment?');
      await panel.getByRole('button', { name: 'Ask', exact: true }).click();
      const answer = panel.getByTestId('chat-answer').last();
      await expect(answer).toContainText('Peter Reinhardt');
      if (quoted) await expect(answer).toContainText('CEO and co-founder of Segment');
      await expect(answer.getByTestId('source-page').first()).toBeVisible();
    };
    // The extractor may state who leads Segment as a relation; the user removes what it stated between
    // Segment and its CEO, so the answer has to come from reading the stored sentence.
    const segment = await rig.tool<Related>('entity_get', { name: 'Segment' });
    for (const r of segment.relationships.filter((x) => x.from === 'Peter Reinhardt' || x.to === 'Peter Reinhardt'))
      await rig.tool('entity_unrelate', { relationship_id: r.id });
    await ask(true);

    // The user merges the duplicate "Rabbit" into "RabbitMQ".
    const list = await rig.tool<Listed>('entity_list', { limit: 500 });
    const named = (name: string) => list.entities.filter((e) => e.name === name);
    expect(named('Rabbit'), 'the capture reads "Rabbit" apart from "RabbitMQ"').toHaveLength(1);
    expect(named('RabbitMQ')).toHaveLength(1);
    const kept = named('RabbitMQ')[0]?.id ?? '';
    await rig.tool('entity_merge', { name_a: kept, name_b: named('Rabbit')[0]?.id ?? '' });

    // "After a model change": the page was read by an older analyzer version.
    const worker = await rig.worker();
    // The page that gave "Rabbit" (the Segment blog post).
    const url = site.url(BLOG);
    await worker.evaluate(
      (pageUrl) =>
        new Promise<void>((done, fail) => {
          const open = indexedDB.open('ariadne');
          open.onerror = () => fail(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('pages', 'readwrite');
            const pages = tx.objectStore('pages');
            const get = pages.get(pageUrl);
            get.onsuccess = () => pages.put({ ...(get.result as object), analyzerVersion: 0 });
            tx.oncomplete = () => {
              open.result.close();
              done();
            };
            tx.onerror = () => fail(tx.error);
          };
        }),
      url,
    );

    // The Pages view says so, and re-reads it with progress.
    await panel.getByRole('tab', { name: 'Pages' }).click();
    const row = panel.locator(`[data-testid="page-row"][data-url="${url}"]`);
    await expect(row.getByTestId('page-outdated')).toBeVisible();
    await snap(panel, testInfo, 'reread-01-outdated');
    await panel.getByTestId('reread-outdated').click();
    await expect(panel.getByTestId('reread-result')).toContainText('Re-read 1 page of 1', { timeout: 60_000 });
    await expect(row.getByTestId('page-outdated')).toHaveCount(0);
    await snap(panel, testInfo, 'reread-02-done');
    await axeCleanAtPanelWidths(panel, 'the pages list after a re-reading');

    // The merge is kept: "Rabbit" joined the kept entity again instead of coming back.
    const after = await rig.tool<Listed>('entity_list', { limit: 500 });
    expect(after.entities.filter((e) => e.name === 'Rabbit')).toHaveLength(0);
    const view = await rig.tool<Viewed>('entity_get', { name: kept });
    expect(view.entity.aliases).toContain('Rabbit');

    // One page by hand: the row's "Re-read" says what it found.
    await pageAction(row, 'page-reread');
    await expect(panel.getByTestId('pages-status')).toContainText('Re-read "Scaling NSQ to 750 Billion Messages');

    // The answer still works.
    // A re-read may state the relation again: the answer names the CEO either way.
    await ask(false);
  });
});
