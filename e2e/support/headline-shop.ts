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
  const { id: campaignId } = await api.call<{ id: number }>(
    'POST',
    `/team/${team}/campaign/create`,
    {
      name: 'Lamp headline',
      description,
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [
        {
          id: -1,
          key: 'headline',
          selector: 'h1',
          type: 'text',
          control: { info: { value: SHOP_HEADLINE } },
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
    },
  );
  return { fixtures, pageUrl, campaignId };
}
