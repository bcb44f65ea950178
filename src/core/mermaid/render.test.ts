// @vitest-environment jsdom
// The output is checked with Mermaid's own parser (it needs a DOM: jsdom here).
import { beforeAll, describe, expect, it } from 'vitest';
import type MermaidApi from 'mermaid';
import type { EntityType } from '../graph/types';
import { escapeLabel, GRID_ROW_NODES, renderMermaid, renderMermaidParts } from './render';

let mermaid: typeof MermaidApi;

beforeAll(async () => {
  mermaid = (await import('mermaid')).default;
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
});

const HOSTILE = [
  'Quote " breaks"]\n  click n0 href "javascript:alert(1)"',
  'Bracket ] [ { } ( ) | pipe',
  'click n1 call alert()',
  '<script>alert(1)</script>',
  'Line one\nLine two\r\nstyle n0 fill:#f00',
  '%%{init: {"securityLevel": "loose"}}%%',
  'Back`tick` and `code`',
  'Emoji 🚀🦀 and ZWJ 👩‍💻',
  'עברית العربية RTL \u202Eevil\u202C',
  'classDef x fill:#000; class n0 x',
  'semi;colon & amp #35; hash',
  '-->|x| n0',
];

/** Vertices, edges and click handlers as Mermaid's flowchart database sees them. */
async function parsed(text: string) {
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  const db = diagram.db as unknown as {
    getVertices(): Map<string, { id: string; text: string; link?: string; styles: string[]; classes: string[] }>;
    getEdges(): { start: string; end: string; text: string }[];
    getClasses(): Map<string, unknown>;
  };
  return { vertices: [...db.getVertices().values()], edges: db.getEdges(), classes: [...db.getClasses().keys()] };
}

describe('escapeLabel', () => {
  it('leaves no character that can end a label or start a directive', () => {
    for (const name of HOSTILE) {
      const out = escapeLabel(name).replace(/#\d+;/g, ''); // entity codes are the only way to say these characters
      expect(out).not.toMatch(/["[\]{}|`<>\n\r;:%&#]/);
    }
    expect(escapeLabel('A "quoted" [name]')).toBe('A #34;quoted#34; #91;name#93;');
    expect(escapeLabel('Zürich (city)')).toBe('Zürich (city)');
    expect(escapeLabel('x'.repeat(500)).length).toBe(80);
  });

  it('codes decode back to the name, as Mermaid shows it', () => {
    const names = [...HOSTILE.slice(1, 4), 'Bell & Rowe', 'Łódź · Kraków', '東京 データ', 'Fish #1; Chips', '100% <b>x</b>'];
    for (const name of names) {
      const decoded = escapeLabel(name).replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
      expect(decoded).toBe(name.normalize('NFKC'));
    }
  });

  it("no code loses its ';' to Mermaid's pre-parse cut of style lines (a name read \"…fill:#f00#59\")", () => {
    // What `mermaid.render` does to the text before parsing (encodeEntities, mermaid 11).
    const cut = (line: string) =>
      // eslint-disable-next-line regexp/no-super-linear-backtracking -- Mermaid's own patterns, copied to test against them
      line.replace(/style.*:\S*#.*;/g, (s) => s.slice(0, -1)).replace(/classDef.*:\S*#.*;/g, (s) => s.slice(0, -1));
    const names = ['style n1 fill:#f00;', 'classDef person fill:#f00;', 'Lifestyle:#1 café', 'linkStyle 0 stroke:#f00;'];
    const text = renderMermaid({
      nodes: names.map((name, i) => ({ key: `e_${i}`, name, type: 'company' })),
      edges: [{ from: 'e_0', to: 'e_1', label: 'style x:#1; y' }],
    });
    const labelLines = text.split('\n').filter((l) => l.includes('"'));
    expect(labelLines).toHaveLength(names.length + 1);
    for (const line of labelLines) expect(cut(line), line).toBe(line);
  });
});

describe('renderMermaid', () => {
  it('writes graph LR with generated ids, escaped labels and type classes', async () => {
    const text = renderMermaid({
      nodes: [
        { key: 'e_1', name: 'Stripe', type: 'company' },
        { key: 'e_2', name: 'Rust', type: 'technology' },
      ],
      edges: [
        { from: 'e_1', to: 'e_2', label: 'uses' },
        { from: 'e_1', to: 'e_9', label: 'dangling' },
      ],
    });
    expect(text.split('\n')[0]).toBe('graph LR');
    expect(text).toContain('n0["Stripe<br/>(company)"]');
    expect(text).toContain('n0 -->|"uses"| n1');
    expect(text).not.toContain('dangling');
    expect(await mermaid.parse(text)).toMatchObject({ diagramType: 'flowchart-v2' });
    const { vertices, edges, classes } = await parsed(text);
    expect(vertices.map((v) => v.id)).toEqual(['n0', 'n1']);
    expect(edges).toHaveLength(1);
    expect(classes.sort()).toEqual(['company', 'technology']);
  });

  it('hostile names stay inside their labels: parses, one vertex per entity, no links, no extra styles', async () => {
    const types: EntityType[] = ['company', 'person', 'technology', 'product', 'location', 'other'];
    const nodes = HOSTILE.map((name, i) => ({ key: `e_${i}`, name, type: types[i % types.length] ?? 'other' }));
    const edges = HOSTILE.slice(1).map((label, i) => ({ from: `e_${i}`, to: `e_${i + 1}`, label }));
    const text = renderMermaid({ nodes, edges });
    expect(text).not.toMatch(/%%/);
    // Every line is one of the four statements we write; labels hold no quote.
    const grammar = [
      /^graph LR$/,
      /^ {2}n\d+\["[^"\n]*<br\/>\((company|person|technology|product|location|other)\)"\]$/,
      /^ {2}n\d+ -->\|"[^"|\n]*"\| n\d+$/,
      /^ {2}n\d+( ~~~ n\d+)+$/,
      /^ {2}classDef (company|person|technology|product|location|other) [a-z:#0-9,]+$/,
      /^ {2}class n\d+(,n\d+)* (company|person|technology|product|location|other)$/,
    ];
    for (const line of text.split('\n'))
      expect(
        grammar.some((re) => re.test(line)),
        line,
      ).toBe(true);
    expect(await mermaid.parse(text)).toMatchObject({ diagramType: 'flowchart-v2' });
    const { vertices, edges: parsedEdges, classes } = await parsed(text);
    expect(vertices.map((v) => v.id)).toEqual(HOSTILE.map((_, i) => `n${i}`));
    expect(vertices.every((v) => v.link === undefined && v.styles.length === 0)).toBe(true);
    expect(parsedEdges).toHaveLength(HOSTILE.length - 1);
    expect(classes.sort()).toEqual([...types].sort());
  });
});

describe("renderMermaid options (the panel's drawing)", () => {
  const diagram = {
    nodes: [
      { key: 'e_1', name: 'Ada "Quill"', type: 'person' as const },
      { key: 'e_2', name: 'Northwind', type: 'company' as const },
      { key: 'e_3', name: 'Tern DB', type: 'product' as const },
    ],
    edges: [
      { from: 'e_1', to: 'e_2', label: 'CEO of' },
      { from: 'e_2', to: 'e_3', label: '', kind: 'co-mention' as const },
    ],
  };

  it('draws a co-mention as a dotted line without arrow or label, a fact as a labelled arrow', async () => {
    const text = renderMermaid(diagram);
    expect(text).toContain('n0 -->|"CEO of"| n1');
    expect(text).toContain('n1 -.- n2');
    const { edges } = await parsed(text);
    expect(edges).toHaveLength(2);
    expect(edges[1]).toMatchObject({ start: 'n1', end: 'n2', text: '' });
    expect(edges[1]).toMatchObject({ type: 'arrow_open', stroke: 'dotted' });
  });

  it('writes the dark palette (light text on deep fills, light edges) and the direction asked, names still escaped', async () => {
    const text = renderMermaid(diagram, { palette: 'dark', direction: 'TD' });
    expect(text.split('\n')[0]).toBe('graph TD');
    expect(text).toContain('classDef person fill:#831843,stroke:#f9a8d4,color:#f3f4f6');
    expect(text).toContain('linkStyle 0,1 stroke:#aab4c0');
    expect(text).toContain('n0["Ada #34;Quill#34;<br/>(person)"]');
    expect(await mermaid.parse(text)).toMatchObject({ diagramType: 'flowchart-v2' });
    // The default stays the contract's output: light colours, no link style.
    expect(renderMermaid(diagram)).not.toContain('linkStyle');
  });
});

/** A diagram of `n` nodes (types in turn) and the given edges between node indexes. */
function sample(n: number, links: readonly (readonly [number, number])[] = []) {
  const types: EntityType[] = ['company', 'person', 'technology', 'product', 'location', 'other'];
  return {
    nodes: Array.from({ length: n }, (_, i) => ({ key: `e_${i}`, name: `Entity ${i}`, type: types[i % types.length] ?? 'other' })),
    edges: links.map(([a, b]) => ({ from: `e_${a}`, to: `e_${b}`, label: 'uses' })),
  };
}

describe('compact layout of unconnected nodes', () => {
  it('places unconnected nodes in rows of invisible links, grouped by type, and leaves connected ones alone', async () => {
    const text = renderMermaid(sample(14, [[0, 1]]));
    const rows = text
      .split('\n')
      .filter((l) => l.includes('~~~'))
      .map((l) => l.trim().split(' ~~~ '));
    // 12 unconnected nodes: 3 rows of GRID_ROW_NODES, ordered by type (company, person, …) then by given order.
    expect(rows.map((r) => r.length)).toEqual([GRID_ROW_NODES, GRID_ROW_NODES, GRID_ROW_NODES]);
    expect(rows.flat()).toEqual(['n6', 'n12', 'n7', 'n13', 'n2', 'n8', 'n3', 'n9', 'n4', 'n10', 'n5', 'n11']);
    expect(rows.flat()).not.toContain('n0');
    expect(rows.flat()).not.toContain('n1');
    const { vertices, edges } = await parsed(text);
    expect(vertices).toHaveLength(14);
    // Invisible links are edges to Mermaid's layout, but draw nothing (no arrow, no label).
    expect(edges.filter((e) => e.text === 'uses')).toHaveLength(1);
  });

  it('a diagram with edges everywhere has no grid line; a lone row of one has none either', () => {
    expect(
      renderMermaid(
        sample(3, [
          [0, 1],
          [1, 2],
        ]),
      ),
    ).not.toContain('~~~');
    expect(renderMermaid(sample(3, [[0, 1]]))).not.toContain('~~~');
  });
});

describe('renderMermaidParts', () => {
  it('cuts a diagram into connected groups then slices of the grid, with the ids of the whole', async () => {
    // Group A: 0–1–2; group B: 3–4; 10 unconnected nodes (5…14).
    const diagram = sample(15, [
      [0, 1],
      [1, 2],
      [3, 4],
    ]);
    const parts = renderMermaidParts(diagram, 4);
    const idsOf = async (text: string) => (await parsed(text)).vertices.map((v) => v.id).sort();
    // A and B do not fit one part of 4; the grid comes in slices of whole rows (4 nodes).
    expect(parts).toHaveLength(2 + 3);
    expect(await idsOf(parts[0] ?? '')).toEqual(['n0', 'n1', 'n2']);
    expect(await idsOf(parts[1] ?? '')).toEqual(['n3', 'n4']);
    const all = (await Promise.all(parts.map(idsOf))).flat().sort();
    expect(all).toEqual(Array.from({ length: 15 }, (_, i) => `n${i}`).sort());
    for (const part of parts) expect(await mermaid.parse(part)).toMatchObject({ diagramType: 'flowchart-v2' });
  });

  it('keeps a connected group larger than a part whole, and small groups share a part', async () => {
    const chain = Array.from({ length: 9 }, (_, i) => [i, i + 1] as const);
    const parts = renderMermaidParts(sample(14, [...chain, [11, 12]]), 4);
    expect((await parsed(parts[0] ?? '')).vertices).toHaveLength(10);
    expect((await parsed(parts[0] ?? '')).edges).toHaveLength(9);
    expect((await parsed(parts[1] ?? '')).vertices.map((v) => v.id).sort()).toEqual(['n11', 'n12']);
    expect(parts).toHaveLength(3); // the group of 10, the pair, the grid of n10 and n13
  });

  it('hostile names are escaped in every part as in the whole', () => {
    const nodes = HOSTILE.map((name, i) => ({ key: `e_${i}`, name, type: 'other' as const }));
    const whole = renderMermaid({ nodes, edges: [] });
    const parts = renderMermaidParts({ nodes, edges: [] }, 4);
    for (const name of HOSTILE) {
      const label = escapeLabel(name);
      expect(whole).toContain(`"${label}<br/>(other)"`);
      expect(parts.some((p) => p.includes(`"${label}<br/>(other)"`))).toBe(true);
    }
    // Every line is a statement we write: a label, a grid row or a class line.
    const grammar = [
      /^graph LR$/,
      /^ {2}n\d+\["[^"\n]*<br\/>\(other\)"\]$/,
      /^ {2}n\d+( ~~~ n\d+)+$/,
      /^ {2}classDef other [a-z:#0-9,]+$/,
      /^ {2}class n\d+(,n\d+)* other$/,
    ];
    for (const line of [whole, ...parts].flatMap((t) => t.split('\n')))
      expect(
        grammar.some((re) => re.test(line)),
        line,
      ).toBe(true);
  });

  it('one part for a diagram within the part size, equal to the whole text', () => {
    const diagram = sample(6, [[0, 1]]);
    expect(renderMermaidParts(diagram)).toEqual([renderMermaid(diagram)]);
  });
});
