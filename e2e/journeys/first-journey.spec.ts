// The first journey: two local pages with JSON-LD → their entities appear in
// the side panel → entity_search finds them → the diagram renders an <svg>, centred on the
// top search hit.
import { expect, test } from '../support/fixtures';

test('captured pages fill the side panel, search finds them, the diagram draws', async ({ capture, sidePanel }, testInfo) => {
  const first = await capture('stripe.html');
  const second = await capture('rust.html');
  expect(first).toMatch(/^c_[0-9a-f]{32}$/);
  expect(second).not.toBe(first);

  const panel = await sidePanel.open();
  // The list is live: it fills in as the background ingests the two captures.
  const expected = ['Stripe', 'Patrick Collison', 'John Collison', 'Rust', 'Mozilla', 'Tokio'];
  await expect.poll(() => sidePanel.entityNames().allTextContents(), { timeout: 20_000 }).toEqual(expect.arrayContaining(expected));

  await sidePanel.search('strpe'); // a typo on purpose
  await expect(sidePanel.searchResultNames().first()).toHaveText('Stripe');
  await sidePanel.search('mozila');
  await expect(sidePanel.searchResultNames().first()).toHaveText('Mozilla');

  // The diagram opens on the top hit of the search on screen, and says so.
  await sidePanel.openTab('Diagram');
  await expect(sidePanel.diagramSvg()).toBeVisible();
  await expect(panel.getByTestId('diagram-breadcrumb')).toContainText('Around Mozilla, the top search hit for “mozila”');
  await expect(sidePanel.diagramSvg()).toContainText('Rust');
  await sidePanel.search('strpe');
  await expect(sidePanel.searchResultNames().first()).toHaveText('Stripe');
  await sidePanel.openTab('Diagram');
  await expect(sidePanel.diagramSvg()).toContainText('Patrick Collison');
  // Labels are plain SVG text (src/ui/viz/render.ts): no HTML inside the drawing.
  await expect(sidePanel.diagramSvg().locator('text').first()).toBeAttached();
  await expect(sidePanel.diagramSvg().locator('foreignObject')).toHaveCount(0);
  await expect(sidePanel.errors()).toHaveCount(0);
  await panel.screenshot({ path: testInfo.outputPath('side-panel.png'), fullPage: true });
  await testInfo.attach('side-panel', { path: testInfo.outputPath('side-panel.png'), contentType: 'image/png' });
});
