import { PAGE_SIZE, subscriptionSchema, subscriptionState, totalPages } from '@kindling/domain';
import type { Db } from '../../db/database';
import { dangerousListTeams } from './repo';
import type { InstanceAdmin } from './require-instance-admin';

/** Every team of the installation, 30 a page (spec section 2 paging), by name. */
export async function listInstanceTeams(
  { db }: { db: Db },
  input: { admin: InstanceAdmin; search: string; page: number; nowMs?: number },
) {
  const nowMs = input.nowMs ?? Date.now();
  const read = (page: number) =>
    dangerousListTeams(db, {
      search: input.search,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    });
  let page = input.page;
  let { rows, total } = await read(page);
  // A page past the end (the list shrank) shows the last page rather than nothing.
  const pages = totalPages(total, PAGE_SIZE);
  if (page > pages) {
    page = pages;
    ({ rows, total } = await read(page));
  }
  return {
    teams: rows.map((row) => {
      const subscription = subscriptionSchema.safeParse(row.subscription);
      return {
        slug: row.slug,
        name: row.name,
        memberCount: Number(row.memberCount),
        featureFlags: row.featureFlags,
        subscription: subscription.success ? subscription.data : null,
        subscriptionState: subscriptionState(
          subscription.success ? subscription.data : null,
          nowMs,
        ),
        createdAt: new Date(row.createdAt).toISOString(),
      };
    }),
    page,
    pageSize: PAGE_SIZE,
    totalItems: total,
    totalPages: totalPages(total, PAGE_SIZE),
  };
}
