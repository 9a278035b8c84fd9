import {
  campaignPageRulesSchema,
  pageRulesTestSchema,
  type CampaignPageRules,
  type PageRules,
  type PageRulesTest,
} from '@kindling/domain';
import { api, request, teamApiPath } from '../../../lib/api-client';

export const pageRulesKey = (team: string, campaignId: number) =>
  ['campaign-page-rules', team, campaignId] as const;

/** Where the campaign runs: the page it was edited on and its page rules (or null). */
export function fetchPageRules(team: string, campaignId: number): Promise<CampaignPageRules> {
  return api.get(teamApiPath(team, '/campaign/pages', { campaignId }), {
    schema: campaignPageRulesSchema,
  });
}

export function savePageRules(
  team: string,
  campaignId: number,
  rules: PageRules | null,
): Promise<CampaignPageRules> {
  return request('PUT', teamApiPath(team, '/campaign/pages'), {
    body: { campaignId, rules },
    schema: campaignPageRulesSchema,
  });
}

/** The server's answer to "does this address match?" for rules not saved yet. */
export function testPageRules(team: string, rules: PageRules, url: string): Promise<PageRulesTest> {
  return request('POST', teamApiPath(team, '/campaign/pages/test'), {
    body: { rules, url },
    schema: pageRulesTestSchema,
  });
}
