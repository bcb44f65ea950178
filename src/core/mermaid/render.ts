/**
 * Graph → Mermaid `graph LR` text, safe for untrusted names.
 *
 * Node ids are generated (`n0`, `n1`, …), never taken from names. Every label is
 * written inside double quotes with every character outside a small safe set
 * replaced by a Mermaid entity code (`#34;` for `"`, `#91;` for `[`, …), so no name
 * can close its label, start a new statement (`click`, `style`, `classDef`, a `%%`
 * directive) or inject markup: quotes, brackets, pipes, backticks, `<`, `>`, `#`,
 * `%`, `;`, `:`, `&` and line breaks never appear raw; Mermaid turns the codes back into
 * the characters, so names read as written. One `classDef` per entity type
 * colours the nodes. Unconnected nodes are laid out in a grid (invisible links), and a
 * large diagram can be cut into parts the panel lays out one task at a time.
 */
import type { EntityType } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';

/**
 * Characters kept as they are in labels: letters, digits, spaces and harmless punctuation.
 * Not `:`: before parsing, Mermaid's `render` cuts the last `;` off any line matching
 * `style.*:\S*#.*;` or `classDef.*:\S*#.*;` (meant for `style n0 fill:#f00;`), which broke a
 * name such as "style n1 fill:#f00;" into a label ending in a literal "#59". With `:` written
 * as a code too, no line we write has a raw colon before a code, so no code is cut.
 */
const SAFE_CHAR = /[\p{L}\p{N} .,\-_()'/+?!@*=~$…]/u;
/** Letters are safe, but combining marks alone could be used to garble; they are kept with letters only. */
const MARK = /\p{M}/u;
/** Longest label text kept (characters); a diagram is not the place for long names. */
export const MAX_LABEL_CHARS = 80;

/** Colours per type (fill, stroke, text) on a light background. */
const TYPE_STYLE: Readonly<Record<EntityType, string>> = {
  company: 'fill:#dbeafe,stroke:#1d4ed8,color:#111827',
  person: 'fill:#fce7f3,stroke:#be185d,color:#111827',
  technology: 'fill:#dcfce7,stroke:#15803d,color:#111827',
  product: 'fill:#fef9c3,stroke:#a16207,color:#111827',
  location: 'fill:#ede9fe,stroke:#6d28d9,color:#111827',
  other: 'fill:#f3f4f6,stroke:#4b5563,color:#111827',
};
/**
 * The same on a dark background: deep fills with light text (contrast above 7:1) and the
 * light strokes of the panel's dark type colours, instead of pastel boxes glaring on dark.
 */
const TYPE_STYLE_DARK: Readonly<Record<EntityType, string>> = {
  company: 'fill:#1e3a8a,stroke:#93b4ff,color:#f3f4f6',
  person: 'fill:#831843,stroke:#f9a8d4,color:#f3f4f6',
  technology: 'fill:#14532d,stroke:#86efac,color:#f3f4f6',
  product: 'fill:#713f12,stroke:#fde047,color:#f3f4f6',
  location: 'fill:#4c1d95,stroke:#c4b5fd,color:#f3f4f6',
  other: 'fill:#374151,stroke:#cbd5e1,color:#f3f4f6',
};
/** Edges on a dark background: light grey lines (Mermaid's dark theme draws them dark grey). */
const DARK_LINK_STYLE = 'stroke:#aab4c0';

/**
 * Escapes text for a quoted Mermaid label: white space collapsed, invisible and
 * control characters dropped, everything outside the safe set as `#<code>;`.
 *
 * @example escapeLabel('A "quoted" [name]') // 'A #34;quoted#34; #91;name#93;'
 */
export function escapeLabel(text: string): string {
  const flat = text
    .normalize('NFKC')
    .replace(/\p{Cc}|\p{Cf}/gu, ' ') // control and format characters (bidi overrides, zero-width)
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  const cut = chars.length > MAX_LABEL_CHARS ? [...chars.slice(0, MAX_LABEL_CHARS - 1), '…'] : chars;
  let out = '';
  for (const ch of cut) {
    if (SAFE_CHAR.test(ch) || (MARK.test(ch) && out.length > 0)) out += ch;
    else out += `#${ch.codePointAt(0) ?? 63};`;
  }
  return out;
}

export interface DiagramNode {
  readonly key: string;
  readonly name: string;
  readonly type: EntityType;
}

export interface DiagramEdge {
  readonly from: string;
  readonly to: string;
  readonly label: string;
  /**
   * `co-mention`: the two were only named together on a page; drawn as a light dotted line
   * without arrow or label (`-.-`), so stated facts stand out. Default: a labelled arrow.
   */
  readonly kind?: 'fact' | 'co-mention';
}

/** How the text is written; the defaults are the `entity_visualize` contract's output. */
export interface RenderOptions {
  /** `LR` (default) or `TD`. */
  readonly direction?: 'LR' | 'TD';
  /** Node colours for a light (default) or dark background. */
  readonly palette?: 'light' | 'dark';
}

export interface Diagram {
  readonly nodes: readonly DiagramNode[];
  readonly edges: readonly DiagramEdge[];
}

/**
 * Unconnected nodes per row of the grid they are placed in. In `graph LR` an invisible
 * link (`~~~`) puts its ends side by side, so chains of this many make rows and the
 * rows stack: 4 boxes of up to ~250 px fit a 400 px panel zoomed out about 2.5× instead
 * of one column of boxes.
 */
export const GRID_ROW_NODES = 4;
/**
 * Nodes per part at most when a diagram is drawn in parts (`renderMermaidParts`): the
 * layout of a part is one main-thread task, about 5 ms per node in the panel.
 */
export const PART_MAX_NODES = 40;

/** Generated ids: a node's index in `diagram.nodes`, first occurrence of a key wins. */
function nodeIds(diagram: Diagram): Map<string, string> {
  const ids = new Map<string, string>();
  diagram.nodes.forEach((node, i) => {
    if (!ids.has(node.key)) ids.set(node.key, `n${i}`);
  });
  return ids;
}

/** The distinct nodes, the edges between them (dangling ones dropped) and the unconnected nodes. */
function structure(diagram: Diagram, ids: ReadonlyMap<string, string>) {
  const nodes = diagram.nodes.filter((node, i) => ids.get(node.key) === `n${i}`);
  const edges = diagram.edges.filter((e) => ids.has(e.from) && ids.has(e.to));
  const linked = new Set(edges.flatMap((e) => [e.from, e.to]));
  const rank = (type: EntityType): number => ENTITY_TYPES.indexOf(type);
  // Grouped by type (the grid reads as bands of one colour), given order within a type.
  const loose = nodes.filter((n) => !linked.has(n.key)).sort((a, b) => rank(a.type) - rank(b.type));
  return { nodes, edges, loose };
}

/** The text of some nodes and edges, with ids from the whole diagram. */
function write(
  nodes: readonly DiagramNode[],
  edges: readonly DiagramEdge[],
  loose: readonly DiagramNode[],
  ids: ReadonlyMap<string, string>,
  options: RenderOptions = {},
): string {
  const id = (key: string): string => ids.get(key) ?? '';
  const lines = [`graph ${options.direction ?? 'LR'}`];
  for (const node of nodes) lines.push(`  ${id(node.key)}["${escapeLabel(node.name)}<br/>(${node.type})"]`);
  for (const edge of edges)
    lines.push(
      edge.kind === 'co-mention'
        ? `  ${id(edge.from)} -.- ${id(edge.to)}`
        : `  ${id(edge.from)} -->|"${escapeLabel(edge.label)}"| ${id(edge.to)}`,
    );
  for (let i = 0; i < loose.length; i += GRID_ROW_NODES) {
    const row = loose.slice(i, i + GRID_ROW_NODES);
    if (row.length > 1) lines.push(`  ${row.map((n) => id(n.key)).join(' ~~~ ')}`);
  }
  const dark = options.palette === 'dark';
  for (const type of ENTITY_TYPES) {
    const members = nodes.filter((n) => n.type === type).map((n) => id(n.key));
    if (members.length === 0) continue;
    lines.push(`  classDef ${type} ${(dark ? TYPE_STYLE_DARK : TYPE_STYLE)[type]}`);
    lines.push(`  class ${members.join(',')} ${type}`);
  }
  if (dark && edges.length > 0) lines.push(`  linkStyle ${edges.map((_, i) => i).join(',')} ${DARK_LINK_STYLE}`);
  return lines.join('\n');
}

/**
 * Writes a diagram as `graph LR` text. Edges whose ends are not among the nodes are
 * skipped. Node order and edge order are kept as given (callers sort them). Nodes
 * without an edge are placed in a grid, rows of `GRID_ROW_NODES` grouped by type,
 * joined by invisible links (`~~~`), rather than in one long column.
 *
 * @example
 *   renderMermaid({ nodes: [{ key: 'e_1', name: 'Stripe', type: 'company' }], edges: [] })
 *   // 'graph LR\n  n0["Stripe<br/>(company)"]\n  classDef company …\n  class n0 company'
 */
export function renderMermaid(diagram: Diagram, options: RenderOptions = {}): string {
  const ids = nodeIds(diagram);
  const { nodes, edges, loose } = structure(diagram, ids);
  return write(nodes, edges, loose, ids, options);
}

/**
 * The same diagram as `renderMermaid`, cut into parts of about `maxNodes` nodes that can
 * be laid out one at a time (each part is one main-thread task in the panel) and drawn
 * one under the other: connected groups of nodes (a group larger than `maxNodes` stays
 * whole, small ones share a part), then the unconnected nodes' grid in slices of whole
 * rows. Node ids are those of the whole diagram; a diagram within `maxNodes` is one part,
 * the text of `renderMermaid`.
 *
 * @example
 *   renderMermaidParts(diagram).length // 1 for a diagram of up to PART_MAX_NODES nodes
 */
export function renderMermaidParts(diagram: Diagram, maxNodes = PART_MAX_NODES, options: RenderOptions = {}): string[] {
  const ids = nodeIds(diagram);
  const { nodes, edges, loose } = structure(diagram, ids);
  if (nodes.length <= maxNodes) return [write(nodes, edges, loose, ids, options)];
  // Connected groups (union–find over the edges), in order of their first node.
  const parent = new Map<string, string>(nodes.map((n) => [n.key, n.key]));
  const root = (key: string): string => {
    let k = key;
    for (let up = parent.get(k); up !== undefined && up !== k; up = parent.get(k)) k = up;
    return k;
  };
  for (const e of edges) parent.set(root(e.from), root(e.to));
  const looseKeys = new Set(loose.map((n) => n.key));
  const groups = new Map<string, DiagramNode[]>();
  for (const node of nodes) {
    if (looseKeys.has(node.key)) continue;
    const r = root(node.key);
    const group = groups.get(r);
    if (group) group.push(node);
    else groups.set(r, [node]);
  }
  const parts: string[] = [];
  let batch: DiagramNode[] = [];
  const flush = (): void => {
    if (batch.length === 0) return;
    const inBatch = new Set(batch.map((n) => n.key));
    parts.push(
      write(
        batch,
        edges.filter((e) => inBatch.has(e.from)),
        [],
        ids,
        options,
      ),
    );
    batch = [];
  };
  for (const group of groups.values()) {
    if (batch.length > 0 && batch.length + group.length > maxNodes) flush();
    batch.push(...group);
  }
  flush();
  const rowsPerPart = Math.max(1, Math.floor(maxNodes / GRID_ROW_NODES)) * GRID_ROW_NODES;
  for (let i = 0; i < loose.length; i += rowsPerPart) {
    const slice = loose.slice(i, i + rowsPerPart);
    parts.push(write(slice, [], slice, ids, options));
  }
  return parts;
}
