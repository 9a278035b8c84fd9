import { sql, type Kysely } from 'kysely';

// CSS and code per variant (issue 32): every change of a variant's stylesheet or script, with who
// made it and when, written in the transaction that changes the variant. Kept when the variant or
// the person is deleted later (no foreign keys to them): it is the record of what ran on the
// team's pages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('variant_code_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('variant_id', 'integer')
    .addColumn('variant_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('user_id', 'integer')
    .addColumn('user_email', 'text')
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('variant_code_changes_campaign')
    .on('variant_code_changes')
    .columns(['team_id', 'campaign_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('variant_code_changes').execute();
}
