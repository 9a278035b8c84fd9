import { waitlistViewSchema, type WaitlistKey, type WaitlistView } from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';

// Spec section 7, GET /team/{team}/waitlist?{query}, and the join and leave writes.

/** ['waitlist', team] is the whole catalogue; ['waitlist', team, entry] one entry of it. */
export const waitlistKey = (team: string, entry?: WaitlistKey) =>
  entry === undefined ? (['waitlist', team] as const) : (['waitlist', team, entry] as const);

export function fetchWaitlist(team: string, entry?: WaitlistKey): Promise<WaitlistView> {
  return api.get(teamApiPath(team, '/waitlist', { entry }), { schema: waitlistViewSchema });
}

export function changeWaitlist(
  team: string,
  { entry, join }: { entry: WaitlistKey; join: boolean },
): Promise<WaitlistView> {
  return api.post(
    teamApiPath(team, join ? '/waitlist/join' : '/waitlist/leave'),
    { entry },
    {
      schema: waitlistViewSchema,
    },
  );
}
