import { sql, type Kysely } from 'kysely';

// Refresh-token families (issue 16): the hashes a session's refresh token had before its
// latest rotation, so presenting one again is recognised as reuse and ends the session.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retired_refresh_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('retired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('retired_refresh_tokens_session')
    .on('retired_refresh_tokens')
    .columns(['session_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retired_refresh_tokens').execute();
}
