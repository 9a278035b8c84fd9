import { sql, type Kysely } from 'kysely';

// Issue 34: client logs are bounded by their total size (CLIENT_LOG_MAX_TOTAL_BYTES) as well as
// by age. Each record's size is a generated column: its text and data plus a fixed 100 bytes
// for the numbers, times and row overhead. The total is the one row of client_log_usage, kept
// by statement triggers, so every insert and delete (the store's eviction, the retention prune,
// one by hand) keeps it exact without a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table client_logs add column size_bytes integer not null generated always as (
      100 + octet_length(level) + octet_length(category) + octet_length(message)
        + coalesce(octet_length(data::text), 0) + octet_length(url) + octet_length(user_locale)
        + octet_length(user_agent) + coalesce(octet_length(team_slug), 0)
    ) stored`.execute(db);
  await sql`
    create table client_log_usage (
      id boolean primary key default true check (id),
      bytes bigint not null
    )`.execute(db);
  await sql`
    insert into client_log_usage (bytes) select coalesce(sum(size_bytes), 0) from client_logs
  `.execute(db);
  await sql`
    create function client_log_usage_added() returns trigger language plpgsql as $$
    begin
      update client_log_usage set bytes = bytes + (select coalesce(sum(size_bytes), 0) from added);
      return null;
    end $$`.execute(db);
  await sql`
    create function client_log_usage_removed() returns trigger language plpgsql as $$
    begin
      update client_log_usage set bytes = bytes - (select coalesce(sum(size_bytes), 0) from removed);
      return null;
    end $$`.execute(db);
  await sql`
    create function client_log_usage_emptied() returns trigger language plpgsql as $$
    begin
      update client_log_usage set bytes = 0;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger client_log_usage_added after insert on client_logs
    referencing new table as added for each statement
    execute function client_log_usage_added()`.execute(db);
  await sql`
    create trigger client_log_usage_removed after delete on client_logs
    referencing old table as removed for each statement
    execute function client_log_usage_removed()`.execute(db);
  await sql`
    create trigger client_log_usage_emptied after truncate on client_logs
    for each statement execute function client_log_usage_emptied()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger client_log_usage_emptied on client_logs`.execute(db);
  await sql`drop trigger client_log_usage_removed on client_logs`.execute(db);
  await sql`drop trigger client_log_usage_added on client_logs`.execute(db);
  await sql`drop function client_log_usage_emptied()`.execute(db);
  await sql`drop function client_log_usage_removed()`.execute(db);
  await sql`drop function client_log_usage_added()`.execute(db);
  await db.schema.dropTable('client_log_usage').execute();
  await sql`alter table client_logs drop column size_bytes`.execute(db);
}
