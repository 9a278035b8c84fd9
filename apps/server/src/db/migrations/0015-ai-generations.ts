import { sql, type Kysely } from 'kysely';

// One row per AI generation request (text or image) a team made (issue 13, plan allowances):
// the month's count is what the AI allowance is checked against, hence the index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_generations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    /** "text" or "image". */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ai_generations_team_created')
    .on('ai_generations')
    .columns(['team_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_generations').execute();
}
