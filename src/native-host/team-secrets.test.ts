// The team role's password file: .pgpass format (escapes, wildcards), mode 0600, one line per login.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileTeamSecrets, formatPgpassLine, parsePgpassLine } from './team-secrets';

const alice = { host: 'db.example', port: 5432, database: 'team', user: 'alice' };

describe('team secrets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ariadne-secrets-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('escapes ":" and "\\\\" as libpq reads them, and reads its own lines back', () => {
    const line = formatPgpassLine({ ...alice, host: 'h:1' }, 'a:b\\c');
    expect(line).toBe('h\\:1:5432:team:alice:a\\:b\\\\c');
    expect(parsePgpassLine(line)).toEqual(['h:1', '5432', 'team', 'alice', 'a:b\\c']);
  });

  it('keeps one password per login in a 0600 file, replaces it, matches wildcards, and forgets it', async () => {
    const file = path.join(dir, 'home', 'team.pgpass');
    const secrets = fileTeamSecrets(file);
    expect(await secrets.find(alice)).toBeUndefined();
    await secrets.save(alice, 'first');
    await secrets.save({ ...alice, user: 'bob' }, 'bobs');
    await secrets.save(alice, 'second');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await secrets.find(alice)).toBe('second');
    expect((await readFile(file, 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
    expect(await secrets.forget(alice)).toBe(true);
    expect(await secrets.forget(alice)).toBe(false);
    expect(await secrets.find(alice)).toBeUndefined();
    expect(await secrets.find({ ...alice, user: 'bob' })).toBe('bobs');
  });

  it('a line with wildcards, written by hand, matches any value there', async () => {
    const file = path.join(dir, 'team.pgpass');
    const secrets = fileTeamSecrets(file);
    await secrets.save({ host: '*', port: 5432, database: '*', user: 'alice' }, 'any');
    expect(await secrets.find(alice)).toBe('any');
  });

  it('refuses a password with a line break (it could not be read back)', async () => {
    await expect(fileTeamSecrets(path.join(dir, 'f')).save(alice, 'a\nb')).rejects.toThrow(/line break/);
  });
});
