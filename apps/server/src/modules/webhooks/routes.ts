import { webhookInputSchema, rowIdParam } from '@kindling/domain';
import { z } from 'zod';
import { requireOwner, requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { listWebhookDeliveries } from './list-deliveries';
import { listWebhooks } from './list-webhooks';
import { resendDelivery } from './resend-delivery';
import { sendTestEvent } from './send-test-event';
import { updateWebhook } from './update-webhook';

const tags = ['webhooks'];
const security = [{ bearer: [] }];
const webhookParams = teamParams.extend({ id: rowIdParam });
const deliveryParams = teamParams.extend({ deliveryId: z.uuid('Delivery not found') });
const updateBody = webhookInputSchema.extend({ enabled: z.boolean('enabled is true or false') });

/**
 * Outgoing webhooks and chat notifications (issue 33; docs/api.md "Webhooks"): members read
 * them and their delivery logs; owners add, change, remove, test and resend.
 */
export function webhookRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/webhooks',
    { schema: { tags, security, summary: "The team's webhooks", params: teamParams } },
    (request) => listWebhooks(services, { teamId: requireTeam(request).id }),
  );

  scope.post(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary:
          'Adds a webhook: its address, format (json, slack, teams, mattermost, discord), events and the visitors a verdict needs before it is announced. Answers its signing secret, this once. Owners only',
        params: teamParams,
        body: webhookInputSchema,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createWebhook(services, { teamId: requireOwner(request).id, input: request.body }),
        ),
  );

  scope.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a webhook, or switches it on or off. Owners only',
        params: webhookParams,
        body: updateBody,
      },
    },
    (request) => {
      const { enabled, ...webhook } = request.body;
      return updateWebhook(services, {
        teamId: requireOwner(request).id,
        id: request.params.id,
        webhook,
        enabled,
      });
    },
  );

  scope.delete(
    '/webhooks/:id',
    {
      schema: { tags, security, summary: 'Removes a webhook. Owners only', params: webhookParams },
    },
    async (request, reply) => {
      await deleteWebhook(services, { teamId: requireOwner(request).id, id: request.params.id });
      return reply.status(204).send();
    },
  );

  scope.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        summary: "The webhook's last 50 deliveries, newest first",
        params: webhookParams,
      },
    },
    (request) =>
      listWebhookDeliveries(services, { teamId: requireTeam(request).id, id: request.params.id }),
  );

  scope.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        security,
        summary: 'Queues a webhook.test event to this webhook. Owners only',
        params: webhookParams,
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await sendTestEvent(services, {
          teamId: requireOwner(request).id,
          id: request.params.id,
        }),
      ),
  );

  scope.post(
    '/webhooks/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Sends a delivery again, as a new run of attempts. Owners only',
        params: deliveryParams,
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await resendDelivery(services, {
          teamId: requireOwner(request).id,
          deliveryId: request.params.deliveryId,
        }),
      ),
  );
}
