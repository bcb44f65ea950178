/**
 * Page object for the side panel, opened as a tab at
 * `chrome-extension://<id>/sidepanel.html` (the same page Chromium shows docked).
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';

export class SidePanelPage {
  page: Page | undefined;

  constructor(
    private readonly context: BrowserContext,
    private readonly extensionId: string,
  ) {}

  get url(): string {
    return `chrome-extension://${this.extensionId}/sidepanel.html`;
  }

  async open(): Promise<Page> {
    this.page = await this.context.newPage();
    await this.page.goto(this.url);
    return this.page;
  }

  private get p(): Page {
    if (!this.page) throw new Error('Open the side panel first (sidePanel.open()).');
    return this.page;
  }

  entityRows(): Locator {
    return this.p.getByTestId('entity-row');
  }

  entityNames(): Locator {
    return this.entityRows().locator('.name');
  }

  /** Opens one of the panel's tabs by its visible name. */
  async openTab(name: 'Search' | 'Merge & review' | 'Ask' | 'Diagram' | 'Pages' | 'Data' | 'Settings'): Promise<void> {
    await this.p.getByRole('tab', { name, exact: false }).first().click();
  }

  /** Types a query; the search runs as you type (Enter would open the first hit). */
  async search(query: string): Promise<void> {
    await this.openTab('Search');
    await this.p.getByTestId('search-input').fill(query);
  }

  searchResultNames(): Locator {
    return this.p.getByTestId('search-result').locator('.name');
  }

  /** The diagram's SVG (open the Diagram tab first). */
  diagramSvg(): Locator {
    return this.p.getByTestId('diagram').locator('svg');
  }

  errors(): Locator {
    return this.p.getByRole('alert');
  }
}
