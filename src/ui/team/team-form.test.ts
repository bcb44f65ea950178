// Settings → Team's words: the form refuses what `team.link` refuses (its bounds), and the status reads as sentences.
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import type { TeamStatus } from '../../messaging/protocol';
import { checkTeamForm, describeTeamStatus, formOf, syncCountsText, teamErrorText } from './team-form';
import type { TeamForm } from './team-form';

const FORM: TeamForm = { host: ' db.example ', port: '5432', database: 'research', user: 'alice', password: '', teamWorkspace: 'acme' };

const STATUS: TeamStatus = {
  linked: true,
  workspaceId: 'default',
  connection: { host: 'db.example', port: 5432, database: 'research', user: 'alice', teamWorkspace: 'acme' },
  queued: 0,
  lastSyncAt: null,
  lastResult: null,
  lastError: null,
  host: 'ready',
  queuedFor: 'db.example:5432/research#acme',
};

function errorsOf(form: Partial<TeamForm>): string[] {
  const checked = checkTeamForm({ ...FORM, ...form });
  return checked.ok ? [] : [...checked.errors.keys()];
}

describe('checkTeamForm', () => {
  it('sends trimmed names, a numeric port, and no password when the field is empty (the host keeps its secret)', () => {
    expect(checkTeamForm(FORM)).toEqual({
      ok: true,
      args: { host: 'db.example', port: 5432, database: 'research', user: 'alice', teamWorkspace: 'acme' },
    });
  });
  it('sends a typed password as typed, spaces included', () => {
    const checked = checkTeamForm({ ...FORM, password: ' s3cret ' });
    expect(checked.ok && checked.args.password).toBe(' s3cret ');
  });
  it('refuses each field at the bounds of the contract, naming the field', () => {
    expect(errorsOf({ host: '  ' })).toEqual(['host']);
    expect(errorsOf({ host: 'h'.repeat(256) })).toEqual(['host']);
    expect(errorsOf({ host: 'h'.repeat(255) })).toEqual([]);
    expect(errorsOf({ port: '0' })).toEqual(['port']);
    expect(errorsOf({ port: '65536' })).toEqual(['port']);
    expect(errorsOf({ port: '65535' })).toEqual([]);
    expect(errorsOf({ port: '' })).toEqual(['port']);
    expect(errorsOf({ port: '1e3' })).toEqual(['port']);
    expect(errorsOf({ port: '54.3' })).toEqual(['port']);
    expect(errorsOf({ database: 'd'.repeat(64) })).toEqual(['database']);
    expect(errorsOf({ user: '' })).toEqual(['user']);
    expect(errorsOf({ user: 'u'.repeat(63) })).toEqual([]);
    expect(errorsOf({ password: 'p'.repeat(1025) })).toEqual(['password']);
    expect(errorsOf({ password: 'p'.repeat(1024) })).toEqual([]);
    expect(errorsOf({ teamWorkspace: 'Acme' })).toEqual(['teamWorkspace']);
    expect(errorsOf({ teamWorkspace: 'a'.repeat(64) })).toEqual(['teamWorkspace']);
    expect(errorsOf({ teamWorkspace: 'acme_2-x' })).toEqual([]);
  });
  it('reports every wrong field at once, each with a sentence saying what is expected', () => {
    const checked = checkTeamForm({ ...FORM, host: '', port: 'x', teamWorkspace: '__proto__ ' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect([...checked.errors.keys()]).toEqual(['host', 'port']);
    expect(checked.errors.get('port')).toContain('1 to 65535');
  });
});

describe('formOf', () => {
  it('fills the form from the saved connection, never with a password', () => {
    expect(formOf(STATUS.connection)).toEqual({ ...FORM, host: 'db.example', password: '' });
  });
  it('offers PostgreSQL’s usual port in an empty form', () => {
    expect(formOf(null).port).toBe('5432');
  });
});

describe('describeTeamStatus', () => {
  const NOW = Date.UTC(2026, 10, 25, 12);
  it('says what the workspace is linked to, what waits and when it last synced', () => {
    const words = describeTeamStatus(
      {
        ...STATUS,
        queued: 3,
        lastSyncAt: NOW - 5 * 60_000,
        lastResult: { pushed: { batches: 1, applied: 4, duplicates: 1 }, pulled: { changes: 1, position: 9 } },
      },
      NOW,
    );
    expect(words.link).toBe('Linked to team workspace “acme” on db.example:5432, database research, as alice.');
    expect(words.queue).toBe('3 changes waiting to be sent.');
    expect(words.lastSync).toBe('Last synced 5 min ago.');
    expect(words.lastResult).toBe('Sent 4 changes (1 was already there); received 1 change from teammates.');
    expect(words.error).toBeUndefined();
    expect(words.install).toBeUndefined();
  });
  it('keeps the unsent count visible after unlinking, and says when it goes', () => {
    const words = describeTeamStatus({ ...STATUS, linked: false, connection: null, queued: 1 }, NOW);
    expect(words.link).toContain('Not linked');
    expect(words.queue).toBe('1 change waiting; they are sent once you link again.');
    expect(words.lastSync).toBe('Never synced yet.');
  });
  it('puts the last error in words by its code', () => {
    expect(describeTeamStatus({ ...STATUS, lastError: { code: 'unavailable', message: 'connect ECONNREFUSED' } }, NOW).error).toBe(
      'The team database or the local helper program did not answer: connect ECONNREFUSED',
    );
    expect(describeTeamStatus({ ...STATUS, lastError: { code: 'forbidden', message: 'not a member' } }, NOW).error).toContain(
      'not a member of that team workspace',
    );
  });
  it('says how to install the native host when it is missing', () => {
    expect(describeTeamStatus({ ...STATUS, host: 'missing' }, NOW).install).toContain('npm run --silent mcp -- install');
    expect(describeTeamStatus({ ...STATUS, host: 'unknown' }, NOW).install).toBeUndefined();
  });
  it('tells recent syncs apart from old ones', () => {
    expect(describeTeamStatus({ ...STATUS, lastSyncAt: NOW - 20_000 }, NOW).lastSync).toBe('Last synced just now.');
    expect(describeTeamStatus({ ...STATUS, lastSyncAt: NOW - 3 * 3_600_000 }, NOW).lastSync).toBe('Last synced 3 h ago.');
    expect(describeTeamStatus({ ...STATUS, lastSyncAt: NOW - 3 * 86_400_000 }, NOW).lastSync).toMatch(/^Last synced on /);
  });
});

describe('syncCountsText and teamErrorText', () => {
  it('says when there was nothing to send', () => {
    expect(syncCountsText({ pushed: { batches: 0, applied: 0, duplicates: 0 }, pulled: { changes: 12, position: 40 } })).toBe(
      'Nothing to send; received 12 changes from teammates.',
    );
  });
  it('does not call a refused login a silent background', () => {
    expect(teamErrorText(new AriadneError('forbidden', 'password authentication failed'))).toContain('the login failed');
    expect(teamErrorText(new AriadneError('unavailable', 'The native host is not installed'))).not.toContain('background');
    expect(teamErrorText(new AriadneError('invalid_arguments', 'port must be a number'))).toBe('port must be a number');
  });
});
