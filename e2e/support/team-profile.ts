/**
 * One team member's browser for the team journey: a throwaway profile with the native
 * host installed for it (both roles, as `npm run --silent mcp -- install` does; see
 * e2e/mcp/rig.ts), Chromium with the built extension, the side panel open in a tab at
 * 320 px, and the steps a member takes: link in Settings → Team, capture a page of the
 * local site, "Sync now", and reads of the graph through the background's tools.
 *
 * @example
 *   const alice = await TeamProfile.open('alice', site);
 *   await alice.link({ host, port, database, user: 'alice', password, teamWorkspace: 'acme' });
 *   await alice.capture('stripe.html');
 *   await alice.syncNow();
 */
import { expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { launchWithExtension } from '../../src/cli/launch';
import { createRig, extensionDir } from '../mcp/rig';
import type { BridgeRig } from '../mcp/rig';
import { CaptureRig } from './capture';
import type { Site } from './fixtures';
import { openTab } from './panel-journey';

export interface TeamLinkForm {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
  readonly password: string;
  readonly teamWorkspace: string;
}

/** What `entity_list` answers (only what is read here). */
interface EntityList {
  readonly entities: readonly { readonly id: string; readonly name: string }[];
}

/** What `entity_get` answers (only what is read here). */
interface EntityGet {
  readonly entity: { readonly name: string; readonly aliases: readonly string[] };
}

export class TeamProfile {
  private constructor(
    readonly member: string,
    private readonly rig: BridgeRig,
    readonly context: BrowserContext,
    readonly panel: Page,
    private readonly ext: CaptureRig,
    private readonly site: Site,
  ) {}

  static async open(member: string, site: Site): Promise<TeamProfile> {
    const rig = await createRig();
    const { context, extensionId } = await launchWithExtension({
      profileDir: rig.profileDir,
      headless: true,
      extensionDir,
      allowOrigins: [site.origin],
    });
    const panel = await context.newPage();
    await panel.setViewportSize({ width: 320, height: 900 });
    await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
    return new TeamProfile(member, rig, context, panel, new CaptureRig(context, extensionId), site);
  }

  /** Fills Settings → Team for the active workspace and presses "Link"; waits for the linked status. */
  async link(form: TeamLinkForm): Promise<void> {
    await this.submitLink(form);
    const status = this.panel.getByTestId('team-settings').getByTestId('team-status');
    await expect(status, `${this.member} is linked`).toHaveAttribute('data-linked', 'true', { timeout: 20_000 });
  }

  /** Fills Settings → Team and presses "Link", and waits for the answer (shown by the form, or the status). */
  async submitLink(form: TeamLinkForm): Promise<void> {
    await openTab(this.panel, 'Settings');
    const team = this.panel.getByTestId('team-settings');
    await expect(team.getByTestId('team-status')).toBeVisible({ timeout: 20_000 });
    await team.getByLabel('Host', { exact: true }).fill(form.host);
    await team.getByLabel('Port', { exact: true }).fill(String(form.port));
    await team.getByLabel('Database', { exact: true }).fill(form.database);
    await team.getByLabel(/^User/).fill(form.user);
    await team.getByLabel('Password', { exact: true }).fill(form.password);
    await team.getByLabel('Team workspace id', { exact: true }).fill(form.teamWorkspace);
    await team.getByRole('button', { name: 'Link' }).click();
    await expect(team.getByTestId('team-message')).toBeVisible({ timeout: 20_000 });
  }

  /** Visits a page of the site in a tab of this profile and waits until its entities are in the graph. */
  async capture(path: string, expectName: string): Promise<void> {
    const tab = await this.context.newPage();
    await tab.goto(this.site.url(path));
    await expect(tab.locator('html[data-ariadne-captured]')).toHaveCount(1);
    await tab.close();
    await expect.poll(() => this.names(), { timeout: 20_000, message: `${this.member} ingested ${path}` }).toContain(expectName);
  }

  /** Presses "Sync now" (after the waiting count shows the local changes), and waits for its outcome. */
  async syncNow(): Promise<string> {
    await openTab(this.panel, 'Settings');
    const team = this.panel.getByTestId('team-settings');
    await team.getByRole('button', { name: 'Sync now' }).click();
    // The click clears the previous outcome; the next one is this sync's.
    const outcome = team.getByTestId('team-message');
    await expect(outcome, `${this.member}'s sync finished`).toBeVisible({ timeout: 30_000 });
    await expect(outcome, `${this.member}'s sync worked`).toHaveAttribute('role', 'status');
    await expect(team.getByTestId('team-queued')).toHaveText('Nothing waiting to be sent.');
    return (await outcome.textContent()) ?? '';
  }

  /** Every entity name of the active workspace's graph, as often as each occurs. */
  async names(): Promise<string[]> {
    const out = await this.ext.tool<EntityList>('entity_list', { limit: 500 });
    return out.entities.map((e) => e.name).sort();
  }

  async entity(name: string): Promise<EntityGet['entity']> {
    return (await this.ext.tool<EntityGet>('entity_get', { name })).entity;
  }

  /** Merges `remove` into `keep` through the background, as the panel's merge box does. */
  async merge(keep: string, remove: string): Promise<void> {
    await this.ext.tool('entity_merge', { name_a: keep, name_b: remove });
  }

  /** Opens an entity's page from Search and returns its evidence rows' text. */
  async evidenceOf(name: string): Promise<string[]> {
    await openTab(this.panel, 'Search');
    await this.panel.getByTestId('search-input').fill(name);
    await expect(this.panel.getByTestId('search-result').first()).toContainText(name);
    await this.panel.getByTestId('search-input').press('Enter');
    await expect(this.panel.getByTestId('entity-name')).toHaveText(name);
    // The entity's own evidence ("Where it was read"), not its relationships' (folded under each relationship).
    const rows = this.panel.getByRole('region', { name: 'Where it was read' }).getByTestId('evidence').locator('li');
    await expect(rows.first()).toBeVisible();
    const texts = await rows.allTextContents();
    await this.panel.getByRole('button', { name: '← Back' }).click();
    return texts;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await this.rig.cleanup();
  }
}
