/**
 * Markdown notes for Obsidian: one note per entity (`Entities/`) and one per captured
 * page (`Pages/`), with `[[wiki links]]` between them, packed in a ZIP file (`markdownZip`)
 * that unzips into a folder Obsidian opens as a vault as it is.
 *
 * A page note is what a web clipper writes: front matter with the properties of Obsidian
 * Web Clipper's default template (title, source, author, published, created, description,
 * tags) plus Ariadne's site and type; then the sentences that stated facts, as quotes, each
 * followed by links to the entities it names; the entities (typed) and the relationships
 * read from it. An entity note gives its type, aliases and sources, and each fact
 * (attribute, relationship) with links to the page notes it came from.
 *
 * Note names: see `noteName` (markdown-text.ts); they are unique across the vault without
 * regard to case (Windows and macOS ignore it), homonyms numbered "Stripe (2)", so every
 * link points at one note. Page text is flattened and escaped so it cannot open a heading,
 * a list, a link or an embed; a link is written only for an http(s) address; every front
 * matter value from outside is a quoted YAML string.
 *
 * @example
 *   const notes = markdownNotes(dump);   // [{ path: 'Entities/Stripe.md', name: 'Stripe', content: '---\ntype: company\n…' }, …]
 *   const zip = markdownZip(dump, { exportedAt: Date.now() }); // { data: Uint8Array, entityNotes, pageNotes }
 */
import type { Entity, Evidence, Page, Relationship } from '../graph/types';
import { verbPhrase } from '../query/sentences';
import { bare, frontMatter, inline, isoDate, noteName, pageLink } from './markdown-text';
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
/** Quotes on a page note at most: a long article states many facts, and the note should stay readable. */
const MAX_QUOTES_PER_PAGE = 40;
/** Page notes linked after one fact of an entity note: most facts come from one or two pages. */
const MAX_PAGES_PER_FACT = 3;
/** The description (excerpt) of a page note: its first kept sentence, cut to this many characters. */
const MAX_DESCRIPTION_CHARS = 300;
/** The tags Obsidian Web Clipper gives its notes, and Ariadne's own. */
const PAGE_TAGS = ['clippings', 'ariadne'];
export const ENTITY_FOLDER = 'Entities';
export const PAGE_FOLDER = 'Pages';

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
    if (key === undefined) continue;
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

interface Index {
  readonly entityName: ReadonlyMap<string, string>;
  readonly pageName: ReadonlyMap<string, string>;
  readonly outgoing: ReadonlyMap<string, Relationship[]>;
  readonly incoming: ReadonlyMap<string, Relationship[]>;
  /** Entity-level evidence by entity id. */
  readonly evidence: ReadonlyMap<string, Evidence[]>;
  /** Relationship evidence by relationship id. */
  readonly relationshipEvidence: ReadonlyMap<string, Evidence[]>;
  /** All evidence by page URL, in the graph's order. */
  readonly pageEvidence: ReadonlyMap<string, Evidence[]>;
  readonly pagesOf: ReadonlyMap<string, Page[]>;
  readonly relationships: ReadonlyMap<string, Relationship>;
  readonly entityType: ReadonlyMap<string, string>;
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
    relationshipEvidence: group(graph.evidence, (ev) => ev.relationshipId),
    pageEvidence: group(graph.evidence, (ev) => ev.pageUrl),
    pagesOf,
    relationships: new Map(graph.relationships.map((r) => [r.id, r])),
    entityType: new Map(graph.entities.map((e) => [e.id, e.type])),
  };
}

function link(index: Index, entityId: string): string {
  return `[[${index.entityName.get(entityId) ?? 'Unknown'}]]`;
}

/** " · [[Page]]" for the page notes the evidence came from (those in the vault), or nothing. */
function fromPages(index: Index, evidence: readonly Evidence[]): string {
  const names = [...new Set(evidence.flatMap((ev) => index.pageName.get(ev.pageUrl) ?? []))].slice(0, MAX_PAGES_PER_FACT);
  return names.length === 0 ? '' : ` · ${names.map((n) => `[[${n}]]`).join(', ')}`;
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
      ['type', bare(e.type)],
      ['aliases', e.aliases],
      ['sources', sources],
      ['created', bare(isoDate(e.createdAt))],
      ['updated', bare(isoDate(e.updatedAt))],
    ]),
    `# ${inline(e.name)}`,
    '',
  ];
  if (e.description) lines.push(inline(e.description), '');
  const attributeEvidence = group(
    evidence.filter((ev) => ev.kind === 'attribute'),
    (ev) => ev.detail,
  );
  const attributes = Object.entries(e.attributes);
  if (attributes.length > 0)
    lines.push(...attributes.map(([k, v]) => `- ${inline(k)}: ${inline(v)}${fromPages(index, attributeEvidence.get(k) ?? [])}`), '');
  const sourced = (r: Relationship) => fromPages(index, index.relationshipEvidence.get(r.id) ?? []);
  const rels = [
    ...(index.outgoing.get(e.id) ?? []).map((r) => `- ${inline(verbPhrase(r.label))} ${link(index, r.to)}${sourced(r)}`),
    ...(index.incoming.get(e.id) ?? []).map(
      (r) => `- ${link(index, r.from)} ${inline(verbPhrase(r.label))} ${inline(e.name)}${sourced(r)}`,
    ),
  ];
  if (rels.length > 0) lines.push('## Relationships', '', ...rels, '');
  const shown = pages.slice(0, MAX_SOURCES_PER_NOTE).map((p) => `- [[${index.pageName.get(p.url) ?? 'Unknown'}]]`);
  if (pages.length > shown.length) shown.push(`- and ${pages.length - shown.length} more pages`);
  if (shown.length > 0) lines.push('## Pages', '', ...shown, '');
  return { path: `${ENTITY_FOLDER}/${name}.md`, name, content: `${lines.join('\n').trimEnd()}\n` };
}

/**
 * A publication date as a bare `YYYY-MM-DD` when the page wrote one Ariadne can read (an ISO
 * date keeps its own day, whatever its time zone), else as the page wrote it (quoted).
 */
function publishedValue(raw: string | undefined) {
  if (raw === undefined || raw.trim() === '') return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(raw.trim());
  if (iso?.[1] !== undefined && !Number.isNaN(Date.parse(iso[1]))) return bare(iso[1]);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? raw : bare(isoDate(at));
}

/** The first kept sentence, as the note's description (pages keep no separate excerpt). */
function descriptionOf(p: Page): string | undefined {
  const first = p.sentences?.find((s) => s.trim() !== '');
  if (first === undefined) return undefined;
  const flat = first.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_DESCRIPTION_CHARS ? flat : `${flat.slice(0, MAX_DESCRIPTION_CHARS - 1).trimEnd()}…`;
}

/** The entities a piece of evidence is about: its entity, or its relationship's two ends. */
function evidenceEntities(ev: Evidence, index: Index): string[] {
  if (ev.entityId !== undefined) return [ev.entityId];
  const r = ev.relationshipId === undefined ? undefined : index.relationships.get(ev.relationshipId);
  return r ? [r.from, r.to] : [];
}

/**
 * Whether a snippet is text of the page: with kept sentences, one of them holds it (a snippet
 * cut with "…" by its kept part); a snippet Ariadne wrote itself (from structured data: "From
 * the page's structured data", "structured data: A founded_by B") is not. Without kept
 * sentences there is nothing to check against, and every snippet counts.
 */
function statedOnPage(snippet: string, sentences: readonly string[] | undefined): boolean {
  if (sentences === undefined || sentences.length === 0) return true;
  const kept = snippet.replace(/…$/, '').trim();
  return sentences.some((s) => s.replace(/\s+/g, ' ').includes(kept));
}

/** The sentences that stated facts, once each in the order read, with the entities each names. */
function quotesOf(p: Page, index: Index): { readonly text: string; readonly entityIds: readonly string[] }[] {
  const bySnippet = new Map<string, Set<string>>();
  for (const ev of index.pageEvidence.get(p.url) ?? []) {
    const text = ev.snippet.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    let ids = bySnippet.get(text);
    if (!ids) {
      if (bySnippet.size >= MAX_QUOTES_PER_PAGE || !statedOnPage(text, p.sentences)) continue;
      ids = new Set();
      bySnippet.set(text, ids);
    }
    for (const id of evidenceEntities(ev, index)) if (index.entityName.has(id)) ids.add(id);
  }
  return [...bySnippet].map(([text, ids]) => ({ text, entityIds: [...ids] }));
}

function pageNote(p: Page, index: Index): MarkdownNote {
  const name = index.pageName.get(p.url) ?? noteName(p.title);
  const lines = [
    ...frontMatter([
      ['title', p.title || p.url],
      // Obsidian shows a URL property as a link: only an http(s) address is written there.
      ['source', isWebUrl(p.url) ? p.url : undefined],
      ['author', p.byline === undefined || p.byline.trim() === '' ? [] : [p.byline.trim()]],
      ['published', publishedValue(p.publishedAt)],
      ['created', bare(isoDate(p.capturedAt))],
      ['description', descriptionOf(p)],
      ['tags', PAGE_TAGS],
      ['site', p.site],
      ['type', bare('page')],
      // A PDF says so, with its page count; its evidence cites pages ("p. 3 · …").
      ['format', p.pdfPages === undefined ? undefined : bare('pdf')],
      ['pdf_pages', p.pdfPages === undefined ? undefined : bare(String(p.pdfPages))],
    ]),
    `# ${inline(p.title || p.url)}`,
    '',
    pageLink(p.url, 'Open the page'),
    '',
  ];
  const quotes = quotesOf(p, index).flatMap((q) => [
    `> ${inline(q.text)}`,
    ...(q.entityIds.length === 0 ? [] : [`> — ${q.entityIds.map((id) => link(index, id)).join(', ')}`]),
    '',
  ]);
  if (quotes.length > 0) lines.push('## Quotes', '', ...quotes);
  const entities = [...new Set(p.entityIds)]
    .filter((id) => index.entityName.has(id))
    .map((id) => `- ${link(index, id)} (${index.entityType.get(id) ?? 'other'})`);
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

export { noteName } from './markdown-text';
