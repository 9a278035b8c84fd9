import { sql, type Kysely } from 'kysely';

// Identity across devices (issue 31; packages/domain/src/identity.ts): per team, the hash of a
// signed-in person's id (SHA-256, made in the visitor's browser) and the first visitor id it was
// linked to, which every device of that person takes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitor_identities')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('identity', 'text', (c) => c.notNull().check(sql`identity ~ '^[0-9a-f]{64}$'`))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('visitor_identities_pk', ['team_id', 'identity'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visitor_identities').execute();
}
