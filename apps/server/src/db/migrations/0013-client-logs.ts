import { sql, type Kysely } from 'kysely';

// Client log records the web app posts to POST /api/logs (spec sections 7-9, issue 13), kept
// CLIENT_LOG_RETENTION_DAYS: the hourly prune deletes by received_at, hence its index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb')
    /** The browser's clock when the record was made. */
    .addColumn('logged_at', 'timestamptz', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('user_locale', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('device_pixel_ratio', 'double precision', (c) => c.notNull())
    .addColumn('screen_width', 'integer', (c) => c.notNull())
    .addColumn('screen_height', 'integer', (c) => c.notNull())
    .addColumn('window_width', 'integer', (c) => c.notNull())
    .addColumn('window_height', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** The team in the page's address (/admin/{team}/...), as the browser said: not checked. */
    .addColumn('team_slug', 'text')
    .execute();
  await db.schema
    .createIndex('client_logs_received_at')
    .on('client_logs')
    .column('received_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_logs').execute();
}
