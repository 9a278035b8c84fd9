import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PagesTable, PageSignupsTable } from '../../db/schema';

export type PageRow = Selectable<PagesTable>;
export type PageSignupRow = Selectable<PageSignupsTable>;

export interface PageFields {
  slug: string;
  templateId: number;
  content: unknown;
  indexable: boolean;
}

export function insertPage(
  db: Db,
  page: PageFields & { teamId: number; createdBy: number },
): Promise<PageRow> {
  return db
    .insertInto('pages')
    .values({ ...page, content: JSON.stringify(page.content) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listPages(db: Db, teamId: number): Promise<PageRow[]> {
  return db.selectFrom('pages').selectAll().where('teamId', '=', teamId).orderBy('id').execute();
}

export function findPage(db: Db, teamId: number, id: number): Promise<PageRow | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPublishedPageBySlug(
  db: Db,
  teamId: number,
  slug: string,
): Promise<PageRow | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('slug', '=', slug)
    .where('publishedAt', 'is not', null)
    .executeTakeFirst();
}

export function updatePageRow(
  db: Db,
  { teamId, id, page }: { teamId: number; id: number; page: PageFields },
): Promise<PageRow | undefined> {
  return db
    .updateTable('pages')
    .set({ ...page, content: JSON.stringify(page.content), updatedAt: sql<Date>`now()` })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Publishes (keeping the first publication time) or unpublishes. */
export function setPagePublished(
  db: Db,
  { teamId, id, published }: { teamId: number; id: number; published: boolean },
): Promise<PageRow | undefined> {
  return db
    .updateTable('pages')
    .set({
      publishedAt: published ? sql<Date>`coalesce(published_at, now())` : null,
      updatedAt: sql<Date>`now()`,
    })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Sign-ups go with the page (on delete cascade). */
export async function deletePageRow(db: Db, teamId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('pages')
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** True when stored; false when the page already had this address (any case). */
export async function insertSignup(
  db: Db,
  signup: { teamId: number; pageId: number; email: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('pageSignups')
    .values(signup)
    .onConflict((conflict) => conflict.expression(sql`page_id, lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function listSignups(
  db: Db,
  { teamId, pageId }: { teamId: number; pageId: number },
): Promise<Pick<PageSignupRow, 'email' | 'createdAt'>[]> {
  return db
    .selectFrom('pageSignups')
    .select(['email', 'createdAt'])
    .where('teamId', '=', teamId)
    .where('pageId', '=', pageId)
    .orderBy('id')
    .execute();
}
