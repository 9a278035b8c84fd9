import { sql, type Kysely } from 'kysely';

// Single sign-on with OpenID Connect (issue 33). `sso_logins`: each sign-on started here, by its
// state, with the nonce and PKCE verifier the answer must match and the hash of the cookie that
// binds it to the browser that started it; taken once. `sso_handoffs`: the one-time code (stored
// as its hash) the app exchanges for a session after the callback, in the same browser (the same
// cookie's hash).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('next', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('sso_handoffs')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_handoffs').execute();
  await db.schema.dropTable('sso_logins').execute();
}
