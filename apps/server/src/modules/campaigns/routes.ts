import { campaignSchemasFor, rowId, variantSchema } from '@kindling/domain';
import { z } from 'zod';
import { teamParams, requireTeam } from '../../http/team-scope';
import { codeEditorOf } from '../variant-code/code-editor';
import { idQuery } from '../../http/row-id';
import type { AppInstance, AppServices } from '../../http/types';
import { addVariants } from './add-variants';
import { assertCampaignOpen } from './assert-campaign-open';
import { createCampaign } from './create-campaign';
import { deleteVariant } from './delete-variant';
import { deleteCampaign } from './delete-campaign';
import { campaignEndRoutes } from './end-routes';
import { campaignImageRoutes } from './image-routes';
import { campaignMetricRoutes } from './metric-routes';
import { scheduleRoutes } from '../schedules/routes';
import { eventExportRoutes } from '../event-export/routes';
import { getCampaign, getCampaigns, listTeamCampaigns } from './get-campaigns';
import { saveCampaign } from './save-campaign';
import { setCampaignEnabled } from './set-campaign-enabled';
import { updateVariantEnabled } from './update-variant-enabled';
import { configuredPagesOrigin } from '../pages/page-origin';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ADD_VARIANTS_MESSAGES = {
  none: 'Add at least one variant.',
} as const;

const addVariantsBody = z.object({
  campaignId: rowId,
  elementId: rowId,
  // The new-variant limit is the domain's rule, asked in addVariants.
  variants: z.array(variantSchema).min(1, ADD_VARIANTS_MESSAGES.none),
});

export function campaignRoutes(scope: AppInstance, services: AppServices): void {
  const base = '/campaign';
  // The app's own published pages are campaign URLs too, wherever the app runs (issue 18).
  const bodies = campaignSchemasFor(configuredPagesOrigin(services.config));
  // draftId: the draft it was built in (issue 35), discarded with the campaign's creation.
  const createBody = bodies.input.extend({
    isEnabled: z.boolean().optional(),
    draftId: rowId.optional(),
  });

  campaignEndRoutes(scope, services);
  campaignImageRoutes(scope, services);
  campaignMetricRoutes(scope, services);
  // Start at / stop at (issue 31): its own module, with the worker's check.
  scheduleRoutes(scope, services);
  // Raw events as NDJSON and CSV (issue 33): its own module.
  eventExportRoutes(scope, services);

  scope.get(`${base}/by-team`, { schema: { tags, security, params: teamParams } }, (request) =>
    listTeamCampaigns(services, { teamId: requireTeam(request).id }),
  );

  scope.get(`${base}/all`, { schema: { tags, security, params: teamParams } }, (request) =>
    getCampaigns(services, { teamId: requireTeam(request).id }),
  );

  scope.get(
    `${base}/by-id`,
    { schema: { tags, security, params: teamParams, querystring: idQuery } },
    (request) => getCampaign(services, { teamId: requireTeam(request).id, id: request.query.id }),
  );

  scope.post(
    `${base}/create`,
    { schema: { tags, security, params: teamParams, body: createBody } },
    async (request, reply) => {
      const { draftId, ...campaign } = request.body;
      const created = await createCampaign(services, {
        teamId: requireTeam(request).id,
        campaign,
        editor: codeEditorOf(request, services.config.ALLOW_VARIANT_CODE),
        ...(draftId === undefined ? {} : { draftId }),
      });
      return reply.status(201).send(created);
    },
  );

  scope.post(
    `${base}/save`,
    {
      schema: { tags, security, params: teamParams, body: bodies.save },
      // An ended test is read-only (issue 35): refused before the save reads anything.
      preHandler: (request) =>
        assertCampaignOpen(services.db, requireTeam(request).id, request.body.id),
    },
    (request) =>
      saveCampaign(services, {
        teamId: requireTeam(request).id,
        campaign: request.body,
        editor: codeEditorOf(request, services.config.ALLOW_VARIANT_CODE),
      }),
  );

  scope.get(
    `${base}/update-enabled`,
    {
      // A GET (spec section 7) that changes something: guests may not.
      config: { access: 'write' },
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: idQuery.extend({ isEnabled: booleanString }),
      },
    },
    (request) =>
      setCampaignEnabled(services, { teamId: requireTeam(request).id, ...request.query }),
  );

  scope.delete(
    `${base}/delete`,
    { schema: { tags, security, params: teamParams, querystring: idQuery } },
    async (request, reply) => {
      await deleteCampaign(services, { teamId: requireTeam(request).id, id: request.query.id });
      return reply.status(204).send();
    },
  );

  scope.post(
    `${base}/add-variants`,
    {
      schema: {
        tags,
        security,
        summary: "Appends variants to a saved element; answers all of the element's variants",
        params: teamParams,
        body: addVariantsBody,
      },
    },
    (request) =>
      addVariants(services, {
        teamId: requireTeam(request).id,
        ...request.body,
        editor: codeEditorOf(request, services.config.ALLOW_VARIANT_CODE),
      }),
  );

  scope.get(
    `${base}/update-variant-enabled`,
    {
      // A GET (spec section 7) that changes something: guests may not.
      config: { access: 'write' },
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: idQuery.extend({ isEnabled: booleanString }),
      },
    },
    (request) =>
      updateVariantEnabled(services, { teamId: requireTeam(request).id, ...request.query }),
  );

  scope.get(
    `${base}/delete-variant`,
    {
      // A GET (spec section 7) that changes something: guests may not.
      config: { access: 'write' },
      schema: { tags, security, params: teamParams, querystring: idQuery },
    },
    async (request, reply) => {
      await deleteVariant(services, {
        teamId: requireTeam(request).id,
        id: request.query.id,
        editor: codeEditorOf(request, services.config.ALLOW_VARIANT_CODE),
      });
      return reply.status(204).send();
    },
  );
}
