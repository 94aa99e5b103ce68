/** Where tests/test-database.ts leaves its closeIdleTestDatabases for tests/setup-vitest.ts. */
export const CLOSE_IDLE_TEST_DATABASES = Symbol.for("storefront.closeIdleTestDatabases");
