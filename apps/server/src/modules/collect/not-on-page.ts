import { notOnThisPage, type CollectEvent } from '@kindling/domain';
import type { Db } from '../../db/database';
import { addNotOnPageViews } from '../campaigns/add-not-on-page-views';

/**
 * Takes out of a checked batch the exposures from pages where none of the campaign's elements
 * was found (issue 31, "not on this page"): nobody saw the test there, so they are stored as no
 * exposure and create no visitor; each is added to its campaign's counter instead, which the
 * delivery figures show. Like rollout views, the counter is not deduplicated by event id: a resent
 * batch counts twice, which a count of page views can bear.
 */
export async function countNotOnPage(
  db: Db,
  events: CollectEvent[],
): Promise<{ events: CollectEvent[]; notOnPage: number }> {
  const views = new Map<number, number>();
  const kept = events.filter((event) => {
    if (!notOnThisPage(event)) return true;
    views.set(event.campaignId, (views.get(event.campaignId) ?? 0) + 1);
    return false;
  });
  await addNotOnPageViews({ db }, { views });
  return {
    events: kept.length === events.length ? events : kept,
    notOnPage: events.length - kept.length,
  };
}
