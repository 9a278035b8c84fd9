import pg from 'pg';
import { TEST_DATABASE_URL } from './postgres-reachable';

/**
 * Ends every session of `database` as a PostgreSQL shutdown does (FATAL 57P01, "administrator
 * command" to the client); answers how many there were.
 */
export async function terminateSessions(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: number }>(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    );
    return rows[0]!.ended;
  } finally {
    await admin.end();
  }
}
