/**
 * `npm start`'s command line: the options and the usage text. Kept apart from the runners
 * so `--help` and a bad option answer without loading a browser driver (Playwright and
 * puppeteer take seconds to load on a busy machine).
 *
 * @example
 *   const options = parseOptions(['--headless', 'page.html']); // undefined for --help
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm start -- [--browser chromium|firefox] [--headless] [--profile <dir>] [--workspace <name>] [--out <graph.json>] [<url|file>…]

  --browser <name>  chromium (default) or firefox (Firefox ESR at /usr/bin/firefox-esr, or FIREFOX_PATH)
  --headless        run without a window: capture the given pages, print a summary, exit
  --profile <dir>   browser profile to use (default: ~/.ariadne/profile, ~/.ariadne/firefox-profile for Firefox)
  --workspace <name> capture into this workspace (created when no workspace has that name); with
                    --headless the workspace active before is made active again at the end, and --out
                    writes this workspace's graph. Without it, the active workspace is used
  --out <file>      with --headless: write the graph (entities, relationships, evidence, pages) as JSON
  --help            this text

Local files get the same address on every run (Chromium: http://files.localhost/<absolute path>),
so capturing a file again updates its page instead of adding another.`;

export interface Options {
  readonly browser: 'chromium' | 'firefox';
  readonly headless: boolean;
  readonly profile: string;
  readonly out?: string;
  readonly workspace?: string;
  readonly targets: readonly string[];
}

/** The options, or undefined when `--help` was asked for. Throws on an unknown option or value. */
export function parseOptions(argv: readonly string[]): Options | undefined {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      browser: { type: 'string', default: 'chromium' },
      headless: { type: 'boolean', default: false },
      profile: { type: 'string' },
      out: { type: 'string' },
      workspace: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return undefined;
  if (values.browser !== 'chromium' && values.browser !== 'firefox')
    throw new Error(`--browser must be chromium or firefox, not "${values.browser}".`);
  return {
    browser: values.browser,
    headless: values.headless,
    profile: resolve(values.profile ?? join(homedir(), '.ariadne', values.browser === 'firefox' ? 'firefox-profile' : 'profile')),
    ...(values.out === undefined ? {} : { out: resolve(values.out) }),
    ...(values.workspace === undefined ? {} : { workspace: values.workspace }),
    targets: positionals,
  };
}
