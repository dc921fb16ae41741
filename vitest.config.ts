import { defineConfig } from 'vitest/config';

// One runner, three projects: pure domain, server API (fastify.inject on a fresh database), web units.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One migrated database image per run, copied by each file (test/database-image.ts).
          globalSetup: ['test/database-image.ts'],
          testTimeout: 30_000,
          // A file's set-up copies the migrated image and may seed the demo (a few seconds on a
          // quiet machine, four times that on a loaded one): the margin is for a busy CI machine.
          hookTimeout: 120_000,
          // Each file gets its own database; PGlite is heavy, so keep parallelism to the 2 cores.
          maxWorkers: 2,
          // A worker keeps the modules it loaded from one file to the next: the server's modules were
          // loaded again for each of the ~85 files (import time 358 s of a CI run, 28 s without).
          // Each file still gets its own app and database (createTestApp); nothing else is shared.
          isolate: false,
          // Counts SQL statements so a test can prove includes load in batches, never per row;
          // checks the engine's statement rendering against Drizzle's on every read (db/render.ts).
          env: { ATELIER_COUNT_QUERIES: '1', ATELIER_CHECK_RENDER: '1' },
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/i18n-setup.ts'],
          // The server's API contract, which the mocked API's fixtures are checked against (testing/mockApi.tsx).
          globalSetup: ['../server/test/web-contract.ts'],
          passWithNoTests: true,
        },
      },
    ],
  },
});
