// The panel's seven tabs at its real widths: one row at 320, 400 and
// 500 px (every tab at the same top offset, nothing cut off), reachable by keyboard
// (Tab into the bar, arrow keys, Home and End), and no serious axe finding in light or dark.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/panel-journey';

const NAMES = ['Search', 'Merge & review', 'Ask', 'Diagram', 'Pages', 'Data', 'Settings'];

/** Each tab's top, left and right edges, and whether its text overflows its box. */
function tabBoxes(panel: Page) {
  return panel.getByRole('tab').evaluateAll((tabs) =>
    tabs.map((tab) => {
      const box = tab.getBoundingClientRect();
      const label = tab.querySelector('.tab-label');
      return {
        top: Math.round(box.top),
        left: box.left,
        right: box.right,
        clipped: label !== null && label.scrollWidth > label.clientWidth,
      };
    }),
  );
}

test('the tab bar is one row at 320–500 px, keyboard reachable, axe clean', async ({ sidePanel }, testInfo) => {
  const panel = await sidePanel.open();
  await expect(panel.getByRole('tab')).toHaveCount(NAMES.length);
  for (const [i, name] of NAMES.entries()) await expect(panel.getByRole('tab').nth(i)).toHaveAccessibleName(name);

  for (const width of [320, 400, 500]) {
    await panel.setViewportSize({ width, height: 700 });
    const boxes = await tabBoxes(panel);
    expect(new Set(boxes.map((b) => b.top)), `one row at ${width} px`).toHaveProperty('size', 1);
    expect(
      boxes.filter((b) => b.clipped),
      `no label cut at ${width} px`,
    ).toEqual([]);
    expect(Math.max(...boxes.map((b) => b.right)), `inside the panel at ${width} px`).toBeLessThanOrEqual(width);
    expect(await panel.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await snap(panel, testInfo, `tabs-${width}px`);
  }

  // Keyboard: one Tab stop for the bar (the selected tab), arrows move and select, Home/End jump.
  await panel.setViewportSize({ width: 320, height: 700 });
  const tab = (name: string) => panel.getByRole('tab', { name, exact: true });
  await tab('Search').focus();
  await panel.keyboard.press('ArrowRight');
  await expect(tab('Merge & review')).toBeFocused();
  await expect(tab('Merge & review')).toHaveAttribute('aria-selected', 'true');
  await panel.keyboard.press('End');
  await expect(tab('Settings')).toBeFocused();
  await panel.keyboard.press('ArrowRight');
  await expect(tab('Search')).toBeFocused();
  await panel.keyboard.press('ArrowLeft');
  await expect(tab('Settings')).toBeFocused();
  await panel.keyboard.press('Home');
  await expect(tab('Search')).toHaveAttribute('aria-selected', 'true');
  expect(await panel.getByRole('tab').evaluateAll((tabs) => tabs.filter((t) => t.getAttribute('tabindex') === '0').length)).toBe(1);

  for (const scheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme: scheme });
    for (const width of [500, 320]) {
      await panel.setViewportSize({ width, height: 700 });
      const { violations } = await new AxeBuilder({ page: panel }).include('[role="tablist"]').analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${scheme} ${width}px: ${v.id}`),
      ).toEqual([]);
    }
  }
  await snap(panel, testInfo, 'tabs-320px-dark');
});
