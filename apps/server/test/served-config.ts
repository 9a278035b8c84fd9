import type { FastifyInstance } from 'fastify';
import { setTimeout as pause } from 'node:timers/promises';

export interface ServedCampaign {
  id: number;
  elements: { selector: string; variants: { mutations: object[] }[] }[];
}

/**
 * A campaign as the team's tracker config serves it (GET /api/tracker/{team}/config.json).
 * After a write the config waits only 250 ms for its rebuild before answering the last good file
 * (served-files.ts), so a campaign just created is asked for again until it shows, up to 10 s.
 */
export async function servedCampaign(
  app: FastifyInstance,
  team: string,
  campaignId: number,
): Promise<ServedCampaign> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await app.inject({ method: 'GET', url: `/api/tracker/${team}/config.json` });
    const campaign = answer
      .json<{ campaigns: ServedCampaign[] }>()
      .campaigns.find((candidate) => candidate.id === campaignId);
    if (campaign) return campaign;
    if (Date.now() > deadline)
      throw new Error(`campaign ${campaignId} is not served: ${answer.body}`);
    await pause(100);
  }
}
