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

/** The team's pages, oldest first, each with its number of sign-ups. */
export function listPages(db: Db, teamId: number): Promise<(PageRow & { signupCount: number })[]> {
  return db
    .selectFrom('pages')
    .selectAll('pages')
    .select((eb) =>
      eb
        .selectFrom('pageSignups')
        .select((count) => count.fn.countAll<number>().as('count'))
        .whereRef('pageSignups.pageId', '=', 'pages.id')
        .where('pageSignups.teamId', '=', teamId)
        .as('signupCount'),
    )
    .where('pages.teamId', '=', teamId)
    .orderBy('pages.id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, signupCount: Number(row.signupCount ?? 0) })));
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

/** One page of a page's sign-ups, newest first, and how many there are in all. */
export async function listSignupsPage(
  db: Db,
  {
    teamId,
    pageId,
    offset,
    limit,
  }: { teamId: number; pageId: number; offset: number; limit: number },
): Promise<{ rows: Pick<PageSignupRow, 'email' | 'createdAt'>[]; total: number }> {
  const signups = db
    .selectFrom('pageSignups')
    .where('teamId', '=', teamId)
    .where('pageId', '=', pageId);
  const [rows, total] = await Promise.all([
    signups
      .select(['email', 'createdAt'])
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    signups
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
  ]);
  return { rows, total };
}

/**
 * The collect keys of these pages, each looked up in its own team (published or not: a queued
 * event may arrive after an unpublish). Collect asks them of the events of campaigns on them.
 */
export async function findPageCollectKeys(
  db: Db,
  pages: readonly { teamId: number; slug: string }[],
): Promise<{ teamId: number; slug: string; collectKey: string }[]> {
  if (pages.length === 0) return [];
  return db
    .selectFrom('pages')
    .select(['teamId', 'slug', 'collectKey'])
    .where((eb) =>
      eb.or(
        pages.map((page) => eb.and([eb('teamId', '=', page.teamId), eb('slug', '=', page.slug)])),
      ),
    )
    .execute();
}
