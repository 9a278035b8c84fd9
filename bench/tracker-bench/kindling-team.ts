import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
import { callJson as call } from '../../apps/server/test/collect-load';
import type { TextChange } from './changes';

// Our side, through the real server: a team with one enabled campaign that changes the ten
// elements, and a visitor whom the public hash puts in the variant of every one of them.

export interface KindlingTeam {
  slug: string;
  /** The tag the app tells customers to paste into <head> (the default, synchronous one). */
  snippet: string;
  /** The async install (?mode=async): an inline bootstrap that never holds the page. */
  asyncSnippet: string;
  scriptUrl: string;
  configUrl: string;
  /** Pinned in the visitor's localStorage ("kindling.vid") so all ten variants are shown. */
  visitorId: string;
  /**
   * Gives the campaign an audience of three conditions (issue 31's budget case): the team is
   * then served the tracker with the targeting part.
   */
  addAudience(): Promise<void>;
}

/** Phones from the newsletter on their second visit or later: three conditions. */
const THREE_CONDITIONS = {
  match: 'all',
  conditions: [
    { attribute: 'deviceType', operator: 'is', value: 'phone' },
    { attribute: 'utmSource', operator: 'is', value: 'newsletter' },
    { attribute: 'visits', operator: 'atLeast', value: 2 },
  ],
};

const textElement = ({ selector, original, variant }: TextChange, index: number) => ({
  id: -(index + 1),
  key: `text-${index + 1}`,
  selector,
  type: 'text',
  control: { info: { value: original } },
  variants: [
    {
      id: -(index + 101),
      key: `text-${index + 1}-b`,
      type: 'text',
      isEnabled: true,
      info: { value: variant, styles: [] },
    },
  ],
});

/** Someone every element of every served campaign assigns to a variant, not the control. */
function visitorInEveryVariant(campaigns: BucketingCampaign[]): string {
  for (let i = 0; i < 1_000_000; i += 1) {
    const visitor = `bench-visitor-${i}`;
    const arms = assignCampaigns(visitor, campaigns);
    const all = campaigns.every((campaign) =>
      campaign.elements.every((element) => {
        const arm = arms.get(campaign.id)?.[element.id];
        return arm !== undefined && arm !== 'control';
      }),
    );
    if (all) return visitor;
  }
  throw new Error('no visitor is assigned every variant');
}

/** Signs up on the server at `baseUrl` and starts a campaign of `changes` on `pageUrl`. */
export async function createKindlingTeam(
  baseUrl: string,
  { pageUrl, changes }: { pageUrl: string; changes: readonly TextChange[] },
): Promise<KindlingTeam> {
  const email = `tracker-bench-${Date.now()}@example.com`;
  const password = 'bench-pass-1';
  await call(`${baseUrl}/api/user/register`, { email, password, realName: 'Bench' });
  const { accessToken } = await call<{ accessToken: string }>(`${baseUrl}/api/auth/sign-in`, {
    email,
    password,
  });
  const team = `${baseUrl}/api/teams`;
  const { slug } = await call<{ slug: string }>(team, { name: 'Lumen Lamps' }, accessToken);
  const { id } = await call<{ id: number }>(
    `${baseUrl}/api/team/${slug}/campaign/create`,
    {
      name: 'Ten texts',
      description: 'Tracker bench',
      ingestedUrl: pageUrl,
      isEnabled: true,
      trafficAllocation: 100,
      elements: changes.map(textElement),
      goals: [
        {
          id: -1000,
          isConversionGoal: true,
          event: {
            type: 2,
            name: 'Buy',
            elements: [{ id: 'buy', label: 'Buy', selector: '#buy' }],
          },
        },
      ],
    },
    accessToken,
  );
  const put = async (path: string, body: object) => {
    const response = await fetch(`${baseUrl}/api/team/${slug}/campaign/${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ campaignId: id, ...body }),
    });
    if (!response.ok) throw new Error(`PUT ${path}: ${response.status} ${await response.text()}`);
  };
  // GrowthBook measures no Web Vitals: the comparison is of what assigns and applies the changes,
  // so the vitals module (loaded after `load` on sampled page views) is off here.
  await put('vitals', { sampling: 'off', guardrails: [] });
  const snippet = (mode: string) =>
    call<{ html: string }>(
      `${baseUrl}/api/team/${slug}/tracker/snippet?mode=${mode}`,
      undefined,
      accessToken,
    );
  const { html } = await snippet('sync');
  const { html: asyncSnippet } = await snippet('async');
  const scriptUrl = /src="([^"]+)"/.exec(html)?.[1];
  if (!scriptUrl) throw new Error(`unexpected snippet: ${html}`);
  const configUrl = scriptUrl.replace(/\.js$/, '/config.json');
  const config = await call<{ campaigns: BucketingCampaign[] }>(configUrl);
  if (config.campaigns.length !== 1 || config.campaigns[0]!.elements.length !== changes.length) {
    throw new Error(`the served config is not one campaign of ${changes.length} elements`);
  }
  return {
    slug,
    snippet: html,
    asyncSnippet,
    scriptUrl,
    configUrl,
    visitorId: visitorInEveryVariant(config.campaigns),
    addAudience: () => put('audience', { audience: THREE_CONDITIONS }),
  };
}
