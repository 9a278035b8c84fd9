import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '../../test/databases';
import { postgresPoolOf } from './database';
import { inlined, inStatementTransaction } from './statement-transaction';

describeEachDatabase('inStatementTransaction', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const notes = async () =>
    (await sql<{ id: number; note: string }>`select id, note from probe order by id`.execute(db()))
      .rows;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await sql`create table probe (id integer primary key, note text not null)`.execute(db());
  });
  afterAll(() => database.dispose());

  it(`takes the ${kind === 'postgres' ? "pool's own client" : 'Kysely transaction'}`, () => {
    expect(postgresPoolOf(db()) !== undefined).toBe(kind === 'postgres');
  });

  it('answers each statement its rows, sees its own writes and commits them together', async () => {
    const answers = await inStatementTransaction(db(), async (statements) => {
      const first = await statements.rows<{ id: number }>(
        sql`insert into probe values (1, ${"it's"}) returning id`,
      );
      const middle = await statements.rows<{ n: number }>(
        sql`select count(*)::integer as n from probe where id = ${1}`,
      );
      await statements.last(sql`insert into probe values (${2}, ${'back\\slash'})`);
      return { first, middle };
    });
    expect(answers).toEqual({ first: [{ id: 1 }], middle: [{ n: 1 }] });
    expect(await notes()).toEqual([
      { id: 1, note: "it's" },
      { id: 2, note: 'back\\slash' },
    ]);
  });

  it('keeps nothing of a transaction whose last statement fails, and goes on working', async () => {
    const failing = inStatementTransaction(db(), async (statements) => {
      await statements.rows(sql`insert into probe values (3, 'kept?') returning id`);
      await statements.last(sql`insert into probe values (1, 'duplicate')`);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect((await notes()).map((row) => row.id)).toEqual([1, 2]);
    await inStatementTransaction(db(), (statements) =>
      statements.last(sql`insert into probe values (4, 'alone')`),
    );
    expect((await notes()).map((row) => row.id)).toEqual([1, 2, 4]);
  });

  it('keeps nothing when the work throws after a statement, and commits without a last one', async () => {
    const failing = inStatementTransaction(db(), async (statements) => {
      await statements.rows(sql`insert into probe values (5, 'kept?') returning id`);
      throw new Error('work failed');
    });
    await expect(failing).rejects.toThrow('work failed');
    await inStatementTransaction(db(), async (statements) => {
      await statements.rows(sql`insert into probe values (6, 'first') returning id`);
      await statements.rows(sql`insert into probe values (7, 'second') returning id`);
    });
    expect((await notes()).map((row) => row.id)).toEqual([1, 2, 4, 6, 7]);
  });

  it('writes any text and number in as a literal that reads back the same', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(
            fc.string({ unit: 'binary' }),
            // What a literal must survive, often: quotes, backslashes, placeholders, comments.
            fc
              .array(fc.constantFrom("'", '\\', '"', '$1', '--', '/*', 'é', '😀', 'a', ' '))
              .map((parts) => parts.join('')),
          )
          .filter((text) => !text.includes('\0')),
        fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        async (text, number) => {
          // `-${number}`: a negative number written in must not turn `--` into a comment.
          const query = sql<{ text: string; number: number }>`
            select ${text}::text as text, 0::float8 -${number} as number`.compile(db());
          const { rows } = await sql
            .raw<{ text: string; number: number }>(inlined(query))
            .execute(db());
          expect(rows[0]!.text).toBe(text);
          expect(rows[0]!.number).toBe(0 - number);
        },
      ),
      { numRuns: 200 },
    );
  });
});
