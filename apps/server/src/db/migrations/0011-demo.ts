import { sql, type Kysely } from 'kysely';

// Demo data and guest access (spec sections 9 and 1). A demo campaign holds generated
// statistics dated up to 1999-12-31 and is never served to the tracker nor takes events. The
// one guest account explores a read-only demo team without signing up; the partial unique
// index keeps it one, however many servers create it at once.
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_one_guest').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('is_guest').execute();
  await db.schema.alterTable('campaigns').dropColumn('is_demo').execute();
}
