// Names from pages, drawn as they read: the diagram shows `&`, quotes, `<`, `#`, `;`, `%`,
// non-Latin scripts and punctuation as themselves (no `#38;` entity codes left in the text),
// and no name injects Mermaid syntax (a node, an edge, a click, a style, a directive) or
// markup (an element, an attribute) into the drawing. Invented names, not corpus text.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { snap } from '../support/panel-journey';
import { restoreGraph } from '../support/research-graph';

const T0 = Date.UTC(2026, 10, 1);

/** Hostile and awkward names, each linked to the hub by a stated fact. */
const NAMES: readonly string[] = [
  'Bell & Rowe',
  'The "Quoted" Co',
  "O'Hare Works",
  '<img src=x onerror=alert(1)>',
  '</text><script>alert(2)</script>',
  'Fish #1; Chips',
  'Lifestyle: #34; Ltd',
  'Zürich Straße Café',
  'Łódź · Kraków',
  '東京 データ',
  'A|B --> C',
  'n0["pwned"]',
  'x]; click n1 call alert(3); %%',
  '%%{init: {"theme":"forest"}}%%',
  'classDef person fill:#f00;',
  'style n1 fill:#f00;',
  '100% <b>bold</b> & more',
  'semi;colon `tick` {brace}',
  'Ｆｕｌｌｗｉｄｔｈ',
  'Longwordwithoutspaces·dots·&·amps·<angles>·and·more·text',
];
/** A relationship label with the same characters (stored normalized: its words only). */
const HOSTILE_LABEL = 'sells & "rents" <to>';

const idOf = (i: number): string => `e_hn${i.toString().padStart(2, '0')}`;

async function seed(panel: Page): Promise<void> {
  await restoreGraph(
    panel,
    [['Hub Corp', 'company'] as const, ...NAMES.map((n, i) => [n, i % 2 === 0 ? 'company' : 'person'] as const)].map(([name, type], i) => ({
      id: idOf(i),
      name,
      type,
      // The hub is the most recent, so the opening view is drawn around it.
      at: T0 + (i === 0 ? 10_000 : i) * 60_000,
    })),
    NAMES.map((_, i) => ({ id: `r_hn${i}`, from: idOf(0), to: idOf(i + 1), label: i === 0 ? HOSTILE_LABEL : 'partners_with' })),
  );
}

test('names with &, quotes, <, #, ;, % and non-Latin letters read as themselves and inject nothing', async ({ sidePanel }, testInfo) => {
  const panel = await sidePanel.open();
  await panel.setViewportSize({ width: 500, height: 900 });
  await seed(panel);
  await panel.goto(sidePanel.url);
  await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
  await panel.getByRole('button', { name: 'Got it' }).click();
  let dialogs = 0;
  panel.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await panel.getByRole('tab', { name: 'Diagram' }).click();
  const diagram = panel.getByTestId('diagram');
  const nodes = diagram.locator('g.node[data-entity-id]');
  await expect(nodes).toHaveCount(NAMES.length + 1, { timeout: 60_000 });

  // Each node reads its name (as NFKC-normalized for display) and its type, nothing else.
  // Mermaid wraps long labels into rows, at spaces or inside a long word: compared without spaces.
  const texts = await nodes.evaluateAll((els) =>
    els.map((el) => ({
      id: el.getAttribute('data-entity-id'),
      text: [...el.querySelectorAll('tspan.row')].map((row) => (row.textContent ?? '').replace(/\s+/g, '')).join(''),
    })),
  );
  const expected = new Map(NAMES.map((n, i) => [idOf(i + 1), n.normalize('NFKC').replace(/\s+/g, '')]));
  const read = texts.filter((t) => t.id !== idOf(0)).map(({ id, text }) => [id, text.replace(/\((company|person)\)$/, '')]);
  expect(texts.every((t) => /\((company|person)\)$/.test(t.text))).toBe(true);
  expect(Object.fromEntries(read)).toEqual(Object.fromEntries(expected));
  const edgeTexts = await diagram
    .locator('.edgeLabel')
    .evaluateAll((ls) =>
      ls.map((l) => [...l.querySelectorAll('tspan.row')].map((r) => (r.textContent ?? '').replace(/\s+/g, '')).join('')).filter((t) => t),
    );
  // The stored label was normalized on import (its punctuation dropped); every fact keeps its label.
  expect(edgeTexts).toHaveLength(NAMES.length);
  expect(new Set(edgeTexts)).toEqual(new Set(['sellsrentsto', 'partnerswith']));
  // No Mermaid placeholder left as text anywhere (the names above read exactly, codes included).
  const allText = await diagram.evaluate((el) => [...el.querySelectorAll('text')].map((t) => t.textContent ?? '').join('\n'));
  expect(allText).not.toMatch(/ﬂ°|¶ß/);

  // Nothing injected: one edge per seeded fact, no element from a name, no handler, no
  // style from a name (the nodes keep the type colours), and no dialog opened.
  await expect(diagram.locator('.edgePaths path')).toHaveCount(NAMES.length);
  expect(await diagram.locator('script, img, b, foreignObject, iframe, a').count()).toBe(0);
  expect(
    await diagram.evaluate((el) => [...el.querySelectorAll('*')].some((n) => [...n.attributes].some((a) => a.name.startsWith('on')))),
  ).toBe(false);
  const personFill = await panel
    .locator(`g.node[data-entity-id="${idOf(2)}"] rect`)
    .first()
    .evaluate((r) => getComputedStyle(r).fill);
  expect(personFill).not.toBe('rgb(255, 0, 0)');
  expect(dialogs).toBe(0);
  await snap(panel, testInfo, 'diagram-hostile-names');
});
