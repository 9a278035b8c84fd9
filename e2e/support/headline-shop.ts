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
    goals: [],
  });
  return id;
}
