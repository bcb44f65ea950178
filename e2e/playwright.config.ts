import { defineConfig } from '@playwright/test';

// Projects: `e2e` (the default run, part of `npm test`), and `load`, `faults`, `bench`
// (figures and long runs: `npm run bench:load`, `bench:faults`, `bench:e2e`). The latter
// are only declared when a project is asked for by name, so the default run skips them.
// The decision is made once in the main process and handed to workers through the env.
const askedForProject = process.argv.some((arg) => arg === '--project' || arg.startsWith('--project='));
if (askedForProject) process.env.ARIADNE_E2E_ALL_PROJECTS = '1';
const allProjects = process.env.ARIADNE_E2E_ALL_PROJECTS === '1';

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results',
  // One Chromium at a time: the machine is shared, and each test owns a browser profile.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    // Quick load and fault checks (`*.quick.spec.ts`) also run by default; their full runs do not.
    {
      name: 'e2e',
      testMatch: ['journeys/**/*.spec.ts', 'mcp.spec.ts', 'team-host.spec.ts', 'load/**/*.quick.spec.ts', 'faults/**/*.quick.spec.ts'],
    },
    ...(allProjects
      ? [
          { name: 'load', testDir: './load', timeout: 15 * 60_000 },
          { name: 'faults', testDir: './faults', timeout: 5 * 60_000 },
          { name: 'bench', testDir: './bench', timeout: 15 * 60_000 },
        ]
      : []),
  ],
});
