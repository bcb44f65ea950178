// @vitest-environment jsdom
// The output is checked with Mermaid's own parser (it needs a DOM: jsdom here).
import { beforeAll, describe, expect, it } from 'vitest';
import type MermaidApi from 'mermaid';
import type { EntityType } from '../graph/types';
import { escapeLabel, renderMermaid } from './render';

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
      expect(out).not.toMatch(/["[\]{}|`<>\n\r;%&#]/);
    }
    expect(escapeLabel('A "quoted" [name]')).toBe('A #34;quoted#34; #91;name#93;');
    expect(escapeLabel('Zürich (city)')).toBe('Zürich (city)');
    expect(escapeLabel('x'.repeat(500)).length).toBe(80);
  });
});

describe('renderMermaid', () => {
  it('writes graph LR with generated ids, escaped labels and type classes', async () => {
    const text = renderMermaid({
      nodes: [
        { key: 'e_1', name: 'Stripe', type: 'company' },
        { key: 'e_2', name: 'Rust', type: 'technology' },
      ],
      edges: [{ from: 'e_1', to: 'e_2', label: 'uses' }, { from: 'e_1', to: 'e_9', label: 'dangling' }],
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
      /^ {2}classDef (company|person|technology|product|location|other) [a-z:#0-9,]+$/,
      /^ {2}class n\d+(,n\d+)* (company|person|technology|product|location|other)$/,
    ];
    for (const line of text.split('\n')) expect(grammar.some((re) => re.test(line)), line).toBe(true);
    expect(await mermaid.parse(text)).toMatchObject({ diagramType: 'flowchart-v2' });
    const { vertices, edges: parsedEdges, classes } = await parsed(text);
    expect(vertices.map((v) => v.id)).toEqual(HOSTILE.map((_, i) => `n${i}`));
    expect(vertices.every((v) => v.link === undefined && v.styles.length === 0)).toBe(true);
    expect(parsedEdges).toHaveLength(HOSTILE.length - 1);
    expect(classes.sort()).toEqual([...types].sort());
  });
});
