import { Readable } from 'node:stream';
import { eventExportRangeSchema } from '@kindling/domain';
import { idQuery } from '../../http/row-id';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { exportEvents, type EventFormat } from './export-events';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const exportQuery = idQuery.and(eventExportRangeSchema);
const TYPES: Record<EventFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** A campaign's raw events as files (issue 33; docs/api.md "Event export"). */
export function eventExportRoutes(scope: AppInstance, services: AppServices): void {
  for (const format of ['ndjson', 'csv'] as const) {
    scope.get(
      `/campaign/events.${format}`,
      {
        config: { access: 'read' },
        schema: {
          tags,
          security,
          summary: `The campaign's exposures, goals and revenue events in [start, end) (ISO instants, both optional), oldest first, streamed as ${format === 'csv' ? 'CSV' : 'NDJSON'}`,
          params: teamParams,
          querystring: exportQuery,
        },
      },
      async (request, reply) => {
        const { id, start, end } = request.query;
        const { filename, lines } = await exportEvents(services, {
          teamId: requireTeam(request).id,
          id,
          start,
          end,
          format,
        });
        return reply
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .type(TYPES[format])
          .send(Readable.from(lines));
      },
    );
  }
}
