import { sql, type Kysely } from 'kysely';

// The audit log (issue 33): every change of a team's campaigns, elements, variants, goals, page
// rules, audiences, metrics, Web Vitals settings, schedules (campaign columns), pages, members,
// invitations, API keys, webhooks, settings and billing, written by a row trigger in the statement's own transaction, so that a
// failed write leaves no row and no change, whoever makes it, goes unrecorded. Who made it is the
// connection's `kindling.actor` setting, which the server sets before its statements
// (db/audit-actor.ts); none is the system (a job, a schedule, auto-stop, Stripe).

/**
 * table -> [where its team is ('team_id', 'id' for teams, 'campaign' through campaign_id),
 * columns left out: counters the tracker moves on every page view, timestamps that move with
 * every save, and secrets].
 */
const AUDITED: Record<string, [string, ...string[]]> = {
  campaigns: ['team_id', 'updated_at', 'rollout_views', 'not_on_page_views', 'rollout_reminded_at'],
  campaign_elements: ['team_id'],
  variants: ['team_id'],
  goals: ['team_id'],
  campaign_page_rules: ['campaign', 'updated_at'],
  campaign_audiences: ['campaign', 'updated_at'],
  campaign_metrics: ['campaign'],
  campaign_vitals_settings: ['campaign', 'updated_at'],
  pages: ['team_id', 'updated_at'],
  teams: ['id'],
  team_members: ['team_id'],
  team_invites: ['team_id', 'token_hash'],
  team_api_keys: ['team_id', 'key_hash', 'last_used_at'],
  webhook_endpoints: ['team_id', 'secret', 'failed_deliveries'],
  team_billing: ['team_id', 'updated_at', 'last_event_created'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // No foreign key: rows outlive what they describe, and a deleted team's rows are never
    // written (the trigger skips a team that is gone).
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_label', 'text')
    .addColumn('request_id', 'text')
    .addColumn('route', 'text')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('campaign_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema
    .createIndex('audit_log_team')
    .on('audit_log')
    .columns(['team_id', 'id desc'])
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();

  await sql`
    create function kindling_audit() returns trigger language plpgsql as $audit$
    declare
      before_row jsonb;
      after_row jsonb;
      row_data jsonb;
      team integer;
      campaign integer;
      actor jsonb := nullif(current_setting('kindling.actor', true), '')::jsonb;
      kind text := coalesce(actor->>'type', 'system');
      label text;
    begin
      if tg_op <> 'INSERT' then before_row := to_jsonb(old); end if;
      if tg_op <> 'DELETE' then after_row := to_jsonb(new); end if;
      for i in 1 .. tg_nargs - 1 loop
        before_row := before_row - tg_argv[i];
        after_row := after_row - tg_argv[i];
      end loop;
      if tg_op = 'UPDATE' and before_row = after_row then return null; end if;
      row_data := coalesce(after_row, before_row);
      if tg_argv[0] = 'id' then
        team := (row_data->>'id')::integer;
      elsif tg_argv[0] = 'campaign' then
        campaign := (row_data->>'campaign_id')::integer;
        select c.team_id into team from campaigns c where c.id = campaign;
      else
        team := (row_data->>'team_id')::integer;
      end if;
      if team is null or not exists (select 1 from teams t where t.id = team) then
        return null;
      end if;
      if tg_table_name = 'campaigns' then
        campaign := (row_data->>'id')::integer;
      elsif tg_table_name = 'variants' then
        select e.campaign_id into campaign from campaign_elements e
          where e.id = (row_data->>'element_id')::integer;
      elsif campaign is null then
        campaign := (row_data->>'campaign_id')::integer;
      end if;
      if kind = 'user' then
        select u.email into label from users u where u.id = (actor->>'id')::integer;
      elsif kind = 'api_key' then
        select k.name into label from team_api_keys k where k.id = (actor->>'id')::integer;
      end if;
      insert into audit_log (team_id, actor_type, actor_id, actor_label, request_id, route,
        entity, entity_id, campaign_id, action, before, after)
      values (team, kind, (actor->>'id')::integer, label, actor->>'request', actor->>'route',
        tg_table_name,
        coalesce(row_data->>'id', row_data->>'user_id', row_data->>'campaign_id',
          row_data->>'team_id'),
        campaign, lower(tg_op), before_row, after_row);
      return null;
    end
    $audit$
  `.execute(db);
  for (const [table, args] of Object.entries(AUDITED)) {
    const list = args.map((arg) => `'${arg}'`).join(', ');
    await sql
      .raw(
        `create trigger ${table}_audit after insert or update or delete on ${table} ` +
          `for each row execute function kindling_audit(${list})`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(AUDITED)) {
    await sql.raw(`drop trigger if exists ${table}_audit on ${table}`).execute(db);
  }
  await sql`drop function if exists kindling_audit()`.execute(db);
  await db.schema.dropTable('audit_log').execute();
}
