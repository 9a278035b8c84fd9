import type { Campaign, ScheduleInput } from '@kindling/domain';
import { request, teamApiPath } from '../../../lib/api-client';

/**
 * Sets when the server's worker starts and stops the campaign: instants (ISO 8601), null for
 * none. Answers the campaign with its schedule's state, written in the team's zone.
 */
export function saveSchedule(team: string, id: number, schedule: ScheduleInput): Promise<Campaign> {
  return request('PUT', teamApiPath(team, '/campaign/schedule', { id }), { body: schedule });
}
