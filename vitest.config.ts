import { configDefaults, defineConfig } from 'vitest/config';

/**
 * A stray `.only` would quietly skip every other test of its file, locally and in CI alike.
 * Set on each project: an inline project does not inherit the root's test options.
 */
const allowOnly = false;

/** Server files that unmock a module the setup file mocks: they need modules of their own. */
const ISOLATED_SERVER_TESTS = ['apps/server/src/modules/auth/auth.test.ts'];

const server = {
  include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
  environment: 'node',
  allowOnly,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['apps/server/test/global-setup.ts'],
  setupFiles: ['apps/server/test/cheap-password-hashes.ts'],
  // Three forks on 2 cores: the process tests spend minutes waiting (a cache's max-age, a
  // killed worker's replacement, a restart), and a third fork runs files in those waits. PGlite
  // instances are memory-hungry; three fit in the machine's memory with room to spare.
  pool: 'forks',
  maxWorkers: 3,
  // Its own worker limit needs its own group; it runs after the unit project.
  sequence: { groupOrder: 1 },
} as const;

/**
 * Browser tests that assert on times a page takes (LCP per arm, an async tag's cost, the
 * tracker under a crowd): run one at a time, after the rest, as they ran before e2e went two at
 * a time (web-vitals' 300 ms LCP gap failed once beside another file).
 */
const TIMED_E2E_TESTS = [
  'e2e/web-vitals.test.ts',
  'e2e/tracker-async.test.ts',
  'e2e/tracker-traffic.test.ts',
];

const e2e = {
  include: ['e2e/**/*.test.ts'],
  environment: 'node',
  allowOnly,
  globalSetup: ['e2e/support/global-setup.ts'],
  setupFiles: ['e2e/support/report-failures.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          environment: 'node',
          allowOnly,
        },
      },
      {
        test: {
          name: 'server',
          ...server,
          exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_TESTS],
          // Files share each fork's modules: importing the app's graph again for each of 165
          // files took 513 s of a 1,039 s run (docs/decisions.md, "Server tests share modules").
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          ...server,
          include: ISOLATED_SERVER_TESTS,
        },
      },
      {
        test: {
          name: 'e2e',
          ...e2e,
          exclude: [...configDefaults.exclude, ...TIMED_E2E_TESTS],
          // Two files at a time against the one server: each signs up its own people and
          // teams, and a file spends much of its time waiting on the page (docs/decisions.md,
          // "Server tests share modules").
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e-timed',
          ...e2e,
          include: TIMED_E2E_TESTS,
          // Alone, after the others: these compare times a page takes.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
