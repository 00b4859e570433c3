import { configDefaults, defineConfig } from "vitest/config";

// Projects: pure unit tests, server route tests on embedded PGlite and on PostgreSQL
// (TEST_DATABASE_URL, set by scripts/test.mjs), and browser tests in Debian Chromium.
const serverTests = ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"];
// Tests of PostgreSQL-only behaviour (named prepared statements): the PostgreSQL project only.
const postgresOnlyTests = ["apps/server/test/db-prepared-statements.test.ts"];

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/sportsbook/src/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        test: {
          name: "server-pglite",
          include: serverTests,
          exclude: [...configDefaults.exclude, ...postgresOnlyTests],
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server-pg",
          include: serverTests,
          env: { TEST_DB: "pg" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
