// The shipped migration files: numbered without gaps, read in number order.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function files(names: string[]): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ariadne-migrations-'));
  for (const name of names) writeFileSync(path.join(dir, name), `-- ${name}`);
  return dir;
}

describe('loadMigrations', () => {
  it('reads NNN_name.sql files in number order and ignores anything else', () => {
    const loaded = loadMigrations(files(['002_reads.sql', '001_init.sql', 'README.md', '003_x.sql.bak']));
    expect(loaded.map((m) => `${m.version}:${m.name}`)).toEqual(['1:init', '2:reads']);
    expect(loaded[0]?.sql).toBe('-- 001_init.sql');
  });

  it('refuses a gap or a repeated number (a packaging error)', () => {
    expect(() => loadMigrations(files(['001_init.sql', '003_late.sql']))).toThrow(/out of sequence/);
    expect(() => loadMigrations(files(['001_init.sql', '001_again.sql']))).toThrow(/out of sequence/);
  });

  it('ships 001 to 004', () => {
    expect(loadMigrations().map((m) => m.name)).toEqual(['init', 'team_reads', 'evidence_tombstones', 'change_checks_and_groups']);
  });
});
