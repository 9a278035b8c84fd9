import { defineConfig } from 'vitest/config';

/**
 * A stray `.only` would quietly skip every other test of its file, locally and in CI alike.
 * Set on each project: an inline project does not inherit the root's test options.
 */
const allowOnly = false;

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
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          allowOnly,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/cheap-password-hashes.ts'],
          // PGlite instances are memory-hungry; two forks keep 2 cores busy without thrashing.
          pool: 'forks',
          maxWorkers: 2,
          // Its own worker limit needs its own group; it runs after the unit project.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          allowOnly,
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
