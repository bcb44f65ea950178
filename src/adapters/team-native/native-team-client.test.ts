// The extension's end of the team host, with a port double: replies matched by id and
// parsed, a missing host or a silent one turned into `unavailable`, codes kept.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEAM_HOST_NAME } from '../../core/team/host-wire';
import { NativeTeamClient, type NativePortLike } from './native-team-client';

const connection = { host: 'db.test', port: 5432, database: 'team', user: 'alice', teamWorkspace: 'acme' };

function fakePort() {
  const sent: { id: number; request: { op: string } }[] = [];
  const messageListeners: ((m: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const port: NativePortLike = {
    postMessage: (m) => void sent.push(Object(m)),
    disconnect: vi.fn(),
    onMessage: { addListener: (l) => void messageListeners.push(l) },
    onDisconnect: { addListener: (l) => void disconnectListeners.push(l) },
  };
  return {
    port,
    sent,
    reply: (message: unknown) => messageListeners.forEach((l) => l(message)),
    drop: () => disconnectListeners.forEach((l) => l()),
  };
}

afterEach(() => void vi.useRealTimers());

describe('NativeTeamClient', () => {
  it('connects to the team host by name, matches replies by id and parses them', async () => {
    const fake = fakePort();
    const names: string[] = [];
    const client = new NativeTeamClient({ connectNative: (name) => (names.push(name), fake.port), lastErrorMessage: () => undefined });
    const a = client.request({ op: 'test', connection, password: 'pw' });
    const b = client.request({ op: 'forget', connection });
    expect(names).toEqual([TEAM_HOST_NAME]);
    expect(fake.sent.map((m) => [m.id, m.request.op])).toEqual([
      [1, 'test'],
      [2, 'forget'],
    ]);
    fake.reply({ id: 2, outcome: { ok: true, result: { forgotten: true } } });
    fake.reply({ id: 1, outcome: { ok: false, error: { code: 'forbidden', message: 'login refused' } } });
    await expect(b).resolves.toEqual({ forgotten: true });
    await expect(a).rejects.toMatchObject({ code: 'forbidden', message: 'login refused' });
    expect(client.hostState).toBe('ready');
  });

  it('an ambiguous name keeps its candidates across the wire; details in another shape are dropped, the error kept', async () => {
    const fake = fakePort();
    const client = new NativeTeamClient({ connectNative: () => fake.port, lastErrorMessage: () => undefined });
    const input = { name: 'Mercury' };
    const a = client.request({ op: 'related', connection, input });
    const b = client.request({ op: 'related', connection, input });
    const candidates = [
      { id: 'e_1', name: 'Mercury', entity_type: 'company' },
      { id: 'e_2', name: 'Mercury', entity_type: 'location' },
    ];
    fake.reply({
      id: 1,
      outcome: { ok: false, error: { code: 'ambiguous', message: '"Mercury" names 2 entities', details: { candidates } } },
    });
    fake.reply({ id: 2, outcome: { ok: false, error: { code: 'ambiguous', message: 'two', details: { password: 'x' } } } });
    await expect(a).rejects.toMatchObject({ code: 'ambiguous', details: { candidates } });
    const refused: unknown = await b.catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'ambiguous', message: 'two' });
    expect(refused).toHaveProperty('details', undefined);
  });

  it('a host that is not installed fails every waiting request `unavailable`, saying how to install it', async () => {
    const fake = fakePort();
    const client = new NativeTeamClient({
      connectNative: () => fake.port,
      lastErrorMessage: () => 'Specified native messaging host not found.',
    });
    const pending = client.request({ op: 'test', connection });
    fake.drop();
    await expect(pending).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('mcp -- install') });
    expect(client.hostState).toBe('missing');
  });

  it('a host that does not answer in time is `unavailable`; a late answer is ignored', async () => {
    vi.useFakeTimers();
    const fake = fakePort();
    const client = new NativeTeamClient({ connectNative: () => fake.port, lastErrorMessage: () => undefined, timeoutMs: 1000 });
    const pending = client.request({ op: 'pull', connection, origin: 'device-1', after: 0, limit: 10 });
    const outcome = expect(pending).rejects.toMatchObject({ code: 'unavailable' });
    await vi.advanceTimersByTimeAsync(1001);
    await outcome;
    fake.reply({ id: 1, outcome: { ok: true, result: { changes: [], through: 0, rejected: [] } } });
  });

  it('a malformed result is refused (`internal`), not handed on', async () => {
    const fake = fakePort();
    const client = new NativeTeamClient({ connectNative: () => fake.port, lastErrorMessage: () => undefined });
    const pending = client.request({ op: 'pull', connection, origin: 'device-1', after: 0, limit: 10 });
    fake.reply({
      id: 1,
      outcome: { ok: true, result: { changes: [{ position: 1, contributor: 'x', change: { kind: 'evil' } }], through: 1, rejected: [] } },
    });
    await expect(pending).rejects.toMatchObject({ code: 'internal' });
  });

  it('without nativeMessaging the request fails `unavailable` and the host is reported missing', async () => {
    const client = new NativeTeamClient({ connectNative: undefined, lastErrorMessage: () => undefined });
    await expect(client.request({ op: 'test', connection })).rejects.toMatchObject({ code: 'unavailable' });
    expect(client.hostState).toBe('missing');
  });
});
