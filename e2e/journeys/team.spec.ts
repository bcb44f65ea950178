// Team graphs, end to end (issue 19): a real PostgreSQL started here, the schema applied
// and members alice and bob added as `npm run team` does; two browser profiles, each
// with the native host installed for it, link their active workspace in Settings → Team;
// alice captures one page, bob another, both capture a third; after "Sync now" each sees
// the other's entities marked "from <member>", the shared page's entity exists once in
// each graph, a merge alice makes reaches bob, and unlinking keeps bob's graph.
//
// Skips (saying why) only where PostgreSQL is not installed and CI is not set; under CI
// `pgSkipReason` throws instead, so a missing PostgreSQL fails the run.
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { addMember, createWorkspace } from '../../src/adapters/postgres/admin';
import { migrate } from '../../src/adapters/postgres/migrate';
import { pgSkipReason, startPgServer } from '../../src/adapters/postgres/testing/pg-server';
import type { PgServer } from '../../src/adapters/postgres/testing/pg-server';
import { serveDirectory } from '../../src/cli/static-server';
import { assertBuildSupportsBridge } from '../mcp/rig';
import { axeCleanAtPanelWidths } from '../support/panel-journey';
import { TeamProfile } from '../support/team-profile';

const SKIP = pgSkipReason();
const MEMBERS = { alice: 'alice-e2e-password', bob: 'bob-e2e-password' } as const;
const TEAM_WORKSPACE = 'acme';

test.describe.configure({ mode: 'serial' });
test.skip(SKIP !== undefined, SKIP);

/** What `npm run --silent team -- init / workspace / member` do, against the test server. */
async function setUpTeamDatabase(server: PgServer): Promise<string> {
  const database = await server.createDatabase();
  const admin = new pg.Client(server.config(database));
  await admin.connect();
  try {
    await migrate(admin);
    await createWorkspace(admin, TEAM_WORKSPACE, 'Acme market scan');
    for (const [member, password] of Object.entries(MEMBERS)) await addMember(admin, TEAM_WORKSPACE, member, password);
  } finally {
    await admin.end();
  }
  return database;
}

test('two members share a workspace through PostgreSQL: captures, contributors, one entity per thing, merges', async ({}, testInfo) => {
  // Two browsers, two native hosts and a database on a shared machine: 30 to 40 s here, with room.
  test.setTimeout(120_000);
  await assertBuildSupportsBridge();
  // Members log in with their password (the host keeps it); everything else on this server is trusted.
  const server = await startPgServer({ passwordRoles: Object.keys(MEMBERS) });
  const site = await serveDirectory(resolve(import.meta.dirname, '../site'));
  const profiles: TeamProfile[] = [];
  try {
    const database = await setUpTeamDatabase(server);
    const origin = { origin: site.origin, url: (path: string) => `${site.origin}/${path}` };
    const [alice, bob] = await Promise.all([TeamProfile.open('alice', origin), TeamProfile.open('bob', origin)]);
    profiles.push(alice, bob);
    const connection = { host: server.host, port: server.port, database, teamWorkspace: TEAM_WORKSPACE };

    await test.step('a wrong password is refused by the form, in words; the right one links', async () => {
      await alice.submitLink({ ...connection, user: 'alice', password: 'not-the-password' });
      await expect(alice.panel.getByTestId('team-settings').locator('form [role="alert"]')).toContainText(
        'The team database refused the login: check the member name and the password',
      );
      await alice.link({ ...connection, user: 'alice', password: MEMBERS.alice });
      await bob.link({ ...connection, user: 'bob', password: MEMBERS.bob });
      await axeCleanAtPanelWidths(alice.panel, 'Settings → Team, linked');
    });

    await test.step('each captures a page of their own, and both capture the same one', async () => {
      await alice.capture('stripe.html', 'Patrick Collison');
      // The panel follows the queue: what the capture added waits to be sent.
      await expect(alice.panel.getByTestId('team-queued')).toHaveText(/^[1-9]\d* changes? waiting to be sent\.$/);
      await bob.capture('rust.html', 'Tokio');
      await alice.capture('capture/twin-a.html', 'Quillfeather Labs');
      await bob.capture('capture/twin-a.html', 'Quillfeather Labs');
    });

    await test.step('after Sync now, each sees the other’s entities, marked "from <member>"', async () => {
      await alice.syncNow();
      // The background's own timer may have synced some of it already: the counts vary, the graphs may not.
      expect(await bob.syncNow()).toMatch(/^(Sent \d+ changes?|Nothing to send).*; received \d+ changes? from teammates\.$/);
      await alice.syncNow();
      expect(await alice.names()).toEqual(expect.arrayContaining(['Stripe', 'Patrick Collison', 'Rust', 'Mozilla', 'Tokio']));
      expect(await bob.names()).toEqual(expect.arrayContaining(['Rust', 'Tokio', 'Stripe', 'Patrick Collison']));
      expect((await alice.evidenceOf('Tokio')).join('\n')).toContain('· from bob');
      expect((await bob.evidenceOf('Patrick Collison')).join('\n')).toContain('· from alice');
      // Her own captures carry no mark.
      expect((await alice.evidenceOf('Patrick Collison')).join('\n')).not.toContain('· from ');
    });

    await test.step('the entity both captured exists once in each graph', async () => {
      for (const member of [alice, bob]) {
        const names = await member.names();
        expect(
          names.filter((n) => n === 'Quillfeather Labs' || n === 'Tomas Reyne'),
          member.member,
        ).toEqual(['Quillfeather Labs', 'Tomas Reyne']);
      }
    });

    await test.step('a merge alice makes reaches bob', async () => {
      await alice.merge('Patrick Collison', 'John Collison');
      await alice.syncNow();
      await bob.syncNow();
      expect(await bob.names()).not.toContain('John Collison');
      expect((await bob.entity('Patrick Collison')).aliases).toContain('John Collison');
    });

    await test.step('unlinking asks first and keeps the local graph', async () => {
      const before = await bob.names();
      const team = bob.panel.getByTestId('team-settings');
      await team.getByRole('button', { name: 'Unlink…' }).click();
      await expect(team.getByRole('group', { name: 'Confirm unlinking' })).toContainText('Its graph stays in this browser');
      await team.getByRole('button', { name: 'Unlink', exact: true }).click();
      await expect(team.getByTestId('team-status')).toHaveAttribute('data-linked', 'false');
      expect(await bob.names()).toEqual(before);
    });
    const shot = testInfo.outputPath('alice-team-settings.png');
    await alice.panel.getByTestId('team-settings').screenshot({ path: shot });
    await testInfo.attach('alice-team-settings', { path: shot, contentType: 'image/png' });
  } finally {
    await Promise.all(profiles.map((p) => p.close()));
    await site.close();
    await server.destroy();
  }
});
