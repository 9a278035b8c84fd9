import { sql, type Kysely } from 'kysely';

// The intro survey (spec sections 1 and 3): one row per team, written by whichever member
// answers it. "Not now" records dismissed_at with no answers, so the prompt stops; answering
// later (from the team settings) fills the row in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_surveys')
    .addColumn('team_id', 'integer', (c) =>
      c.primaryKey().references('teams.id').onDelete('cascade'),
    )
    .addColumn('company_name', 'text')
    .addColumn('marketing_spend', 'text')
    .addColumn('demographic', 'text')
    .addColumn('industry', 'text')
    .addColumn('referral', 'text')
    .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('dismissed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('team_surveys').execute();
}
