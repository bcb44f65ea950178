// The Obsidian notes' format: a page note carries Web Clipper's properties, the sentences
// that stated facts as quotes with links to their entities, and an entity note each fact
// with the page it came from. Page text is untrusted: a title or byline built to break the
// YAML front matter or the Markdown stays one quoted property and escaped text.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { asEntityId, asEvidenceId, asRelationshipId } from '../graph/ids';
import type { Entity, Evidence, Page, Relationship } from '../graph/types';
import { markdownNotes } from './markdown';
import type { MarkdownGraph } from './markdown';
import { testEntity } from './testing/entity';
import { bare, frontMatter, inline, yamlString } from './markdown-text';

const NOW = Date.UTC(2026, 10, 25, 12);
const URL_A = 'https://news.example/kestrel-buys-ostra';

function never(): never {
  throw new Error('fixture missing');
}
const eid = (raw: string) => asEntityId(raw) ?? never();

const entity = (id: string, name: string, extra: Partial<Entity> = {}) => testEntity(id, name, NOW, extra);

function evidence(id: string, fields: Omit<Evidence, 'id' | 'pageTitle' | 'capturedAt' | 'pageUrl'> & { pageUrl?: string }): Evidence {
  return { id: asEvidenceId(id) ?? never(), pageUrl: URL_A, pageTitle: 'x', capturedAt: NOW, ...fields };
}

const ACQUIRED: Relationship = {
  id: asRelationshipId('r_1') ?? never(),
  from: eid('e_kestrel'),
  to: eid('e_ostra'),
  label: 'acquired',
  key: 'e_kestrel|acquired|e_ostra',
  createdAt: NOW,
  updatedAt: NOW,
};

function graph(page: Partial<Page> = {}, extraEvidence: readonly Evidence[] = []): MarkdownGraph {
  return {
    entities: [
      entity('e_kestrel', 'Kestrel Bank', { attributes: { headquarters: 'Oslo' } }),
      entity('e_ostra', 'Ostra Pay'),
      entity('e_mira', 'Mira Holt', { type: 'person' }),
    ],
    relationships: [ACQUIRED],
    evidence: [
      evidence('v_1', {
        kind: 'relationship',
        relationshipId: ACQUIRED.id,
        snippet: 'Kestrel Bank bought Ostra Pay for $5 and $6 million.',
      }),
      evidence('v_2', { kind: 'mention', entityId: eid('e_kestrel'), snippet: 'Kestrel Bank bought Ostra Pay for $5 and $6 million.' }),
      evidence('v_3', { kind: 'attribute', entityId: eid('e_kestrel'), detail: 'headquarters', snippet: 'Kestrel Bank, based in Oslo, …' }),
      evidence('v_4', { kind: 'mention', entityId: eid('e_mira'), snippet: 'Mira Holt leads the deal.' }),
      // Written by Ariadne from the page's structured data, not a sentence of the page: never a quote.
      evidence('v_5', { kind: 'mention', entityId: eid('e_ostra'), snippet: "From the page's structured data (Corporation)" }),
      ...extraEvidence,
    ],
    pages: [
      {
        url: URL_A,
        title: 'Kestrel Bank buys Ostra Pay',
        site: 'news.example',
        byline: 'Mira Holt',
        publishedAt: '2026-03-01T23:30:00-05:00',
        capturedAt: NOW,
        entityIds: [eid('e_kestrel'), eid('e_ostra'), eid('e_mira')],
        relationshipIds: [ACQUIRED.id],
        sentences: [
          'Kestrel Bank bought Ostra Pay for $5 and $6 million.',
          'Kestrel Bank, based in Oslo, is old.',
          'Mira Holt leads the deal.',
        ],
        ...page,
      },
    ],
  };
}

/** The front matter lines between the `---` fences, and the body after them. */
function split(content: string): { readonly front: string; readonly body: string } {
  expect(content.startsWith('---\n')).toBe(true);
  const close = content.indexOf('\n---\n', 4);
  expect(close).toBeGreaterThan(0);
  return { front: content.slice(4, close), body: content.slice(close + 5) };
}

/** A YAML parser Obsidian-like readers use (js-yaml, installed with the lint tools), or undefined where it is missing. */
function yamlLoad(): ((text: string) => unknown) | undefined {
  try {
    const mod: unknown = createRequire(import.meta.url)('js-yaml');
    const load: unknown = Reflect.get(Object(mod), 'load');
    return typeof load === 'function' ? (text: string) => Reflect.apply(load, mod, [text]) : undefined;
  } catch {
    return undefined;
  }
}

/** The front matter read strictly as the subset Ariadne writes: `key: "json"`, `key: bare`, `key:` + `  - "json"` items. */
function readFront(front: string): Map<string, string | string[]> {
  const out = new Map<string, string | string[]>();
  let list: string[] | undefined;
  for (const line of front.split('\n')) {
    const item = /^ {2}- (".*")$/.exec(line);
    if (item && list) {
      list.push(String(JSON.parse(item[1] ?? '')));
      continue;
    }
    const field = /^([a-z]+):(?: (".*"|[A-Za-z0-9][A-Za-z0-9.:-]*))?$/.exec(line);
    if (!field) throw new Error(`front matter line not in the written subset: ${line}`);
    list = field[2] === undefined ? [] : undefined;
    out.set(field[1] ?? '', list ?? (field[2]?.startsWith('"') ? String(JSON.parse(field[2])) : (field[2] ?? '')));
  }
  return out;
}

const pageNoteOf = (g: MarkdownGraph) => markdownNotes(g).find((n) => n.path.startsWith('Pages/')) ?? never();

describe('the page note of the Obsidian export', () => {
  it("carries Web Clipper's properties: title, source, author, published, created, description, tags", () => {
    const note = pageNoteOf(graph());
    expect(note.path).toBe('Pages/Kestrel Bank buys Ostra Pay.md');
    const fields = readFront(split(note.content).front);
    expect(Object.fromEntries(fields)).toEqual({
      title: 'Kestrel Bank buys Ostra Pay',
      source: URL_A,
      author: ['Mira Holt'],
      published: '2026-03-01', // the page's own day, not shifted to UTC
      created: '2026-11-25',
      description: 'Kestrel Bank bought Ostra Pay for $5 and $6 million.',
      tags: ['clippings', 'ariadne'],
      site: 'news.example',
      type: 'page',
    });
  });

  it('quotes each sentence that stated a fact once, followed by links to the entities it names', () => {
    const { body } = split(pageNoteOf(graph()).content);
    expect(body).toContain(
      '## Quotes\n\n> Kestrel Bank bought Ostra Pay for \\$5 and \\$6 million.\n> — [[Kestrel Bank]], [[Ostra Pay]]\n\n> Kestrel Bank, based in Oslo, …\n> — [[Kestrel Bank]]\n',
    );
    expect(body.match(/bought Ostra Pay/g)).toHaveLength(1);
    expect(body).toContain('> Mira Holt leads the deal.\n> — [[Mira Holt]]\n');
    expect(body).not.toContain('structured data');
    expect(body).toContain('## Entities\n\n- [[Kestrel Bank]] (company)\n- [[Ostra Pay]] (company)\n- [[Mira Holt]] (person)\n');
    expect(body).toContain('## Relationships\n\n- [[Kestrel Bank]] acquired [[Ostra Pay]]\n');
  });

  it('a publication date Ariadne cannot read stays as the page wrote it; none leaves the property out', () => {
    expect(readFront(split(pageNoteOf(graph({ publishedAt: 'last Tuesday' })).content).front).get('published')).toBe('last Tuesday');
    expect(readFront(split(pageNoteOf(graph({ publishedAt: 'March 3, 2026 12:00 UTC' })).content).front).get('published')).toBe(
      '2026-03-03',
    );
    const none = readFront(split(pageNoteOf(graph({ publishedAt: undefined, byline: undefined, sentences: undefined })).content).front);
    expect([...none.keys()]).toEqual(['title', 'source', 'created', 'tags', 'site', 'type']);
  });
});

describe('the entity note of the Obsidian export', () => {
  it('lists each fact with the page note it came from', () => {
    const kestrel = markdownNotes(graph()).find((n) => n.path === 'Entities/Kestrel Bank.md') ?? never();
    expect(kestrel.content).toContain('- headquarters: Oslo · [[Kestrel Bank buys Ostra Pay]]\n');
    expect(kestrel.content).toContain('- acquired [[Ostra Pay]] · [[Kestrel Bank buys Ostra Pay]]\n');
    const ostra = markdownNotes(graph()).find((n) => n.path === 'Entities/Ostra Pay.md') ?? never();
    expect(ostra.content).toContain('- [[Kestrel Bank]] acquired Ostra Pay · [[Kestrel Bank buys Ostra Pay]]\n');
  });

  it('a fact the user typed (no evidence) has no page after it', () => {
    const g = graph();
    const typed = markdownNotes({ ...g, evidence: [] }).find((n) => n.path === 'Entities/Kestrel Bank.md') ?? never();
    expect(typed.content).toContain('- headquarters: Oslo\n');
    expect(typed.content).toContain('- acquired [[Ostra Pay]]\n');
  });
});

describe('untrusted page text in the notes', () => {
  const HOSTILE_TITLES = [
    'A: "quoted" # not a comment',
    'Two\nlines\n---\nevil: true',
    "'single' & *alias !!js/function {a: 1} [x]",
    '\u2028line sep\u2029 para sep \ufeffbom \u0085nel \u007fdel \u0000nul',
    'lone \ud800 surrogate',
    '---',
    '- dash first',
    '? question',
    '@at `tick` | pipe > gt',
  ];

  it('a hostile title or byline stays one quoted property, read back as written', () => {
    const load = yamlLoad();
    for (const title of HOSTILE_TITLES) {
      const note = pageNoteOf(graph({ title, byline: title }));
      const { front } = split(note.content);
      const expected = title.replace(/\p{Cs}/gu, '\ufffd');
      const fields = readFront(front);
      expect(fields.get('title'), JSON.stringify(title)).toBe(expected);
      expect(fields.get('author')).toEqual([expected.trim()]);
      expect(fields.has('evil')).toBe(false);
      if (load) {
        const parsed = load(front);
        expect(Reflect.get(Object(parsed), 'title'), JSON.stringify(title)).toBe(expected);
        expect(Object.keys(Object(parsed))).toEqual([...fields.keys()]);
      }
    }
  });

  it('a hostile sentence is one escaped quote line: no link, embed, heading, math or comment', () => {
    const snippet = '# Head [[Evil]] ![[embed.png]] $x$ %%hidden%% ==mark== <script>x</script>\n\n> nested';
    const g = graph({ sentences: [snippet] }, [evidence('v_9', { kind: 'mention', entityId: eid('e_ostra'), snippet })]);
    const { body } = split(pageNoteOf(g).content);
    const line = body.split('\n').find((l) => l.includes('Head')) ?? never();
    expect(line).toBe(
      '> \\# Head \\[\\[Evil\\]\\] \\!\\[\\[embed.png\\]\\] \\$x\\$ \\%\\%hidden\\%\\% \\=\\=mark\\=\\= \\<script\\>x\\</script\\> \\> nested',
    );
    expect(body).not.toMatch(/(?<!\\)\[\[Evil/);
  });

  it('a page address that is not http(s) is never a link', () => {
    const { front, body } = split(pageNoteOf(graph({ url: 'javascript:alert(1)' })).content);
    expect(readFront(front).has('source')).toBe(false);
    expect(body).not.toContain('](');
    expect(body).toContain('Open the page (javascript:alert(1))');
  });

  it('front matter refuses a bare value that is not a plain word, and quotes every string', () => {
    expect(() => bare('a: b')).toThrow(/not a bare YAML word/);
    expect(() => bare('#x')).toThrow(/not a bare YAML word/);
    expect(() => bare('')).toThrow(/not a bare YAML word/);
    expect(
      frontMatter([
        ['title', 'x\n---'],
        ['created', bare('2026-11-25')],
        ['tags', []],
        ['none', undefined],
      ]),
    ).toEqual(['---', 'title: "x\\n---"', 'created: 2026-11-25', '---']);
    expect(yamlString('\u2028\ufeff\u0085')).toBe('"\\u2028\\ufeff\\u0085"');
    expect(inline('a\n# b')).toBe('a \\# b');
  });
});
