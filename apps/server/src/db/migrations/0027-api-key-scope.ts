import { sql, type Kysely } from 'kysely';

// Issue 35, API keys that read: each key has a scope, 'read' or 'write' (which reads too).
// Keys made before could only follow real-time jobs; they become read keys.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('team_api_keys')
    .addColumn('scope', 'text', (c) =>
      c
        .notNull()
        .defaultTo('read')
        .check(sql`scope in ('read', 'write')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('team_api_keys').dropColumn('scope').execute();
}
