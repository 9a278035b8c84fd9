import type { CollectEvent } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TrackingShape } from '../campaigns/get-tracking-shapes';
import { addRolloutViews } from '../campaigns/add-rollout-views';

/**
 * Takes the events of ended tests out of a checked batch (issue 35). Their exposures are views of
 * the rollout the tracker now serves, added to the campaign's counter (one statement per
 * campaign); their goals and revenue are dropped: an ended test's results stay as they were when
 * it ended. The counter is not deduplicated by event id: a resent batch counts twice, which a
 * count of page views can bear (docs/decisions.md, "Ending a test").
 */
export async function countRolloutViews(
  db: Db,
  events: CollectEvent[],
  shapes: ReadonlyMap<number, TrackingShape>,
): Promise<{ events: CollectEvent[]; rolloutViews: number }> {
  const views = new Map<number, number>();
  const kept: CollectEvent[] = [];
  for (const event of events) {
    if (!shapes.get(event.campaignId)?.ended) kept.push(event);
    else if (event.type === 'exposure') {
      views.set(event.campaignId, (views.get(event.campaignId) ?? 0) + 1);
    }
  }
  await addRolloutViews({ db }, { views });
  let rolloutViews = 0;
  for (const count of views.values()) rolloutViews += count;
  return { events: kept.length === events.length ? events : kept, rolloutViews };
}
