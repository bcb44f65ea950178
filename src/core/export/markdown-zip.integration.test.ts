// The Markdown export as Obsidian gets it: a ZIP of one note per entity and per page,
// read back here file by file with a reader written from the format (local headers,
// central directory, CRC-32: testing/read-zip.ts) and, where Python is installed, with
// its zipfile module.
// Built from real corpus pages through the capture path, plus hostile names.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpusGraph, corpusPresent } from '../../../tooling/testing/corpus-graph';
import { InMemoryGraphStore } from '../graph/memory-store';
import type { Entity } from '../graph/types';
import { ENTITY_TYPES } from '../graph/types';
import type { GraphDump } from './dump';
import { dumpGraph } from './dump';
import { exportFile } from './export-files';
import { markdownNotes, noteName } from './markdown';
import { testEntity } from './testing/entity';
import { readStoredZip as readZip, type ZippedFile as ZipFile } from './testing/read-zip';
import { crc32, zipStore } from './zip';

const NOW = Date.UTC(2026, 10, 25, 12);
const PAGES = ['metascraper/business-today/input.html', 'metascraper/qz/input.html', 'readability/nytimes-1/source.html'] as const;

/** The front matter's fields: `key: value`, or `key:` then `  - "item"` lines (JSON strings). */
function frontMatter(text: string): Map<string, string | string[]> {
  const lines = text.split('\n');
  expect(lines[0]).toBe('---');
  const close = lines.indexOf('---', 1);
  expect(close).toBeGreaterThan(0);
  const fields = new Map<string, string | string[]>();
  let list: string[] | undefined;
  for (const line of lines.slice(1, close)) {
    const item = /^ {2}- (".*")$/.exec(line);
    if (item && list) {
      list.push(String(JSON.parse(item[1] ?? '""')));
      continue;
    }
    const field = /^([a-z]+):(?: (.+))?$/.exec(line);
    expect(field, `front matter line "${line}"`).not.toBeNull();
    list = field?.[2] === undefined ? [] : undefined;
    fields.set(field?.[1] ?? '', list ?? String(field?.[2]?.startsWith('"') ? JSON.parse(field[2]) : field?.[2]));
  }
  return fields;
}

/** The targets of the `[[…]]` links of a note. */
function wikiLinks(text: string): string[] {
  const out: string[] = [];
  for (let at = text.indexOf('[['); at >= 0; at = text.indexOf('[[', at + 2)) {
    const close = text.indexOf(']]', at + 2);
    if (close < 0) break;
    out.push(text.slice(at + 2, close));
  }
  return out;
}

/** What Windows and macOS refuse or mangle in a file name, and what breaks a `[[link]]`. */
function checkFileName(base: string): void {
  expect(base).not.toMatch(/[\\/:*?"<>|[\]#^\p{Cc}]/u);
  expect(base).not.toMatch(/^[.\s]|[.\s]$/);
  expect(base.split('.')[0]).not.toMatch(/^(?:con|prn|aux|nul|com\d|lpt\d)$/i);
  expect(new TextEncoder().encode(`${base}.md`).length).toBeLessThanOrEqual(255);
  expect(base.normalize('NFC')).toBe(base);
}

function checkVault(files: readonly ZipFile[], dump: GraphDump): void {
  expect(files.filter((f) => f.name.startsWith('Entities/'))).toHaveLength(dump.entities.length);
  expect(files.filter((f) => f.name.startsWith('Pages/'))).toHaveLength(dump.pages.length);
  const names = new Map(files.map((f) => [/^(?:Entities|Pages)\/(.+)\.md$/.exec(f.name)?.[1] ?? '', f]));
  expect(names.has('')).toBe(false);
  expect(new Set([...names.keys()].map((n) => n.toLowerCase())).size).toBe(files.length);
  for (const [name, file] of names) {
    checkFileName(name);
    const fields = frontMatter(file.text);
    const type = fields.get('type');
    if (file.name.startsWith('Pages/')) {
      expect(type).toBe('page');
      expect(dump.pages.map((p) => p.url)).toContain(fields.get('source'));
      expect(fields.get('created')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(fields.get('tags')).toEqual(['clippings', 'ariadne']);
    } else {
      expect(ENTITY_TYPES).toContain(type);
      expect(fields.get('created')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(fields.get('updated')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Every wiki link points at exactly one note of the vault.
    for (const target of wikiLinks(file.text)) expect(names.has(target), `[[${target}]] in ${file.name}`).toBe(true);
  }
}

describe.skipIf(!corpusPresent)('the Markdown export of a graph built from corpus pages', () => {
  let dump: GraphDump;
  beforeAll(async () => {
    const store = new InMemoryGraphStore();
    await buildCorpusGraph(store, PAGES, { now: NOW });
    dump = await dumpGraph(store, { exportedAt: NOW });
  }, 120_000);

  it('is a ZIP of one note per entity and per page, each with front matter and links that resolve', () => {
    const file = exportFile('md.zip', dump, { date: '2026-11-25' });
    expect(file.fileName).toBe('ariadne-2026-11-25-notes.zip');
    expect(file.data).toBeInstanceOf(Uint8Array);
    const files = readZip(typeof file.data === 'string' ? new Uint8Array() : file.data);
    checkVault(files, dump);
    expect(file.summary).toContain(`one per entity in Entities/ (${dump.entities.length})`);
    expect(file.summary).toContain(`one per page in Pages/ (${dump.pages.length})`);
  });

  it('an entity note carries its aliases and sources in the front matter, and links its pages', () => {
    const withAlias = dump.entities.find((e) => e.aliases.length > 0 && !e.aliases.some((a) => a.includes('"'))) ?? never();
    const note =
      markdownNotes(dump).find(
        (n) => frontMatter(n.content).get('type') === withAlias.type && n.content.includes(`# ${withAlias.name}\n`),
      ) ?? never();
    expect(frontMatter(note.content).get('aliases')).toEqual(withAlias.aliases);
    expect(frontMatter(note.content).get('sources')).not.toHaveLength(0);
    expect(note.content).toMatch(/## Pages\n\n- \[\[/);
  });

  it("Python's zipfile reads the archive and finds every note intact (when Python is installed)", () => {
    const file = exportFile('md.zip', dump, { date: '2026-11-25' });
    const dir = mkdtempSync(join(tmpdir(), 'ariadne-zip-'));
    try {
      const path = join(dir, file.fileName);
      writeFileSync(path, file.data);
      let out: string;
      try {
        out = execFileSync(
          'python3',
          ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.namelist()))', path],
          { encoding: 'utf8' },
        );
      } catch {
        return; // no Python here: the reader above has checked the archive
      }
      expect(out.trim()).toBe(`None ${dump.entities.length + dump.pages.length}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('note names and the ZIP writer', () => {
  const entity = (id: string, name: string): Entity => testEntity(id, name, NOW);

  it('names hostile to Windows, macOS or wiki links become safe, unique note names', () => {
    const hostile = [
      'CON',
      'nul.txt',
      'a/b\\c:d',
      '..hidden',
      'trailing dot.',
      'Stripe',
      'stripe',
      'Ｓtripe',
      'é'.normalize('NFD'),
      'x'.repeat(300),
      '日本'.repeat(100),
      '[[link]]|#^',
      '\u0000\u200b',
    ];
    const notes = markdownNotes({ entities: hostile.map((n, i) => entity(`e_${i}`, n)), relationships: [], evidence: [], pages: [] });
    const bases = notes.map((n) => n.name);
    for (const base of bases) checkFileName(base);
    expect(new Set(bases.map((b) => b.toLowerCase())).size).toBe(bases.length);
    expect(bases.slice(0, 3)).toEqual(['CON_', 'nul_.txt', 'a b c d']);
    expect(bases).toContain('stripe (2)');
    expect(noteName('\u0000\u200b')).toBe('Untitled');
  });

  it('CRC-32 is the standard one, and paths that escape the folder are refused', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    for (const name of ['../evil.md', '/abs.md', 'a//b.md', '']) {
      expect(() => zipStore([{ name, data: new Uint8Array() }], { modifiedAt: NOW })).toThrow(/relative file path/);
    }
    expect(() =>
      zipStore(
        [
          { name: 'a.md', data: new Uint8Array() },
          { name: 'a.md', data: new Uint8Array() },
        ],
        { modifiedAt: NOW },
      ),
    ).toThrow(/twice/);
  });
});

function never(): never {
  throw new Error('fixture missing');
}
