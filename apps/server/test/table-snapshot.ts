import type { Db } from '../src/db/database';
import type { Database } from '../src/db/schema';

/** Every row of these tables as one string: the same string before and after means nothing changed. */
export async function snapshotTables(db: Db, tables: readonly (keyof Database)[]): Promise<string> {
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await db.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts);
}
