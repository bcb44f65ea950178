// Reading captured pages with an LLM: the scripted OpenAI-compatible server (real HTTP,
// started here) stands in for the model. Configure it in Settings, turn page reading on
// (the connection test runs first), capture a real corpus page, see the LLM's relations
// with their sentence and provenance in the panel, delete what the LLM added, and find
// the offline facts exactly as they were.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { extractionStep, groundedExtraction, newTally, pageTextOf } from '../../tooling/testing/scripted-extractor';
import { startScriptedServer } from '../../tooling/testing/scripted-llm-server';
import { launchWithExtension } from '../../src/cli/launch';
import { serveDirectory } from '../../src/cli/static-server';
import { openTab, readGraph, snap } from '../support/panel-journey';

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/pages/readability');
const PAGE = 'cnn/source.html';

interface EvidenceRow {
  readonly id: string;
  readonly entityId?: string;
  readonly relationshipId?: string;
  readonly snippet: string;
  readonly extractor?: string;
  readonly model?: string;
}

test('an LLM reads a captured page: its relations show with their sentence and model, and deleting them leaves the offline facts', async ({}, testInfo) => {
  test.skip(!existsSync(join(CORPUS, PAGE)), `the corpus page ${PAGE} is absent (../shared/corpus)`);
  test.setTimeout(120_000);
  const tally = newTally();
  const llm = await startScriptedServer([extractionStep({ invent: true }, tally)], { models: ['scripted'] });
  const site = await serveDirectory(CORPUS);
  const profileDir = await mkdtemp(join(tmpdir(), 'ariadne-llm-capture-'));
  const { context, extensionId } = await launchWithExtension({
    profileDir,
    headless: true,
    allowOrigins: [site.origin, new URL(llm.baseUrl).origin],
  });
  try {
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    await openTab(panel, 'Settings');
    await expect(panel.getByTestId('llm-read-pages')).toHaveCount(0); // no provider yet: nothing to turn on
    await panel.getByTestId('llm-provider').selectOption('openai-compatible');
    await panel.getByTestId('llm-base-url').fill(llm.baseUrl);
    await panel.getByTestId('llm-model').fill('scripted');
    await panel.getByTestId('llm-save').click(); // saved on purpose, after the connection test passes
    await expect(panel.getByTestId('llm-saved')).toContainText('Saved. Connected');
    await expect(panel.getByTestId('llm-read-pages')).not.toBeChecked(); // off by default
    await panel.getByTestId('llm-read-pages').click(); // runs the connection test first, then turns on
    await expect(panel.getByTestId('llm-capture-message')).toContainText('will also be read');
    await expect(panel.getByTestId('llm-read-pages')).toBeChecked();

    const page = await context.newPage();
    await page.goto(`${site.origin}/${PAGE}`);
    await expect(page.locator('html[data-ariadne-captured]')).toHaveCount(1);
    const done = panel.locator('[data-testid="llm-reading"][data-state="done"]');
    await expect(done).toHaveCount(1, { timeout: 45_000 });
    await expect(done).toContainText('scripted');

    // The request carried the page as data, with the schema and no tools.
    const request = llm.requests[0];
    expect(request?.body.tools).toBeUndefined();
    expect(request?.body.response_format).toMatchObject({ type: 'json_schema' });
    const said = groundedExtraction(pageTextOf(request ?? { body: { model: '', messages: [] } }));
    const relation = said.relations[0];
    if (relation === undefined) throw new Error('the scripted model found no relation on the page');

    const withLlm = await readGraph(panel);
    const evidence = withLlm.evidence as EvidenceRow[];
    const llmEvidence = evidence.filter((ev) => ev.extractor === 'llm');
    const offline = evidence.filter((ev) => ev.extractor === undefined);
    expect(offline.length).toBeGreaterThan(0);
    expect(llmEvidence.length).toBeGreaterThan(0);
    expect(llmEvidence.every((ev) => ev.model === 'scripted')).toBe(true);
    // Everything the server invented was dropped: no invented name, no invented quote.
    expect(tally.inventedEntities).toBeGreaterThan(0);
    expect(JSON.stringify(withLlm.entities)).not.toContain('Qzorvath');
    expect(evidence.some((ev) => ev.snippet.includes('1802'))).toBe(false);

    // In the panel: the relation's entity, its relationship, the page's sentence, and who read it.
    await openTab(panel, 'Search');
    await panel.getByTestId('search-input').fill(relation.from);
    await panel.getByTestId('search-result').first().locator('.row-main').click();
    await expect(panel.getByTestId('entity-page')).toBeVisible();
    const summaries = panel.getByTestId('relationship').locator('summary');
    for (let i = 0; i < (await summaries.count()); i++) await summaries.nth(i).click();
    // An evidence row the LLM read, with the relation's sentence (relative: usable inside `has`).
    const llmEvidenceRow = panel
      .getByTestId('evidence')
      .locator('li')
      .filter({ has: panel.getByTestId('llm-provenance') })
      .filter({ hasText: relation.sentence.slice(0, 60) });
    const llmRow = panel.getByTestId('relationships').locator(llmEvidenceRow);
    await expect(llmRow.first()).toContainText('read by scripted');
    await snap(panel, testInfo, 'llm-relation-with-provenance');
    // The evidence can be filtered by who read it.
    // Locators are lazy: the relationship is pinned by position, since the filter hides the row that found it.
    const rels = panel.getByTestId('relationship');
    let at = 0;
    while (at < (await rels.count()) && (await rels.nth(at).filter({ has: llmEvidenceRow }).count()) === 0) at++;
    // Open its evidence if it is closed: relationships the LLM added while the summaries were
    // being clicked shift the list, so a click above may have toggled this one shut.
    const details = rels.nth(at).locator('details');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    const filter = rels.nth(at).getByTestId('evidence-source');
    await filter.selectOption('offline');
    await expect(llmRow).toHaveCount(0);
    await filter.selectOption('llm');
    await expect(llmRow.first()).toBeVisible();

    // Delete what the LLM added to this page: the offline facts remain exactly.
    await llmRow.first().getByTestId('llm-forget-page').click();
    await expect
      .poll(async () => ((await readGraph(panel)).evidence as EvidenceRow[]).filter((ev) => ev.extractor === 'llm').length)
      .toBe(0);
    const after = await readGraph(panel);
    const byId = (a: EvidenceRow, b: EvidenceRow) => (a.id < b.id ? -1 : 1);
    expect([...(after.evidence as EvidenceRow[])].sort(byId)).toEqual([...offline].sort(byId));
    const entityIds = new Set((after.entities as Array<{ id: string }>).map((e) => e.id));
    for (const ev of offline) if (ev.entityId !== undefined) expect(entityIds.has(ev.entityId)).toBe(true);
    const relIds = new Set((after.relationships as Array<{ id: string }>).map((r) => r.id));
    for (const ev of offline) if (ev.relationshipId !== undefined) expect(relIds.has(ev.relationshipId)).toBe(true);
    // Every entity left is one some offline evidence (or the user) supports.
    const supported = new Set(offline.flatMap((ev) => (ev.entityId === undefined ? [] : [ev.entityId])));
    expect([...entityIds].filter((id) => !supported.has(id))).toEqual([]);

    // "Delete everything" finds nothing more to delete.
    await openTab(panel, 'Settings');
    await panel.getByTestId('llm-forget-all').click();
    await expect(panel.getByTestId('llm-capture-message')).toContainText('0 page(s) in workspace "Default"');
  } finally {
    await context.close();
    await site.close();
    await llm.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});
