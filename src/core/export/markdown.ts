/**
 * Markdown notes for Obsidian: one note per entity (type, aliases, attributes,
 * description, relationships as `[[wiki links]]`, sources), delivered as one `.md`
 * bundle where each note is a `## ` section headed by its file name. Note names are
 * made safe for file systems and wiki links (no `[]#^|\/:*?"<>`), and homonyms get
 * a numbered suffix so every link points at one note.
 *
 * @example
 *   const notes = markdownNotes(dump);      // [{ file: 'Stripe.md', content: '# Stripe\n…' }, …]
 *   const text = markdownBundle(dump);      // all notes in one file
 */
import type { Entity, Evidence, Relationship } from '../graph/types';
import { isWebUrl } from './web-url';

export interface MarkdownNote {
  readonly file: string;
  readonly content: string;
}

/** Sources listed per note at most (a note is for reading, the JSON export has them all). */
const MAX_SOURCES_PER_NOTE = 10;
/** Longest note name, in characters. */
const MAX_NOTE_NAME = 100;

/** A note name that is valid as a file name and inside `[[…]]`. */
export function noteName(name: string): string {
  const safe = name
    .replace(/[[\]#^|\\/:*?"<>]/g, ' ')
    .replace(/\p{Cc}|\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, MAX_NOTE_NAME);
  return safe.length > 0 ? safe : 'Untitled';
}

/** Text from pages, flattened to one line so it cannot open a heading, list or link. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([[\]`*_<>|#])/g, '\\$1').trim();
}

/**
 * A source line: a link only for an http(s) URL. Anything else (`javascript:`,
 * `data:`, a relative path) is written as text, so a note cannot run or embed it.
 */
function source(ev: Evidence): string {
  const title = inline(ev.pageTitle || ev.pageUrl);
  if (!isWebUrl(ev.pageUrl)) return `- ${title} (${inline(ev.pageUrl)})`;
  return `- [${title}](<${ev.pageUrl.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

export function markdownNotes(graph: {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
  readonly evidence: readonly Evidence[];
}): MarkdownNote[] {
  const names = new Map<string, string>();
  const used = new Map<string, number>();
  for (const e of graph.entities) {
    const base = noteName(e.name);
    const key = base.toLowerCase();
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    names.set(e.id, n === 1 ? base : `${base} (${n})`);
  }
  const out = new Map<string, Relationship[]>();
  const incoming = new Map<string, Relationship[]>();
  for (const r of graph.relationships) {
    out.set(r.from, [...(out.get(r.from) ?? []), r]);
    incoming.set(r.to, [...(incoming.get(r.to) ?? []), r]);
  }
  const sources = new Map<string, Evidence[]>();
  for (const ev of graph.evidence) if (ev.entityId) sources.set(ev.entityId, [...(sources.get(ev.entityId) ?? []), ev]);
  const link = (id: string): string => `[[${names.get(id) ?? 'Unknown'}]]`;

  return graph.entities.map((e) => {
    const title = names.get(e.id) ?? noteName(e.name);
    const lines = [`# ${title}`, '', `- Type: ${e.type}`];
    if (e.aliases.length > 0) lines.push(`- Also known as: ${e.aliases.map(inline).join(', ')}`);
    for (const [k, v] of Object.entries(e.attributes)) lines.push(`- ${inline(k)}: ${inline(v)}`);
    if (e.description) lines.push('', inline(e.description));
    const rels = [...(out.get(e.id) ?? []).map((r) => `- ${inline(r.label)} → ${link(r.to)}`), ...(incoming.get(e.id) ?? []).map((r) => `- ${link(r.from)} ${inline(r.label)} → this`)];
    if (rels.length > 0) lines.push('', '## Relationships', '', ...rels);
    const seen = new Set<string>();
    const src = (sources.get(e.id) ?? []).filter((ev) => !seen.has(ev.pageUrl) && seen.add(ev.pageUrl)).slice(0, MAX_SOURCES_PER_NOTE);
    if (src.length > 0) lines.push('', '## Sources', '', ...src.map(source));
    return { file: `${title}.md`, content: `${lines.join('\n')}\n` };
  });
}

/** Every note in one file: each note's headings are pushed two levels down under `## <file>`. */
export function markdownBundle(graph: Parameters<typeof markdownNotes>[0]): string {
  const notes = markdownNotes(graph);
  const parts = notes.map((n) => `## ${n.file}\n\n${n.content.replace(/^(#+) /gm, '##$1 ')}`);
  return `# Ariadne notes (${notes.length})\n\nOne section per note; split at the \`## <name>.md\` headings to get Obsidian notes.\n\n${parts.join('\n---\n\n')}`;
}
