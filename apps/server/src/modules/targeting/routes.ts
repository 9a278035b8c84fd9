import {
  campaignAudienceInputSchema,
  campaignAudienceSchema,
  campaignPageRulesInputSchema,
  campaignPageRulesSchema,
  pageRulesTestInputSchema,
  pageRulesTestSchema,
  testPageRules,
} from '@kindling/domain';
import { campaignIdQuery } from '../../http/row-id';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getCampaignAudience } from './get-audience';
import { getCampaignPageRules } from './get-page-rules';
import { setCampaignAudience } from './set-audience';
import { setCampaignPageRules } from './set-page-rules';

const tags = ['targeting'];
const security = [{ bearer: [] }];

/**
 * Where a campaign runs (issue 31): GET and PUT /api/team/{team}/campaign/pages, and
 * POST /campaign/pages/test, the editor's "does this address match?" tester.
 */
export function pageRulesRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/campaign/pages',
    {
      schema: {
        tags,
        security,
        summary: 'Where the campaign runs: the page it was edited on and its page rules',
        params: teamParams,
        querystring: campaignIdQuery,
        response: { 200: campaignPageRulesSchema },
      },
    },
    (request) =>
      getCampaignPageRules(services, {
        teamId: requireTeam(request).id,
        campaignId: request.query.campaignId,
      }),
  );
  scope.put(
    '/campaign/pages',
    {
      config: { access: 'write' },
      schema: {
        tags,
        security,
        summary:
          'Sets where the campaign runs: include and exclude rules (exact, starts with, wildcard, safe regular expression; each with an optional query parameter), or null for its page only',
        params: teamParams,
        body: campaignPageRulesInputSchema,
        response: { 200: campaignPageRulesSchema },
      },
    },
    (request) =>
      setCampaignPageRules(services, { teamId: requireTeam(request).id, input: request.body }),
  );
  scope.post(
    '/campaign/pages/test',
    {
      config: { access: 'read' },
      schema: {
        tags,
        security,
        summary: 'Whether a campaign with these page rules runs at an address, rule by rule',
        params: teamParams,
        body: pageRulesTestInputSchema,
        response: { 200: pageRulesTestSchema },
      },
    },
    (request) => {
      requireTeam(request);
      return testPageRules(request.body.rules, request.body.url);
    },
  );
}

/** Who sees a campaign (issue 31): GET and PUT /api/team/{team}/campaign/audience. */
export function audienceRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/campaign/audience',
    {
      schema: {
        tags,
        security,
        summary:
          'Who sees the campaign: its audience, or null for every visitor; and whether country conditions are available (GEO_HEADER)',
        params: teamParams,
        querystring: campaignIdQuery,
        response: { 200: campaignAudienceSchema },
      },
    },
    (request) =>
      getCampaignAudience(services, {
        teamId: requireTeam(request).id,
        campaignId: request.query.campaignId,
      }),
  );
  scope.put(
    '/campaign/audience',
    {
      config: { access: 'write' },
      schema: {
        tags,
        security,
        summary:
          'Sets who sees the campaign: conditions on the visitor (device, browser, system, new or returning, visits, UTM tags, referrer, query, cookie, language, attributes the site sets; country when the server has GEO_HEADER, else 400) combined with all or any; null for every visitor',
        params: teamParams,
        body: campaignAudienceInputSchema,
        response: { 200: campaignAudienceSchema },
      },
    },
    (request) =>
      setCampaignAudience(services, { teamId: requireTeam(request).id, input: request.body }),
  );
}
