import type { Api } from './flows';
import { plannedEvents, postTraffic, type ArmTraffic } from './results-traffic';

/** A campaign made by the API: one headline with two variants and a two-step funnel. */
export interface LampCampaign {
  id: number;
  elementId: number;
  variantIds: number[];
  goals: { first: number; conversion: number };
}

export async function createLampCampaign(
  api: Api,
  {
    team,
    name,
    minimumDetectableEffect,
  }: { team: string; name: string; minimumDetectableEffect?: number },
): Promise<LampCampaign> {
  const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
    name,
    ...(minimumDetectableEffect === undefined ? {} : { minimumDetectableEffect }),
    description: 'Results end-to-end',
    ingestedUrl: 'https://shop.example.com/landing',
    isEnabled: true,
    elements: [
      {
        id: -1,
        key: 'headline',
        selector: 'h1.hero',
        type: 'text',
        control: { info: { value: 'The desk lamp that follows your day' } },
        variants: [
          { id: -2, key: 'sun', type: 'text', info: { value: 'Light that moves with the sun' } },
          { id: -3, key: 'warm', type: 'text', info: { value: 'Warm light for long evenings' } },
        ],
      },
    ],
    goals: [
      {
        id: -4,
        isConversionGoal: false,
        event: {
          type: 2,
          name: 'Features',
          elements: [{ id: 'f', label: 'Features', selector: 'a.features' }],
        },
      },
      {
        id: -5,
        isConversionGoal: true,
        event: { type: 2, name: 'Buy', elements: [{ id: 'b', label: 'Buy', selector: '#buy' }] },
      },
    ],
  });
  const campaign = await api.call<{
    elements: { id: number; variants: { id: number }[] }[];
    goals: { id: number; isConversionGoal: boolean }[];
  }>('GET', `/team/${team}/campaign/by-id?id=${id}`);
  const [element] = campaign.elements;
  return {
    id,
    elementId: element!.id,
    variantIds: element!.variants.map((variant) => variant.id),
    goals: {
      first: campaign.goals.find((goal) => !goal.isConversionGoal)!.id,
      conversion: campaign.goals.find((goal) => goal.isConversionGoal)!.id,
    },
  };
}

/** Posts 20 hours of planned traffic for the campaign's arms (control first) to collect. */
export async function sendLampTraffic(
  baseUrl: string,
  campaign: LampCampaign,
  arms: (variantIds: number[]) => ArmTraffic[],
): Promise<void> {
  await postTraffic(
    baseUrl,
    plannedEvents({
      campaignId: campaign.id,
      elementId: campaign.elementId,
      goals: campaign.goals,
      arms: arms(campaign.variantIds),
      now: Date.now(),
      hours: 20,
    }),
  );
}
