import { defineConfig } from '@playwright/test';

// Runs e2e/mcp.spec.ts alone: `npx playwright test -c e2e/mcp/playwright.config.ts`.
// The bench project (`--project=mcp-bench`) measures the bridge's round trip.
export default defineConfig({
  testDir: '..',
  outputDir: '../../test-results/mcp',
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  projects: [
    { name: 'mcp', testMatch: 'mcp.spec.ts' },
    { name: 'mcp-bench', testMatch: 'mcp/latency.bench.ts', timeout: 15 * 60_000 },
  ],
});
