import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import type { Api } from './flows';
import { shopUrlOf, SNIPPET_PLACEHOLDER } from './tracker-visit';

export const SHOP_HEADLINE = 'The desk lamp that follows your day';

export interface HeadlineShop {
  fixtures: FixtureServer;
  /** The shop's landing page, carrying the team's tracker tag. */
  pageUrl: string;
  campaignId: number;
}

/**
 * A shop page carrying the team's own tracker tag, and a running campaign on its headline with
 * these variants (key and text).
 */
export async function startHeadlineShop(
  api: Api,
  team: string,
  { description, variants }: { description: string; variants: { key: string; value: string }[] },
): Promise<HeadlineShop> {
  const { html } = await api.call<{ html: string }>('GET', `/team/${team}/tracker/snippet`);
  const fixtures = await startFixtureServer({ substitutions: { [SNIPPET_PLACEHOLDER]: html } });
  const pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
  const campaignId = await createHeadlineCampaign(api, team, {
    name: 'Lamp headline',
    description,
    ingestedUrl: pageUrl,
    isEnabled: true,
    variants,
  });
  return { fixtures, pageUrl, campaignId };
}

/** A campaign on a page's h1 with these variants (key and text); its id. */
export async function createHeadlineCampaign(
  api: Api,
  team: string,
  options: {
    name: string;
    description: string;
    ingestedUrl: string;
    /** Left out: the server's default (on only with a subscription). */
    isEnabled?: boolean;
    original?: string;
    variants: { key: string; value: string }[];
    /** The campaign's goals as the API takes them; none unless given. */
    goals?: object[];
  },
): Promise<number> {
  const { name, description, ingestedUrl, isEnabled, original = SHOP_HEADLINE, variants } = options;
  const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
    name,
    description,
    ingestedUrl,
    ...(isEnabled === undefined ? {} : { isEnabled }),
    elements: [
      {
        id: -1,
        key: 'headline',
        selector: 'h1',
        type: 'text',
        control: { info: { value: original } },
        variants: variants.map(({ key, value }, index) => ({
          id: -2 - index,
          key,
          type: 'text',
          isEnabled: true,
          info: { value, styles: [] },
        })),
      },
    ],
    goals: options.goals ?? [],
  });
  return id;
}

/**
 * A visitor id (`{prefix}-{n}`) the public hash puts in a variant of every element of the
 * campaign (or, with `arm: 'control'`, in the original of every one), from the team's tracker
 * config as served.
 */
export async function variantVisitor(
  baseUrl: string,
  team: string,
  campaignId: number,
  prefix: string,
  arm: 'variant' | 'control' = 'variant',
): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
    campaigns: BucketingCampaign[];
  };
  for (let i = 0; ; i += 1) {
    const arms = assignCampaigns(`${prefix}-${i}`, config.campaigns).get(campaignId);
    const wanted = (id: unknown) => (id === 'control') === (arm === 'control');
    if (arms && Object.values(arms).every(wanted)) return `${prefix}-${i}`;
  }
}
