// Every view of the side panel on the built extension, after five local pages were
// captured: Search (recent list, results, no match), the entity page, Merge & review with
// a type clash waiting (a place also stored as a person), the merge form, Ask (with the
// chat's merge proposal), Diagram, Pages, Data and Settings. Each is axe clean with no
// sideways scroll at 320 and 500 px in light and dark, and screenshotted at each for a
// person to look at. The numbers say what they mean where they appear: ×counts,
// review percentages, an answer's confidence. The AI-agents block is a Settings block like the others.
import type { Page, TestInfo } from '@playwright/test';
import { CaptureRig } from '../support/capture';
import { expect, test } from '../support/fixtures';
import { askInPanel, axeCleanAtPanelWidths, openTab, SIDEPANEL_PAGES } from '../support/panel-journey';

/** Opens the entity page of the search hit of `name` with type `type`. */
async function openHit(panel: Page, name: string, type: string): Promise<void> {
  await openTab(panel, 'Search');
  await panel.getByTestId('search-input').fill(name);
  await panel.getByTestId('search-result').filter({ hasText: type }).getByRole('button').first().click();
  await expect(panel.getByTestId('entity-name')).toHaveText(name);
}

test('every view at 320 and 500 px, light and dark: axe clean, screenshotted, its numbers explained', async ({
  context,
  extensionId,
  capture,
  sidePanel,
}, testInfo: TestInfo) => {
  test.setTimeout(5 * 60_000);
  const rig = new CaptureRig(context, extensionId);
  // A type clash in waiting: "Porto" added by hand as a person; Northwind's page says it is a place.
  await rig.tool('entity_add', { name: 'Porto', entity_type: 'person' });
  for (const path of SIDEPANEL_PAGES) await capture(path);
  await expect.poll(() => rig.pending(), { timeout: 60_000 }).toBe(0);
  const panel = await sidePanel.open();
  const shots = (name: string) => ({ testInfo, name });

  // Search, the recent list: a legend above the rows, and each ×count says what it counts.
  await expect(panel.getByTestId('count-legend')).toHaveText('×3 = named 3 times in the pages you captured.');
  await expect(panel.getByTestId('entity-row').first().getByTestId('mention-count')).toHaveAttribute(
    'title',
    /^named \d+ times? in your captured pages$/,
  );
  await axeCleanAtPanelWidths(panel, 'the recent list with the first-run card', shots('search-recent'));
  await panel.getByTestId('first-run-dismiss').click();

  await panel.getByTestId('search-input').fill('nortwind lab');
  await expect(panel.getByTestId('search-result').first()).toContainText('Northwind Labs');
  await expect(panel.getByTestId('count-legend')).toBeVisible();
  await axeCleanAtPanelWidths(panel, 'search results', shots('search-results'));
  await panel.getByTestId('search-input').fill('Audrey Tang');
  await expect(panel.getByTestId('search-no-match')).toContainText('No match for “Audrey Tang”');
  await axeCleanAtPanelWidths(panel, 'a search with no match', shots('search-no-match'));

  // The entity page says the count in words.
  await openHit(panel, 'Northwind Labs', 'company');
  await expect(panel.getByTestId('entity-page').getByTestId('mention-count').first()).toHaveText(
    /^named \d+ times? in your captured pages$/,
  );
  await axeCleanAtPanelWidths(panel, 'the entity page', shots('entity-page'));

  // Merge & review: the type clash waits, its percentage explained; kept apart, it is gone.
  await openTab(panel, 'Merge & review');
  const clash = panel.getByTestId('review-item').filter({ hasText: 'Porto' });
  await expect(clash.getByTestId('review-reason')).toHaveText(
    /^“Porto” is stored both as an? (person|location) and as an? (person|location): the same thing typed two ways, or two things with one name\?$/,
  );
  await expect(clash.getByTestId('review-candidate')).toHaveAccessibleDescription(
    /^The percentage beside a candidate is how sure Ariadne is that the two are one thing/,
  );
  await axeCleanAtPanelWidths(panel, 'the review queue', shots('review'));
  await clash.getByTestId('review-reject').click();
  await expect(clash).toHaveCount(0);

  // Ask: "merge it with the previous one" after opening the two Porto pages names both with
  // their types, and nothing changes on "Don't"; lists are lists, the confidence says what it means.
  await openHit(panel, 'Porto', 'location');
  await openHit(panel, 'Porto', 'person');
  await openTab(panel, 'Ask');
  const proposal = await askInPanel(panel, 'merge it with the previous one');
  await expect(proposal).toContainText(
    /^Keep “Porto” \((person|location)\), and remove “Porto” \((person|location)\), folding it into the kept one\? They have different types/,
  );
  const before = await rig.tool<{ entities: number }>('graph_stats', {});
  await proposal.getByRole('button', { name: "Don't" }).click();
  await expect(proposal.getByTestId('confirm-proposal')).toHaveCount(0);
  await expect(proposal).toContainText('Not merged: nothing changed.');
  expect((await rig.tool<{ entities: number }>('graph_stats', {})).entities).toBe(before.entities);
  const today = await askInPanel(panel, 'What did I read today?');
  await expect(today.getByTestId('answer-body').locator('ul > li')).toHaveCount(SIDEPANEL_PAGES.length);
  await expect(today.getByTestId('confidence')).toHaveText('Confidence: high — the facts are in your graph, for the names you asked about');
  await axeCleanAtPanelWidths(panel, 'the chat', shots('ask'));

  // The merge form, from the person's page: both named with their types, and the clash warned about.
  await openHit(panel, 'Porto', 'person');
  await panel.getByTestId('merge-remove-this').click();
  await panel.getByLabel('Keep', { exact: true }).fill('Porto');
  await panel.getByRole('list', { name: 'Keep: suggestions' }).getByRole('button', { name: 'Porto', exact: true }).first().click();
  await expect(panel.getByTestId('merge-preview')).toContainText('They have different types');
  await axeCleanAtPanelWidths(panel, 'the merge form', shots('merge'));
  await panel.getByRole('button', { name: 'Clear', exact: true }).click();

  await openTab(panel, 'Diagram');
  await expect(sidePanel.diagramSvg()).toBeVisible({ timeout: 20_000 });
  // At 320 px the drawing opens with readable text (11 px at least) in a box that fits the panel;
  // one moves in it by dragging and zooming (e2e/journeys/diagram-research.spec.ts).
  await panel.setViewportSize({ width: 320, height: 900 });
  await panel.getByTestId('diagram-reset').click();
  expect(Number(await panel.getByTestId('diagram-box').getAttribute('data-text-px'))).toBeGreaterThanOrEqual(11);
  expect((await panel.getByTestId('diagram-box').boundingBox())?.width ?? 999).toBeLessThanOrEqual(320);
  await axeCleanAtPanelWidths(panel, 'the diagram', shots('diagram'));

  await openTab(panel, 'Pages');
  await expect(panel.getByTestId('view-pages')).toContainText('Northwind Labs');
  await axeCleanAtPanelWidths(panel, 'the pages list', shots('pages'));

  await openTab(panel, 'Data');
  await axeCleanAtPanelWidths(panel, 'the data view', shots('data'));

  // Settings: the AI-agents block is a fieldset with its legend and one sentence, like the others.
  await openTab(panel, 'Settings');
  const agents = panel.getByRole('group', { name: 'AI agents (MCP)' });
  await expect(agents.getByTestId('bridge-toggle')).toHaveAccessibleDescription(/every change they ask for waits here for your approval/);
  await expect(agents.getByTestId('bridge-status')).toBeVisible();
  const legends = await panel.locator('[aria-label="Settings"] fieldset > legend').allTextContents();
  expect(legends).toEqual(expect.arrayContaining(['Capture', 'Matching names', 'AI agents (MCP)']));
  await axeCleanAtPanelWidths(panel, 'the settings', shots('settings'));
});
