import { configDefaults, defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * Three projects, told apart by file name so the split shows where a test sits and a
 * new test lands in the right one by being named for it (an explicit list in this file
 * would go stale unseen; src/test-projects.test.ts fails when a unit test starts a
 * process, a server or a database, reads the shared corpus, or reads the wall clock):
 * - unit (`*.test.ts`, `npm run test:unit`): pure and in-process, the default.
 * - integration (`*.integration.test.ts`, and every test under bench/, which reads
 *   ../shared/corpus and builds graphs from real pages; `npm run test:integration`):
 *   starts PostgreSQL, spawns native hosts or other processes, opens HTTP servers or
 *   sockets, or reads the shared corpus end to end.
 * - perf (`*.perf.test.ts`, `npm run test:perf`, not part of `npm test`): the point is a
 *   wall-clock bound, so it only means something on an idle machine.
 * Each project inherits the plugin, the setup file and the options below (`extends: true`).
 */
const ROOTS = ['src', 'tooling', 'entrypoints', 'scripts'];
const TESTS = ROOTS.flatMap((root) => [`${root}/**/*.test.ts`, `${root}/**/*.test.tsx`]);
const INTEGRATION = [...ROOTS.map((root) => `${root}/**/*.integration.test.{ts,tsx}`), 'bench/**/*.test.ts'];
const PERF = ROOTS.map((root) => `${root}/**/*.perf.test.{ts,tsx}`);

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    setupFiles: ['./src/test-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'unit', include: TESTS, exclude: [...configDefaults.exclude, ...INTEGRATION, ...PERF] } },
      { extends: true, test: { name: 'integration', include: INTEGRATION } },
      { extends: true, test: { name: 'perf', include: PERF } },
    ],
  },
});
