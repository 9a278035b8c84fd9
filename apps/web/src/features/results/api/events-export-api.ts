import { api, teamApiPath } from '../../../lib/api-client';

export type EventsFormat = 'ndjson' | 'csv';

export const eventsFileName = (campaignId: number, format: EventsFormat) =>
  `campaign-${campaignId}-events.${format}`;

/** The campaign's raw events in the range, as a file (GET /campaign/events.{format}). */
export const fetchEventsFile = (
  team: string,
  campaignId: number,
  range: { start: string; end: string },
  format: EventsFormat,
): Promise<Blob> =>
  api.getFile(teamApiPath(team, `/campaign/events.${format}`, { id: campaignId, ...range }));
