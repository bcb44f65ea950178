/**
 * Markdown notes for Obsidian: one note per entity (`Entities/`) and one per captured
 * page (`Pages/`), each with YAML front matter (type, aliases, sources, dates) and
 * `[[wiki links]]` between them, packed in a ZIP file (`markdownZip`) that unzips into
 * a folder Obsidian opens as a vault as it is.
 *
 * Note names are file names on Windows and macOS alike and valid inside `[[…]]`: no
 * `\ / : * ? " < > | [ ] # ^`, no control characters, no leading dot, no trailing dot
 * or space, no reserved device name (`CON`, `NUL`, `COM1`, …), at most 180 UTF-8 bytes,
 * Unicode NFC; they are unique across the vault without regard to case (both systems
 * ignore it), homonyms numbered "Stripe (2)", so every link points at one note.
 * Page text inside notes is flattened and escaped so it cannot open a heading, a list,
 * a link or an embed; a link is written only for an http(s) address.
 *
 * @example
 *   const notes = markdownNotes(dump);   // [{ path: 'Entities/Stripe.md', name: 'Stripe', content: '---\ntype: company\n…' }, …]
 *   const zip = markdownZip(dump, { exportedAt: Date.now() }); // { data: Uint8Array, entityNotes, pageNotes }
 */
import type { Entity, Evidence, Page, Relationship } from '../graph/types';
import { verbPhrase } from '../query/sentences';
import { isWebUrl } from './web-url';
import { zipStore } from './zip';

export interface MarkdownNote {
  /** Path inside the vault: `Entities/<name>.md` or `Pages/<name>.md`. */
  readonly path: string;
  /** The note's name, as `[[links]]` write it. */
  readonly name: string;
  readonly content: string;
}

export interface MarkdownGraph {
  readonly entities: readonly Entity[];
  readonly relationships: readonly Relationship[];
  readonly evidence: readonly Evidence[];
  readonly pages: readonly Page[];
}

/** Sources in an entity's front matter, and pages it links, at most (the JSON export has them all). */
const MAX_SOURCES_PER_NOTE = 20;
/**
 * Longest note name in UTF-8 bytes: macOS and Linux allow 255 bytes a file name, which
 * leaves room for a homonym's " (99)" and ".md".
 */
const MAX_NOTE_BYTES = 180;
/** Device names Windows reserves, with or without an extension. */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;
export const ENTITY_FOLDER = 'Entities';
export const PAGE_FOLDER = 'Pages';

/** Bytes of one code point in UTF-8. */
function utf8Size(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Cuts `text` to at most `max` UTF-8 bytes, on a character boundary. */
function cutBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of text) {
    const size = utf8Size(ch.codePointAt(0) ?? 0);
    if (bytes + size > max) break;
    bytes += size;
    out += ch;
  }
  return out;
}

/** Windows drops trailing dots and spaces from file names: they go here first (a loop, not a backtracking pattern). */
function withoutTrailingDotsOrSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && (text.charAt(end - 1) === '.' || /\s/.test(text.charAt(end - 1)))) end -= 1;
  return text.slice(0, end);
}

/**
 * A note name that is a valid file name on Windows and macOS and valid inside `[[…]]`.
 *
 * @example noteName('a/b [x]#y|z') // 'a b x y z'
 * @example noteName('nul.txt') // 'nul_.txt'
 */
export function noteName(name: string): string {
  const flat = name
    .normalize('NFC')
    .replace(/[[\]#^|\\/:*?"<>]/g, ' ')
    .replace(/\p{Cc}|\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '');
  const safe = withoutTrailingDotsOrSpaces(cutBytes(flat, MAX_NOTE_BYTES));
  if (safe.length === 0) return 'Untitled';
  // "NUL.txt" is as reserved as "NUL": the mark goes on the part before the first dot.
  const dot = safe.indexOf('.');
  const stem = dot < 0 ? safe : safe.slice(0, dot);
  return WINDOWS_RESERVED.test(stem) ? `${stem}_${safe.slice(stem.length)}` : safe;
}

/** Text from pages, flattened to one line so it cannot open a heading, list, link or embed. */
function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/([[\]`*_<>|#!\\])/g, '\\$1')
    .trim();
}

/**
 * A YAML double-quoted scalar: JSON's escapes are YAML's, and the characters YAML does not
 * allow as they are (C1 controls, line and paragraph separators, byte-order marks) are escaped too.
 */
function yamlString(text: string): string {
  return JSON.stringify(text).replace(
    /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The front matter block: plain keys, dates bare, every other value quoted. */
function frontMatter(fields: readonly (readonly [string, string | readonly string[]])[]): string[] {
  const lines = ['---'];
  for (const [key, value] of fields) {
    if (typeof value === 'string') lines.push(`${key}: ${value}`);
    else if (value.length > 0) lines.push(`${key}:`, ...value.map((v) => `  - ${yamlString(v)}`));
  }
  lines.push('---');
  return lines;
}

/** A link to a page: a Markdown link only for an http(s) address, plain text otherwise. */
function pageLink(url: string, title: string): string {
  const text = inline(title || url);
  if (!isWebUrl(url)) return `${text} (${inline(url)})`;
  return `[${text}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

/** Unique note names, case-insensitively, across every note of the vault. */
class NoteNames {
  private readonly used = new Set<string>();

  take(name: string): string {
    const base = noteName(name);
    let candidate = base;
    for (let n = 2; this.used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

function group<T>(items: readonly T[], keyOf: (t: T) => string | undefined): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) out.set(key, [...(out.get(key) ?? []), item]);
  }
  return out;
}

interface Index {
  readonly entityName: ReadonlyMap<string, string>;
  readonly pageName: ReadonlyMap<string, string>;
  readonly outgoing: ReadonlyMap<string, Relationship[]>;
  readonly incoming: ReadonlyMap<string, Relationship[]>;
  readonly evidence: ReadonlyMap<string, Evidence[]>;
  readonly pagesOf: ReadonlyMap<string, Page[]>;
  readonly relationships: ReadonlyMap<string, Relationship>;
}

function indexOf(graph: MarkdownGraph): Index {
  const names = new NoteNames();
  const entityName = new Map(graph.entities.map((e) => [e.id, names.take(e.name)]));
  const pageName = new Map(graph.pages.map((p) => [p.url, names.take(p.title || p.site || p.url)]));
  const pagesOf = new Map<string, Page[]>();
  for (const p of graph.pages) for (const id of new Set(p.entityIds)) pagesOf.set(id, [...(pagesOf.get(id) ?? []), p]);
  return {
    entityName,
    pageName,
    outgoing: group(graph.relationships, (r) => r.from),
    incoming: group(graph.relationships, (r) => r.to),
    evidence: group(graph.evidence, (ev) => ev.entityId),
    pagesOf,
    relationships: new Map(graph.relationships.map((r) => [r.id, r])),
  };
}

function link(index: Index, entityId: string): string {
  return `[[${index.entityName.get(entityId) ?? 'Unknown'}]]`;
}

function entityNote(e: Entity, index: Index): MarkdownNote {
  const name = index.entityName.get(e.id) ?? noteName(e.name);
  const evidence = index.evidence.get(e.id) ?? [];
  const pages = index.pagesOf.get(e.id) ?? [];
  const sources = [...new Set([...pages.map((p) => p.url), ...evidence.map((ev) => ev.pageUrl)].filter(isWebUrl))].slice(
    0,
    MAX_SOURCES_PER_NOTE,
  );
  const lines = [
    ...frontMatter([
      ['type', e.type],
      ['aliases', e.aliases],
      ['sources', sources],
      ['created', isoDate(e.createdAt)],
      ['updated', isoDate(e.updatedAt)],
    ]),
    `# ${inline(e.name)}`,
    '',
  ];
  if (e.description) lines.push(inline(e.description), '');
  const attributes = Object.entries(e.attributes);
  if (attributes.length > 0) lines.push(...attributes.map(([k, v]) => `- ${inline(k)}: ${inline(v)}`), '');
  const rels = [
    ...(index.outgoing.get(e.id) ?? []).map((r) => `- ${inline(verbPhrase(r.label))} ${link(index, r.to)}`),
    ...(index.incoming.get(e.id) ?? []).map((r) => `- ${link(index, r.from)} ${inline(verbPhrase(r.label))} ${inline(e.name)}`),
  ];
  if (rels.length > 0) lines.push('## Relationships', '', ...rels, '');
  const shown = pages.slice(0, MAX_SOURCES_PER_NOTE).map((p) => `- [[${index.pageName.get(p.url) ?? 'Unknown'}]]`);
  if (pages.length > shown.length) shown.push(`- and ${pages.length - shown.length} more pages`);
  if (shown.length > 0) lines.push('## Pages', '', ...shown, '');
  return { path: `${ENTITY_FOLDER}/${name}.md`, name, content: `${lines.join('\n').trimEnd()}\n` };
}

function pageNote(p: Page, index: Index): MarkdownNote {
  const name = index.pageName.get(p.url) ?? noteName(p.title);
  const lines = [
    ...frontMatter([
      ['type', 'page'],
      ['url', yamlString(p.url)],
      ['site', yamlString(p.site)],
      // A PDF says so, with its page count; its evidence cites pages ("p. 3 · …").
      ...(p.pdfPages === undefined
        ? []
        : ([
            ['format', 'pdf'],
            ['pdf_pages', String(p.pdfPages)],
          ] as const)),
      ['captured', isoDate(p.capturedAt)],
    ]),
    `# ${inline(p.title || p.url)}`,
    '',
    pageLink(p.url, 'Open the page'),
    '',
  ];
  const entities = [...new Set(p.entityIds)].filter((id) => index.entityName.has(id)).map((id) => `- ${link(index, id)}`);
  if (entities.length > 0) lines.push('## Entities', '', ...entities, '');
  const rels = p.relationshipIds.flatMap((id) => {
    const r = index.relationships.get(id);
    return r ? [`- ${link(index, r.from)} ${inline(verbPhrase(r.label))} ${link(index, r.to)}`] : [];
  });
  if (rels.length > 0) lines.push('## Relationships', '', ...rels, '');
  return { path: `${PAGE_FOLDER}/${name}.md`, name, content: `${lines.join('\n').trimEnd()}\n` };
}

/** Every note: entities first (in the graph's order), then pages. */
export function markdownNotes(graph: MarkdownGraph): MarkdownNote[] {
  const index = indexOf(graph);
  return [...graph.entities.map((e) => entityNote(e, index)), ...graph.pages.map((p) => pageNote(p, index))];
}

/** The notes as one ZIP file (STOREd), and how many notes of each kind it holds. */
export function markdownZip(
  graph: MarkdownGraph,
  options: { readonly exportedAt: number },
): { readonly data: Uint8Array<ArrayBuffer>; readonly entityNotes: number; readonly pageNotes: number } {
  const encoder = new TextEncoder();
  const notes = markdownNotes(graph);
  const data = zipStore(
    notes.map((n) => ({ name: n.path, data: encoder.encode(n.content) })),
    { modifiedAt: options.exportedAt },
  );
  return { data, entityNotes: graph.entities.length, pageNotes: graph.pages.length };
}
