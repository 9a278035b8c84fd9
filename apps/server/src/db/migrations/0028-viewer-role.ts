import { sql, type Kysely } from 'kysely';

// Issue 35: a Viewer role, who reads everything and changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['team_members', 'team_invites']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_role_check`)}`.execute(
      db,
    );
    await sql`
      alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_role_check`)}
        check (role in ('owner', 'member', 'viewer'))
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['team_members', 'team_invites']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_role_check`)}`.execute(
      db,
    );
    await sql`
      alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_role_check`)}
        check (role in ('owner', 'member'))
    `.execute(db);
  }
}
