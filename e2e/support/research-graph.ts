/**
 * A small research graph for the diagram journeys, written through `graph_import` (restore):
 * one recently read cluster around Northwind with stated facts (founded by, CEO of, develops,
 * uses, headquartered in, invested in) and many co-mentions, an older cluster around Harbor
 * Labs, a pair read last that links to neither (Birch Works founded by Lena Berg), and a few
 * loose entities. Names are fixed, times ascending, so the opening centre
 * (best-connected of what was read last) is Northwind.
 */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { indexKeys } from '../../src/core/graph/keys';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

const T0 = Date.UTC(2026, 10, 1);
export type Type = 'company' | 'person' | 'technology' | 'product' | 'location' | 'other';

const ENTITIES: readonly (readonly [string, Type])[] = [
  ['Harbor Labs', 'company'],
  ['Mira Sol', 'person'],
  ['Quay Engine', 'product'],
  ['Lisbon', 'location'],
  ['Old Mill', 'other'],
  ['Rust', 'technology'],
  ['Fjord Capital', 'company'],
  ['Oslo', 'location'],
  ['Tern DB', 'product'],
  ['Ada Quill', 'person'],
  ['Northwind', 'company'],
  ...Array.from({ length: 14 }, (_, i) => [`Mentioned Co ${i + 1}`, i % 2 === 0 ? 'company' : 'person'] as const),
  // A separate pair read last: the opening view goes on to it once Northwind's part is drawn.
  ['Lena Berg', 'person'],
  ['Birch Works', 'company'],
];

/** [from, label, to] */
const FACTS: readonly (readonly [string, string, string])[] = [
  ['Northwind', 'founded_by', 'Ada Quill'],
  ['Ada Quill', 'ceo_of', 'Northwind'],
  ['Northwind', 'develops', 'Tern DB'],
  ['Tern DB', 'uses', 'Rust'],
  ['Northwind', 'headquartered_in', 'Oslo'],
  ['Fjord Capital', 'invested_in', 'Northwind'],
  ['Harbor Labs', 'founded_by', 'Mira Sol'],
  ['Harbor Labs', 'develops', 'Quay Engine'],
  ['Harbor Labs', 'headquartered_in', 'Lisbon'],
  ['Quay Engine', 'uses', 'Rust'],
  ['Birch Works', 'founded_by', 'Lena Berg'],
  ['Northwind', 'mentioned_with', 'Ada Quill'],
  ['Northwind', 'mentioned_with', 'Fjord Capital'],
  ...Array.from({ length: 14 }, (_, i) => ['Northwind', 'mentioned_with', `Mentioned Co ${i + 1}`] as const),
  ...Array.from({ length: 7 }, (_, i) => [`Mentioned Co ${i + 1}`, 'mentioned_with', `Mentioned Co ${i + 8}`] as const),
];

export const RESEARCH_FACTS = FACTS.filter(([, label]) => label !== 'mentioned_with').length;

const idOf = (name: string): string => `e_rg${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}`;

export interface SeedEntity {
  readonly id: string;
  readonly name: string;
  readonly type: Type;
  /** Created and last updated (what "read last" goes by). */
  readonly at: number;
}
export interface SeedRelationship {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly label: string;
}

/** Writes entities and relationships as they are through `graph_import` (restore). */
export async function restoreGraph(
  panel: Page,
  entities: readonly SeedEntity[],
  relationships: readonly SeedRelationship[],
): Promise<void> {
  const records = {
    entities: entities.map(({ id, name, type, at }) => ({
      id,
      name,
      type,
      aliases: [],
      attributes: {},
      createdAt: at,
      updatedAt: at,
      mentionCount: 1,
      keys: indexKeys({ name, aliases: [] }),
    })),
    relationships: relationships.map((r) => ({ ...r, key: `${r.from}|${r.label}|${r.to}`, createdAt: T0, updatedAt: T0 })),
  };
  const reply = await panel.evaluate((args) => chrome.runtime.sendMessage({ type: 'tool.call', tool: 'graph_import', arguments: args }), {
    mode: 'restore',
    records,
  });
  expect(reply).toMatchObject({ ok: true });
}

export async function seedResearchGraph(panel: Page): Promise<void> {
  await restoreGraph(
    panel,
    ENTITIES.map(([name, type], i) => ({ id: idOf(name), name, type, at: T0 + i * 60_000 })),
    FACTS.map(([from, label, to], i) => ({ id: `r_rg${i.toString(36).padStart(3, '0')}`, from: idOf(from), to: idOf(to), label })),
  );
}
