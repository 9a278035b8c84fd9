import { sql, type Kysely } from 'kysely';

// Campaign schedules (issue 31; docs/decisions.md, "Schedules"):
// - start_at / stop_at: when the job worker switches the campaign on / off (null: never);
// - schedule_started_at / schedule_stopped_at: when a worker claimed that change. The claim is the
//   update that finds it still null, so of several processes one switches and one tells the team;
//   changing a time through the API clears its claim;
// - schedule_start_refusal: why the scheduled start was refused (the plan's running cap, say), kept
//   so the campaign page shows it until the schedule is changed;
// - teams.time_zone: the zone the app shows and edits schedule times in (an IANA name).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('start_at', 'timestamptz')
    .addColumn('stop_at', 'timestamptz')
    .addColumn('schedule_started_at', 'timestamptz')
    .addColumn('schedule_stopped_at', 'timestamptz')
    .addColumn('schedule_start_refusal', 'text')
    .execute();
  // The worker's sweep reads only campaigns with a change still to make.
  await db.schema
    .createIndex('campaigns_schedule_start_due')
    .on('campaigns')
    .column('start_at')
    .where(sql.ref('schedule_started_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('campaigns_schedule_stop_due')
    .on('campaigns')
    .column('stop_at')
    .where(sql.ref('schedule_stopped_at'), 'is', null)
    .execute();
  await db.schema
    .alterTable('teams')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('time_zone').execute();
  await db.schema.dropIndex('campaigns_schedule_stop_due').ifExists().execute();
  await db.schema.dropIndex('campaigns_schedule_start_due').ifExists().execute();
  await db.schema
    .alterTable('campaigns')
    .dropColumn('schedule_start_refusal')
    .dropColumn('schedule_stopped_at')
    .dropColumn('schedule_started_at')
    .dropColumn('stop_at')
    .dropColumn('start_at')
    .execute();
}
