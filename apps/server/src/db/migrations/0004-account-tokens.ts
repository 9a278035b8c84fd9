import { sql, type Kysely } from 'kysely';

// Proof of receipt (issue 16): verified addresses, single-use links for address verification
// and password reset, and a secret link per invitation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('verify-email', 'reset-password')`),
    )
    /** The address the link was sent to: a verification proves this one, not a later one. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('account_tokens_user')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .alterTable('team_invites')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .execute();
  await db.schema.alterTable('team_invites').addColumn('expires_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('team_invites').dropColumn('expires_at').execute();
  await db.schema.alterTable('team_invites').dropColumn('token_hash').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
