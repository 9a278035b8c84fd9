import { Readable } from 'node:stream';
import { auditAnswerSchema, auditQuerySchema } from '@kindling/domain';
import { dangerousDeleteAuditRowsBefore } from './repo';
import { pruneWhileRunning } from '../../db/retention';
import { requireOwner, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { auditCsv, getAuditLog } from './get-audit-log';

const tags = ['audit log'];
const security = [{ bearer: [] }];

/** The team's audit log (issue 33; docs/api.md "Audit log"): owners only. */
export function auditLogRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/audit-log',
    {
      schema: {
        tags,
        security,
        summary:
          "The team's changes, newest first, 50 a page: who, when, what (before and after); filtered by entity, actor, campaign and time",
        params: teamParams,
        querystring: auditQuerySchema,
        response: { 200: auditAnswerSchema },
      },
    },
    (request) => getAuditLog(services, { teamId: requireOwner(request).id, query: request.query }),
  );

  scope.get(
    '/audit-log.csv',
    {
      schema: {
        tags,
        security,
        summary: 'Every change matching the filters, newest first, streamed as CSV',
        params: teamParams,
        querystring: auditQuerySchema,
      },
    },
    (request, reply) => {
      const lines = auditCsv(services, { teamId: requireOwner(request).id, query: request.query });
      return reply
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(Readable.from(lines));
    },
  );
}

/** Deletes audit rows past AUDIT_RETENTION_DAYS every hour, where the job worker runs. */
export function auditLogPruning(app: AppInstance, services: AppServices): void {
  pruneWhileRunning(app, {
    what: 'the audit log',
    deleteBatch: (batch) => dangerousDeleteAuditRowsBefore(services.db, batch),
    retentionDays: services.config.AUDIT_RETENTION_DAYS,
  });
}
