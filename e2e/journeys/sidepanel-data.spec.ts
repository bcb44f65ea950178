// The side panel as a researcher's workspace, on real corpus pages captured by the built
// extension: every README example question asked in the Ask tab (lists shown as lists; the
// co-mention questions answered from the pages two entities share),
// a search with no match that offers to add the name, type filters on the recent list,
// the Markdown export read back file by file from its ZIP, and a JSON export imported
// twice into the same graph without growing it. Skipped when ../shared/corpus is absent.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readStoredZip } from '../../src/core/export/testing/read-zip';
import { CONFIDENCE_MEANING } from '../../src/ui/qa/confidence-words';
import { CaptureRig } from '../support/capture';
import { askInPanel } from '../support/panel-journey';
import { CORPUS_PAGES as PAGES, corpusTest } from '../support/corpus-site';
import { expect } from '../support/fixtures';

const REPO = resolve(import.meta.dirname, '../..');
const FILES = [
  'metascraper/business-today/input.html',
  'metascraper/economic-times/input.html',
  'metascraper/qz/input.html',
  'metascraper/engadget/input.html',
  'metascraper/techmonitor/input.html',
  'readability/google-sre-book-1/source.html',
] as const;

interface Stats {
  readonly entities: number;
  readonly relationships: number;
  readonly evidence: number;
  readonly pages: number;
}

const test = corpusTest;

/** The README's example questions (the quoted items of the list after "understands questions such as"). */
function readmeQuestions(): string[] {
  const text = readFileSync(join(REPO, 'README.md'), 'utf8');
  const list = text.slice(text.indexOf('understands questions such as')).split('\n\n')[1] ?? '';
  return [...list.matchAll(/^- "([^"\n]+)"/gm)].map((m) => m[1] ?? '');
}

async function noSeriousA11yIssues(panel: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page: panel }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${where}`).toEqual([]);
}

/** The answer to `question`, once complete (its confidence shows). */
async function ask(panel: Page, question: string) {
  const answer = await askInPanel(panel, question);
  await expect(answer.getByTestId('confidence')).toBeVisible({ timeout: 30_000 });
  return answer;
}

test.describe('the side panel as a workspace, on corpus pages', () => {
  test.skip(!existsSync(PAGES), `corpus pages not found at ${PAGES} (../shared/corpus is not part of the repo)`);
  test.setTimeout(5 * 60_000);

  test('README questions, no-match search, type-filtered recent list, Markdown ZIP, import twice', async ({
    context,
    extensionId,
    capture,
    sidePanel,
  }, testInfo) => {
    const rig = new CaptureRig(context, extensionId);
    for (const file of FILES) await capture(file);
    await expect.poll(() => rig.pending(), { timeout: 120_000 }).toBe(0);
    const panel = await sidePanel.open();

    // Every README question, as written: answered, never "could not tell what that refers to".
    await sidePanel.openTab('Ask');
    for (const question of readmeQuestions()) {
      const answer = await ask(panel, question);
      await expect(answer).not.toContainText('could not tell what that refers to');
      if (question === 'What did I read today?') {
        await expect(answer.getByTestId('answer-body').locator('p').first()).toHaveText(
          `You captured ${FILES.length} pages today. Here is what each gave your graph:`,
        );
        await expect(answer.getByTestId('answer-body').locator('ul > li')).toHaveCount(FILES.length);
      }
      if (question === 'List the companies') await expect(answer.getByTestId('answer-body').locator('ul > li')).toHaveCount(20);
      if (question === 'Which companies are mentioned with Google?') {
        // Co-mentions through the pages they share: a sentence, then each company with its shared pages' titles, as a list.
        const body = answer.getByTestId('answer-body');
        await expect(body.locator('p').first()).toHaveText(
          /^\d+ companies share a page with Google in your graph\. The \d+ sharing the most:$/,
        );
        await expect(body.locator('ul > li').first()).toBeVisible();
        for (const item of await body.locator('ul > li').allTextContents()) expect(item).toMatch(/^[^,]+, on \d+ pages?: “/);
      }
      if (question === 'How are Google and HackerRank connected?') {
        // No stated relation: the answer says they are named together, and its confidence is medium, explained.
        await expect(answer).toContainText(
          'Your graph states no relation between Google and HackerRank, but they are mentioned together on',
        );
        await expect(answer.getByTestId('confidence')).toHaveText(`Confidence: medium — ${CONFIDENCE_MEANING.medium}`);
      }
    }
    const typo = await ask(panel, 'who founded hackerank?');
    await expect(typo).toContainText('HackerRank was founded by');
    await noSeriousA11yIssues(panel, 'answers with lists');
    await testInfo.attach('ask', {
      body: await panel.screenshot({ fullPage: true, path: testInfo.outputPath('ask.png') }),
      contentType: 'image/png',
    });

    // A search with no match says so and offers to add the name.
    await sidePanel.search('Audrey Tang');
    await expect(panel.getByTestId('search-no-match')).toContainText('No match for “Audrey Tang”');
    await expect(panel.getByTestId('search-result')).toHaveCount(0);
    await expect(panel.getByTestId('add-entity')).toHaveText('Add “Audrey Tang”');
    await noSeriousA11yIssues(panel, 'a search with no match');
    await panel.screenshot({ path: testInfo.outputPath('no-match.png') });
    // A type filter applies to the recent list too.
    await sidePanel.search('');
    await panel.getByTestId('type-filter-person').check();
    await expect(panel.getByTestId('entity-row').first()).toBeVisible();
    // The list refreshes after the click: poll until it shows the filtered rows, not the old ones.
    const rowTypes = async (): Promise<Set<string | null>> =>
      new Set(await panel.getByTestId('entity-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entity-type'))));
    await expect.poll(rowTypes).toEqual(new Set(['person']));
    await panel.getByTestId('type-filter-person').uncheck();

    // The Markdown export: a ZIP of one note per entity and per page, read file by file.
    const stats = await rig.tool<Stats>('graph_stats', {});
    await sidePanel.openTab('Data');
    const zipDownload = panel.waitForEvent('download');
    await panel.getByTestId('export-md.zip').click();
    const zipPath = testInfo.outputPath('notes.zip');
    await (await zipDownload).saveAs(zipPath);
    await expect(panel.getByTestId('export-summary')).toContainText(`one per entity in Entities/ (${stats.entities})`);
    const notes = readStoredZip(new Uint8Array(await readFile(zipPath)));
    expect(notes.filter((n) => n.name.startsWith('Entities/'))).toHaveLength(stats.entities);
    expect(notes.filter((n) => n.name.startsWith('Pages/'))).toHaveLength(stats.pages);
    const names = new Set(notes.map((n) => n.name.replace(/^(?:Entities|Pages)\//, '').replace(/\.md$/, '')));
    for (const note of notes) {
      expect(note.text.startsWith(note.name.startsWith('Pages/') ? '---\ntitle: ' : '---\ntype: '), note.name).toBe(true);
      for (const link of note.text.split('[[').slice(1))
        expect(names.has(link.slice(0, link.indexOf(']]'))), `${note.name} links ${link.slice(0, 40)}`).toBe(true);
    }

    // JSON export, imported twice into the same graph: nothing doubles.
    const jsonDownload = panel.waitForEvent('download');
    await panel.getByTestId('export-json').click();
    const jsonPath = testInfo.outputPath('graph.json');
    await (await jsonDownload).saveAs(jsonPath);
    await expect(panel.getByTestId('export-summary')).toContainText(`${stats.evidence.toLocaleString('en-US')} evidence rows`);
    for (let round = 0; round < 2; round++) {
      await panel.getByTestId('import-file').setInputFiles(jsonPath);
      await expect(panel.getByTestId('import-summary')).toContainText('Merged into your graph: 0 new entities');
      const after = await rig.tool<Stats>('graph_stats', {});
      expect({ entities: after.entities, relationships: after.relationships, evidence: after.evidence, pages: after.pages }).toEqual({
        entities: stats.entities,
        relationships: stats.relationships,
        evidence: stats.evidence,
        pages: stats.pages,
      });
    }
    await noSeriousA11yIssues(panel, 'data after exports and imports');
    await testInfo.attach('data', {
      body: await panel.screenshot({ fullPage: true, path: testInfo.outputPath('data.png') }),
      contentType: 'image/png',
    });
  });
});
