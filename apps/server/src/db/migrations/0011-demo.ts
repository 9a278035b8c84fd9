import { sql, type Kysely } from 'kysely';

// Demo data and guest access (spec sections 9 and 1). A demo campaign holds generated
// statistics dated up to 1999-12-31 and is never served to the tracker nor takes events. The
// one guest account explores a read-only demo team without signing up. Partial unique indexes
// keep one guest account and one demo per team, however many servers create them at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('is_guest', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index users_one_guest on users (is_guest) where is_guest`.execute(db);
  await sql`create unique index campaigns_one_demo_per_team on campaigns (team_id) where is_demo`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('campaigns_one_demo_per_team').ifExists().execute();
  await db.schema.dropIndex('users_one_guest').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('is_guest').execute();
  await db.schema.alterTable('campaigns').dropColumn('is_demo').execute();
}
