import { LANDING_PAGE_MESSAGES, PAGE_SIZE, totalPages } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { findPage, listSignupsPage } from './repo';

/** A page's sign-ups for its screen: 30 a page (spec section 2 paging), newest first. */
export async function getSignups(
  { db }: { db: Db },
  { team, id, page: requested }: { team: TeamAccess; id: number; page: number },
) {
  const landingPage = await findPage(db, team.id, id);
  if (!landingPage) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  const read = (page: number) =>
    listSignupsPage(db, {
      teamId: team.id,
      pageId: landingPage.id,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
  let page = requested;
  let { rows, total } = await read(page);
  // A page past the end shows the last page rather than nothing.
  if (page > totalPages(total, PAGE_SIZE)) {
    page = totalPages(total, PAGE_SIZE);
    ({ rows, total } = await read(page));
  }
  return {
    signups: rows.map((row) => ({
      email: row.email,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    page,
    pageSize: PAGE_SIZE,
    totalItems: total,
    totalPages: totalPages(total, PAGE_SIZE),
  };
}
