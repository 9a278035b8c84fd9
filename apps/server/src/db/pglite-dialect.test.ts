import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

const db = new Kysely<{ t: { id: number } }>({ dialect: new PGliteDialect(new PGlite()) });
afterAll(() => db.destroy());

const ids = async () =>
  (await db.selectFrom('t').select('id').orderBy('id').execute()).map((row) => row.id);

describe('the PGlite dialect on kysely 0.28', () => {
  it('commits, rolls back a failed transaction, and keeps other queries out of an open one', async () => {
    await sql`create table t (id int primary key)`.execute(db);
    await db.transaction().execute((trx) => trx.insertInto('t').values({ id: 1 }).execute());
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 2 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids()).toEqual([1]);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const open = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 3 }).execute();
      await held;
      await trx.deleteFrom('t').where('id', '=', 3).execute();
    });
    // Queued behind the transaction: it neither sees row 3 nor runs inside it.
    const outside = ids();
    release();
    await open;
    expect(await outside).toEqual([1]);
  });

  it("refuses a duplicate key with PostgreSQL's error and stays usable", async () => {
    await expect(
      db.transaction().execute((trx) => trx.insertInto('t').values({ id: 1 }).execute()),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([1]);
  });
});
