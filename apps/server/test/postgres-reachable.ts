import pg from 'pg';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === '1';

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Why the PostgreSQL test server cannot be used, or undefined when it can. Server suites
 * (databases.ts) and browser suites (e2e/support/postgres-server.ts) skip on it alike.
 */
export const postgresProblem = await postgresReachable();
if (postgresProblem && REQUIRE_POSTGRES) {
  throw new Error(
    `REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_DATABASE_URL} is not reachable: ${postgresProblem}`,
  );
}
if (postgresProblem) {
  console.warn(
    `\n[kindling] PostgreSQL at ${TEST_DATABASE_URL} is not reachable (${postgresProblem}).\n` +
      '[kindling] PostgreSQL suites are SKIPPED. Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail instead.\n',
  );
}
