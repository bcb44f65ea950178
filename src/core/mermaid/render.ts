/**
 * Graph → Mermaid `graph LR` text, safe for untrusted names.
 *
 * Node ids are generated (`n0`, `n1`, …), never taken from names. Every label is
 * written inside double quotes with every character outside a small safe set
 * replaced by a Mermaid entity code (`#34;` for `"`, `#91;` for `[`, …), so no name
 * can close its label, start a new statement (`click`, `style`, `classDef`, a `%%`
 * directive) or inject markup: quotes, brackets, pipes, backticks, `<`, `>`, `#`,
 * `%`, `;`, `&` and line breaks never appear raw. One `classDef` per entity type
 * colours the nodes.
 */
import type { EntityType } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';

/** Characters kept as they are in labels: letters, digits, spaces and harmless punctuation. */
const SAFE_CHAR = /[\p{L}\p{N} .,\-_()'/:+?!@*=~$…]/u;
/** Letters are safe, but combining marks alone could be used to garble; they are kept with letters only. */
const MARK = /\p{M}/u;
/** Longest label text kept (characters); a diagram is not the place for long names. */
export const MAX_LABEL_CHARS = 80;

/** Colours per type (fill, stroke), readable on light and dark backgrounds. */
const TYPE_STYLE: Readonly<Record<EntityType, string>> = {
  company: 'fill:#dbeafe,stroke:#1d4ed8,color:#111827',
  person: 'fill:#fce7f3,stroke:#be185d,color:#111827',
  technology: 'fill:#dcfce7,stroke:#15803d,color:#111827',
  product: 'fill:#fef9c3,stroke:#a16207,color:#111827',
  location: 'fill:#ede9fe,stroke:#6d28d9,color:#111827',
  other: 'fill:#f3f4f6,stroke:#4b5563,color:#111827',
};

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
}

export interface Diagram {
  readonly nodes: readonly DiagramNode[];
  readonly edges: readonly DiagramEdge[];
}

/**
 * Writes a diagram as `graph LR` text. Edges whose ends are not among the nodes are
 * skipped. Node order and edge order are kept as given (callers sort them).
 *
 * @example
 *   renderMermaid({ nodes: [{ key: 'e_1', name: 'Stripe', type: 'company' }], edges: [] })
 *   // 'graph LR\n  n0["Stripe<br/>(company)"]\n  classDef company …\n  class n0 company'
 */
export function renderMermaid(diagram: Diagram): string {
  const ids = new Map<string, string>();
  const lines = ['graph LR'];
  diagram.nodes.forEach((node, i) => {
    if (ids.has(node.key)) return;
    const id = `n${i}`;
    ids.set(node.key, id);
    lines.push(`  ${id}["${escapeLabel(node.name)}<br/>(${node.type})"]`);
  });
  for (const edge of diagram.edges) {
    const from = ids.get(edge.from);
    const to = ids.get(edge.to);
    if (from === undefined || to === undefined) continue;
    lines.push(`  ${from} -->|"${escapeLabel(edge.label)}"| ${to}`);
  }
  const byType = new Map<EntityType, string[]>();
  for (const node of diagram.nodes) {
    const id = ids.get(node.key);
    if (id === undefined) continue;
    const list = byType.get(node.type) ?? [];
    if (!list.includes(id)) list.push(id);
    byType.set(node.type, list);
  }
  for (const type of ENTITY_TYPES) {
    const members = byType.get(type);
    if (!members || members.length === 0) continue;
    lines.push(`  classDef ${type} ${TYPE_STYLE[type]}`);
    lines.push(`  class ${members.join(',')} ${type}`);
  }
  return lines.join('\n');
}
