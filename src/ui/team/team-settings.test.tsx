// @vitest-environment jsdom
// Settings → Team against a scripted background: the form checks before it sends, a refused link is
// shown by the form, a link shows the status and its actions, Unlink asks first, a missing host says how to install it.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import { teamLogKey } from '../../core/team/host-wire';
import type { TeamStatus } from '../../messaging/protocol';
import type { TeamLinkArgs } from './team-form';
import type { TeamClient } from './team-settings';
import { mountEachTest } from '../testing/render';
import { TeamSettingsView } from './team-settings';

const UNLINKED: TeamStatus = {
  linked: false,
  workspaceId: 'default',
  connection: null,
  queued: 2,
  lastSyncAt: null,
  lastResult: null,
  lastError: null,
  host: 'ready',
  queuedFor: null,
};

/** Unlinked, with 3 changes recorded for team workspace acme of db.example's database research. */
const WAITING_FOR_ACME: TeamStatus = {
  ...UNLINKED,
  queued: 3,
  queuedFor: teamLogKey({ host: 'db.example', port: 5432, database: 'research', teamWorkspace: 'acme' }),
};

/** A background that keeps a status and records what it was asked. */
function fakeBackground(start: TeamStatus, refuse?: AriadneError) {
  let status = start;
  const links: TeamLinkArgs[] = [];
  const calls: string[] = [];
  const client: TeamClient = {
    status: async () => status,
    link: async (args) => {
      calls.push('link');
      links.push(args);
      if (refuse) throw refuse;
      // As the service does: a link to another team log drops what waited for the old one.
      const dropped = status.queuedFor !== null && status.queuedFor !== teamLogKey(args) ? status.queued : 0;
      status = {
        ...status,
        linked: true,
        connection: { host: args.host, port: args.port, database: args.database, user: args.user, teamWorkspace: args.teamWorkspace },
        queued: status.queued - dropped,
        queuedFor: teamLogKey(args),
      };
      return { ...status, dropped };
    },
    unlink: async () => {
      calls.push('unlink');
      status = { ...status, linked: false, connection: null };
      return status;
    },
    sync: async () => {
      calls.push('sync');
      const counts = { pushed: { batches: 1, applied: 2, duplicates: 0 }, pulled: { changes: 5, position: 5 } };
      status = { ...status, queued: 0, lastSyncAt: Date.now(), lastResult: counts };
      return { ...counts, status };
    },
  };
  return { client, links, calls };
}

function setValue(input: Element | null, value: string): void {
  if (!(input instanceof HTMLInputElement)) throw new Error('no such input');
  // React follows the value through the prototype's setter, as a user's typing does.
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('TeamSettingsView', () => {
  const view = mountEachTest();
  const $ = view.byTestId;
  const { click } = view;
  const fill = async (values: Record<string, string>) =>
    act(async () => {
      for (const [field, value] of Object.entries(values)) setValue($(`team-${field}`), value);
    });

  it('checks the form before sending: a bad port is named by its field and nothing is sent', async () => {
    const bg = fakeBackground(UNLINKED);
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    await fill({ host: 'db.example', port: '70000', database: 'research', user: 'alice', teamWorkspace: 'acme' });
    await click('team-link');
    expect(bg.calls).toEqual([]);
    const port = $('team-port');
    expect(port?.getAttribute('aria-invalid')).toBe('true');
    const hint = view.container().querySelector(`#${port?.getAttribute('aria-describedby') ?? 'none'}`);
    expect(hint?.textContent).toContain('1 to 65535');
  });

  it('shows a refused link by the form, in words, and stays unlinked', async () => {
    const bg = fakeBackground(UNLINKED, new AriadneError('forbidden', 'alice is not a member of acme'));
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    await fill({ host: 'db.example', database: 'research', user: 'alice', password: 'pw', teamWorkspace: 'acme' });
    await click('team-link');
    const alert = view.container().querySelector('form [role="alert"]');
    expect(alert?.textContent).toContain('not a member of that team workspace');
    expect(alert?.textContent).toContain('alice is not a member of acme');
    expect($('team-status')?.getAttribute('data-linked')).toBe('false');
    expect(bg.links).toEqual([
      { host: 'db.example', port: 5432, database: 'research', user: 'alice', password: 'pw', teamWorkspace: 'acme' },
    ]);
  });

  it('tells a refused login from a login that is not a member, each with what to fix', async () => {
    const words = async (refusal: AriadneError) => {
      const bg = fakeBackground(UNLINKED, refusal);
      await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
      await fill({ host: 'db.example', database: 'research', user: 'alice', password: 'pw', teamWorkspace: 'acme' });
      await click('team-link');
      return view.container().querySelector('form [role="alert"]')?.textContent ?? '';
    };
    const login = await words(new AriadneError('forbidden', 'password authentication failed for user "alice"', { reason: 'login' }));
    expect(login).toContain('refused the login: check the member name and the password');
    expect(login).not.toContain('not in that team workspace');
    const member = await words(new AriadneError('forbidden', 'role "alice" is not a member of workspace "acme"', { reason: 'not_member' }));
    expect(member).toContain('The login works, but this member is not in that team workspace');
    expect(member).not.toContain('check the member name and the password');
  });

  it('counts the teammates’ changes this version refused, with the last one’s reason', async () => {
    const refused = { count: 3, lastPosition: 41, lastMessage: 'evidence.pageUrl: must be an http(s) URL' };
    const bg = fakeBackground({
      ...UNLINKED,
      linked: true,
      connection: { host: 'db', port: 5432, database: 'r', user: 'a', teamWorkspace: 'acme' },
      refused,
    });
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    const line = $('team-refused')?.textContent ?? '';
    expect(line).toContain('3 changes from teammates skipped');
    expect(line).toContain('position 41: evidence.pageUrl: must be an http(s) URL');
    const none = fakeBackground(UNLINKED);
    await view.render(<TeamSettingsView client={none.client} workspaceName="Default" />);
    expect($('team-refused')).toBeNull();
  });

  it('links, then offers Sync now (with its counts) and shows what waits', async () => {
    const bg = fakeBackground(UNLINKED);
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    expect($('team-queued')?.textContent).toBe('2 changes waiting; they are sent once you link again.');
    expect($('team-sync')).toBeNull();
    await fill({ host: 'db.example', database: 'research', user: 'alice', teamWorkspace: 'acme' });
    await click('team-link');
    expect(bg.links[0]?.password).toBeUndefined();
    expect($('team-status')?.getAttribute('data-linked')).toBe('true');
    expect($('team-status')?.textContent).toContain('Linked to team workspace “acme”');
    await click('team-sync');
    expect($('team-message')?.textContent).toBe('Sent 2 changes; received 5 changes from teammates.');
    expect($('team-queued')?.textContent).toBe('Nothing waiting to be sent.');
    expect($('team-last-sync')?.textContent).toContain('Last synced just now.');
  });

  it('asks before unlinking, and says the local graph stays', async () => {
    const linked = { ...UNLINKED, linked: true, connection: { host: 'h', port: 5432, database: 'd', user: 'bob', teamWorkspace: 'acme' } };
    const bg = fakeBackground(linked);
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Market scan" />);
    await click('team-unlink');
    expect(bg.calls).toEqual([]);
    expect(view.container().querySelector('[aria-label="Confirm unlinking"]')?.textContent).toContain('Its graph stays in this browser');
    await click('team-confirm-unlink');
    expect(bg.calls).toEqual(['unlink']);
    expect($('team-message')?.textContent).toBe('Unlinked: “Market scan” keeps its whole graph here and stops syncing.');
    expect($('team-status')?.getAttribute('data-linked')).toBe('false');
  });

  it('relinking to another team workspace says how many unsent changes it drops and asks first; the same one just links', async () => {
    const bg = fakeBackground(WAITING_FOR_ACME);
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    await fill({ host: 'db.example', database: 'research', user: 'alice', teamWorkspace: 'other' });
    await click('team-link');
    expect(bg.calls).toEqual([]);
    const confirm = view.container().querySelector('[aria-label="Confirm relinking"]');
    expect(confirm?.textContent).toContain('drops the 3 changes not sent yet');
    expect($('team-confirm-relink')?.textContent).toBe('Link and drop 3 changes');
    await click('team-confirm-relink');
    expect(bg.links.map((l) => l.teamWorkspace)).toEqual(['other']);
    expect($('team-message')?.textContent).toContain('3 unsent changes recorded for the previous team workspace were dropped.');
    expect($('team-queued')?.textContent).toBe('Nothing waiting to be sent.');
  });

  it('relinking to the team workspace the changes wait for asks nothing and keeps them', async () => {
    const bg = fakeBackground(WAITING_FOR_ACME);
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    await fill({ host: 'db.example', database: 'research', user: 'bob', teamWorkspace: 'acme' });
    await click('team-link');
    expect(view.container().querySelector('[aria-label="Confirm relinking"]')).toBeNull();
    expect(bg.calls).toEqual(['link']);
    expect($('team-queued')?.textContent).toBe('3 changes waiting to be sent.');
  });

  it('says so when the background cannot tell the status, instead of waiting forever', async () => {
    const client: TeamClient = {
      ...fakeBackground(UNLINKED).client,
      status: () => Promise.reject(new AriadneError('unavailable', 'Team sync is not available in this context.')),
    };
    await view.render(<TeamSettingsView client={client} workspaceName="Default" />);
    expect($('team-error')?.textContent).toContain('Team sync is not available in this context.');
  });

  it('says how to install the native host when it is missing', async () => {
    const bg = fakeBackground({ ...UNLINKED, host: 'missing' });
    await view.render(<TeamSettingsView client={bg.client} workspaceName="Default" />);
    expect($('team-install')?.querySelector('code')?.textContent).toBe('npm run --silent mcp -- install');
    expect($('team-install')?.textContent).toMatch(/run npm run --silent mcp -- install, then try again/);
  });
});
