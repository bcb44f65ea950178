/**
 * GraphML export for Gephi and yEd: declared `<key>`s for every node and edge
 * attribute (name, type, aliases, mentions, description; relationship label), a
 * `label` key Gephi shows, and yEd's `nodegraphics` key so yEd draws a labelled
 * box. Every text is XML-escaped, and characters XML 1.0 forbids are dropped.
 *
 * @example
 *   const xml = graphMl(dump); // '<?xml version="1.0" encoding="UTF-8"?>\n<graphml …>'
 */
import type { Entity, Relationship } from '../graph/types';

/** Characters allowed in XML 1.0 (tab, LF, CR, and the ranges below); the rest are dropped. */
const XML_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlEscape(text: string): string {
  return text
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const KEYS = [
  '<key id="label" for="node" attr.name="label" attr.type="string"/>',
  '<key id="type" for="node" attr.name="type" attr.type="string"/>',
  '<key id="aliases" for="node" attr.name="aliases" attr.type="string"/>',
  '<key id="mentions" for="node" attr.name="mentions" attr.type="int"/>',
  '<key id="description" for="node" attr.name="description" attr.type="string"/>',
  '<key id="ng" for="node" yfiles.type="nodegraphics"/>',
  '<key id="elabel" for="edge" attr.name="label" attr.type="string"/>',
];

function node(e: Entity): string {
  const name = xmlEscape(e.name);
  const data = [
    `<data key="label">${name}</data>`,
    `<data key="type">${e.type}</data>`,
    `<data key="aliases">${xmlEscape(e.aliases.join('; '))}</data>`,
    `<data key="mentions">${e.mentionCount}</data>`,
    ...(e.description === undefined ? [] : [`<data key="description">${xmlEscape(e.description)}</data>`]),
    `<data key="ng"><y:ShapeNode><y:NodeLabel>${name}</y:NodeLabel></y:ShapeNode></data>`,
  ];
  return `    <node id="${xmlEscape(e.id)}">${data.join('')}</node>`;
}

function edge(r: Relationship): string {
  return `    <edge id="${xmlEscape(r.id)}" source="${xmlEscape(r.from)}" target="${xmlEscape(r.to)}"><data key="elabel">${xmlEscape(r.label)}</data></edge>`;
}

export function graphMl(graph: { readonly entities: readonly Entity[]; readonly relationships: readonly Relationship[] }): string {
  const ids = new Set<string>(graph.entities.map((e) => e.id));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:y="http://www.yworks.com/xml/graphml" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    ...KEYS.map((k) => `  ${k}`),
    '  <graph id="ariadne" edgedefault="directed">',
    ...graph.entities.map(node),
    // An edge to a node that is not in the file would make Gephi and yEd refuse it.
    ...graph.relationships.filter((r) => ids.has(r.from) && ids.has(r.to)).map(edge),
    '  </graph>',
    '</graphml>',
    '',
  ].join('\n');
}
