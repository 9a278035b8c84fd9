import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import type { Database } from '../src/db/schema';

/** Every row of these tables as one string: the same string before and after means nothing changed. */
export async function snapshotTables(db: Db, tables: readonly (keyof Database)[]): Promise<string> {
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await db.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts);
}

/**
 * Kysely's migration bookkeeping. Only `migrateToLatest` at start-up writes it, no request can
 * reach it, and it records the migrations run rather than anyone's data: it is the one thing
 * left out of a whole-database snapshot.
 */
export const MIGRATION_TABLES: readonly string[] = ['kysely_migration', 'kysely_migration_lock'];

/** The folders of DATA_DIR that requests write (see src/files): uploaded images and screenshots. */
export const DATA_FOLDERS: readonly string[] = ['uploads', 'screenshots'];

/**
 * Every table of the database's schema ('public' in tests), read from the catalogue, so a table a
 * migration adds is compared without anyone remembering to list it. Same query on PGlite and
 * PostgreSQL.
 */
export async function listTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.includes(name));
}

/**
 * Every row of every table, each table's rows in a stable order (by their JSON text, so a
 * rewrite that changes nothing, which moves a row on disk, does not count), in one statement.
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, unknown>> {
  const tables = await listTables(db);
  const columns = tables.map(
    (table) =>
      sql`(select coalesce(json_agg(row_to_json(t) order by row_to_json(t)::text), '[]'::json)
           from ${sql.table(table)} t) as ${sql.id(table)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(columns)}`.execute(db);
  return rows[0]!;
}

/** Each file of DATA_DIR's upload and screenshot folders, by name, as size and SHA-256. */
export async function snapshotFiles(dataDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const folder of DATA_FOLDERS) {
    const dir = path.join(dataDir, folder);
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names.sort()) {
      const data = await readFile(path.join(dir, name));
      files[`${folder}/${name}`] =
        `${data.length} ${createHash('sha256').update(data).digest('hex')}`;
    }
  }
  return files;
}

export interface StoredState {
  tables: Record<string, unknown>;
  files: Record<string, string>;
}

/**
 * The whole stored state a request could change: every table's rows and every stored file.
 * Equal before and after (`toEqual`, whose diff names the table or file) means nothing changed.
 */
export async function snapshotState({
  db,
  dataDir,
}: {
  db: Db;
  dataDir: string;
}): Promise<StoredState> {
  return { tables: await snapshotDatabase(db), files: await snapshotFiles(dataDir) };
}
