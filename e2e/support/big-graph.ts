/**
 * A large generated graph for the side panel's load journey and bench: `n`
 * entities with pronounceable names (deterministic), about 1.5 relationships each,
 * written through the `graph_import` tool (restore mode) from the panel's page, in
 * chunks, so the background's search index follows. Also the panel measurements:
 * time to first render, search keystroke-to-results, diagram render.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { indexKeys } from '../../src/core/graph/keys';

/** The extension API inside the panel's page (only what is called here). */
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ten', 'vo', 'su', 'del', 'qua', 'nor', 'bex', 'tri', 'zan', 'pol', 'fen', 'gri'];
const TYPES = ['company', 'person', 'technology', 'product', 'location', 'other'] as const;
const T0 = Date.UTC(2026, 0, 1);
/** Records per import call. */
const CHUNK = 2000;

function nameOf(i: number): string {
  let word = '';
  for (let k = i + 7, parts = 0; parts < 3; parts++, k = Math.floor(k / SYLLABLES.length)) word += SYLLABLES[k % SYLLABLES.length];
  return `${word[0]?.toUpperCase()}${word.slice(1)} ${['Labs', 'Works', 'Group', 'Systems', 'Partners'][i % 5]} ${i}`;
}

export function bigGraph(n: number) {
  const id = (i: number) => `e_big${i.toString(36).padStart(5, '0')}`;
  const entities = Array.from({ length: n }, (_, i) => {
    const name = nameOf(i);
    return {
      id: id(i),
      name,
      type: TYPES[i % TYPES.length],
      aliases: [],
      attributes: { rank: String(i) },
      createdAt: T0 + i,
      updatedAt: T0 + i,
      mentionCount: 1 + (i % 7),
      keys: indexKeys({ name, aliases: [] }),
    };
  });
  const relationships: { id: string; from: string; to: string; label: string; key: string; createdAt: number; updatedAt: number }[] = [];
  for (let i = 1; i < n; i++) {
    const targets = i % 2 === 0 ? [Math.floor(i / 2), (i * 7919) % i] : [Math.floor(i / 3)];
    for (const [k, t] of [...new Set(targets)].entries()) {
      if (t === i) continue;
      const label = ['uses', 'partner_of', 'located_in'][k % 3] ?? 'uses';
      relationships.push({
        id: `r_big${relationships.length.toString(36)}`,
        from: id(i),
        to: id(t),
        label,
        key: `${id(i)}|${label}|${id(t)}`,
        createdAt: T0,
        updatedAt: T0,
      });
    }
  }
  return { entities, relationships, nameOf };
}

/** Writes the graph through `graph_import` from an extension page. */
export async function seedBigGraph(panel: Page, n: number): Promise<{ entities: number; relationships: number }> {
  const { entities, relationships } = bigGraph(n);
  const chunks = [
    ...Array.from({ length: Math.ceil(entities.length / CHUNK) }, (_, i) => ({ entities: entities.slice(i * CHUNK, (i + 1) * CHUNK) })),
    ...Array.from({ length: Math.ceil(relationships.length / CHUNK) }, (_, i) => ({
      relationships: relationships.slice(i * CHUNK, (i + 1) * CHUNK),
    })),
  ];
  for (const records of chunks) {
    const reply = await panel.evaluate((args) => chrome.runtime.sendMessage({ type: 'tool.call', tool: 'graph_import', arguments: args }), {
      mode: 'restore',
      records,
    });
    expect(reply).toMatchObject({ ok: true });
  }
  return { entities: entities.length, relationships: relationships.length };
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface PanelFigures {
  readonly firstRenderMs: number;
  readonly searchMs: readonly number[];
  readonly diagramMs: number;
  readonly diagramRenderMs: number;
  readonly diagramNote: string;
  /** A second drawing (budget 59), with Mermaid already loaded. */
  readonly diagramWarmMs: number;
  readonly diagramWarmRenderMs: number;
}

/** Measures the panel on a seeded graph (see the module comment). */
export async function measurePanel(panel: Page, url: string, n: number, searches = 20): Promise<PanelFigures> {
  const started = Date.now();
  await panel.goto(url);
  await expect(panel.getByTestId('entity-row').first()).toBeVisible({ timeout: 30_000 });
  const firstRenderMs = Date.now() - started;

  const { nameOf } = bigGraph(0);
  const input = panel.getByTestId('search-input');
  const searchMs: number[] = [];
  for (let k = 0; k < searches; k++) {
    const i = Math.floor(((k + 1) * n) / (searches + 1));
    const name = nameOf(i);
    // A typo: the first word's second letter dropped; the number makes it unique.
    const query = `${name.slice(0, 1)}${name.slice(2)}`;
    await input.fill(query.slice(0, -1));
    const t0 = Date.now();
    await input.press(query.slice(-1));
    await expect(panel.getByTestId('search-result').first()).toContainText(name, { timeout: 10_000 });
    searchMs.push(Date.now() - t0);
  }

  await panel.getByRole('tab', { name: 'Diagram' }).click();
  const t1 = Date.now();
  await expect(panel.getByTestId('diagram').locator('svg')).toBeVisible({ timeout: 30_000 });
  const diagramMs = Date.now() - t1;
  const diagramRenderMs = Number(await panel.getByTestId('diagram').getAttribute('data-render-ms'));
  // What is drawn and why: the breadcrumb ("Around X, …: 60 of 10000 entities, …").
  const diagramNote = (await panel.getByTestId('diagram-breadcrumb').textContent()) ?? '';
  await panel.getByText('Filters').click();
  const t2 = Date.now();
  // The opening view is a neighbourhood (of the top search hit here): a smaller budget redraws
  // it within that budget.
  await panel.getByLabel('Budget (entities drawn at most)').fill('59');
  await expect(panel.getByTestId('diagram-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByTestId('diagram').locator('svg')).toBeVisible({ timeout: 30_000 });
  expect(await panel.getByTestId('diagram').locator('g.node').count()).toBeLessThanOrEqual(59);
  const diagramWarmMs = Date.now() - t2;
  const diagramWarmRenderMs = Number(await panel.getByTestId('diagram').getAttribute('data-render-ms'));
  return { firstRenderMs, searchMs, diagramMs, diagramRenderMs, diagramNote, diagramWarmMs, diagramWarmRenderMs };
}
