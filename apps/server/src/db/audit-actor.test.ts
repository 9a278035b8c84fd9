import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '../../test/databases';
import { auditActors } from './audit-actor';
import type { Database } from './schema';

// The connection's `kindling.actor` is what the audit triggers record. It is set before a
// statement that may write, and only then: a plain select leaves the connection as it was.

describeEachDatabase('the audit actor of a connection', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.dispose());

  const as = <T>(actor: string, work: () => Promise<T>) =>
    auditActors.run({ actor: () => actor }, work);

  it('is set before a write or raw SQL, and not for a plain select', async () => {
    await database.handle.db.connection().execute(async (connection: Kysely<Database>) => {
      const db = connection.withTables<{ scratch: { id: number } }>();
      // A plain select reads the setting without setting it first.
      const setting = async () =>
        (
          await db
            .selectNoFrom(sql<string>`current_setting('kindling.actor', true)`.as('actor'))
            .executeTakeFirstOrThrow()
        ).actor;
      await as('{"type":"user","id":1}', () =>
        sql`create temporary table scratch (id int)`.execute(db),
      );
      expect(await setting()).toBe('{"type":"user","id":1}');

      // Another request that only reads leaves the first one's actor in place.
      await as('{"type":"user","id":2}', async () => {
        await db.selectFrom('teams').select('id').execute();
        expect(await setting()).toBe('{"type":"user","id":1}');
      });
      // Its write is its own.
      await as('{"type":"user","id":2}', () =>
        db.insertInto('scratch').values({ id: 1 }).execute(),
      );
      expect(await setting()).toBe('{"type":"user","id":2}');

      // A select whose WITH holds a write gets the actor; so does work outside any request.
      await as('{"type":"user","id":3}', () =>
        db
          .with('added', (w) => w.insertInto('scratch').values({ id: 2 }).returning('id'))
          .selectFrom('added')
          .selectAll()
          .execute(),
      );
      expect(await setting()).toBe('{"type":"user","id":3}');
      await db.deleteFrom('scratch').execute();
      expect(await setting()).toBe('');
    });
  });
});
