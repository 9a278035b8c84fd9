import type { FastifyInstance } from 'fastify';

export interface ServedCampaign {
  id: number;
  elements: { selector: string; variants: { mutations: object[] }[] }[];
}

/** A campaign as the team's tracker config serves it (GET /api/tracker/{team}/config.json). */
export async function servedCampaign(
  app: FastifyInstance,
  team: string,
  campaignId: number,
): Promise<ServedCampaign> {
  const answer = await app.inject({ method: 'GET', url: `/api/tracker/${team}/config.json` });
  const campaign = answer
    .json<{ campaigns: ServedCampaign[] }>()
    .campaigns.find((candidate) => candidate.id === campaignId);
  if (!campaign) throw new Error(`campaign ${campaignId} is not served: ${answer.body}`);
  return campaign;
}
